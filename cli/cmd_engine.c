/*
 * cmd_engine.c -- the commands that play by the rules without a record:
 * "tablero perft" and "tablero random".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* ===== perft and random share their options ===== */

typedef struct S_eopts {
	const char *game, *rules, *position;
	long depth, seed, count, turns;
	int divide;
} S_eopts;

/* --depth, --seed, -n, --turns: a number from the entry's tag's
 * bounds (S_bounds), into the long at its offset. */
static const long S_bounds[][2] = {{0, 12}, {0, 2147483647L}, {1, 100000000L}, {1, 100000L}};

static int S_number(void *opts, const cli_optarg *a)
{
	(void)opts;
	long lo = S_bounds[a->opt->tag][0], hi = S_bounds[a->opt->tag][1];
	const char *v = a->value;
	char *end;
	errno = 0;
	long x = v ? strtol(v, &end, 10) : 0;
	if (!v || !*v || *end || errno || x < lo || x > hi) {
		cli_error(a->cmd, "%s takes a number from %ld to %ld", a->arg, lo, hi);
		return -1;
	}
	*(long *)a->field = x;
	return 0;
}


#define S_NUMBER(s, l, field, which, flags) \
	CLI_CALL_AT(s, l, "N", S_eopts, field, S_number, which, CLI_OPT_OWN_MISSING | (flags), \
	            NULL, NULL)
#define S_HIDDEN CLI_OPT_UNDOCUMENTED

/* perft and random accept each other's options (and ignore them), as
 * they always have; their usage says what each does: no lines of
 * their own. */
static const cli_opt S_perft_opts[] = {
	CLI_STRING(0, "game", "G", S_eopts, game, NULL),
	CLI_STRING(0, "rules", "R", S_eopts, rules, NULL),
	CLI_STRING(0, "position", "P", S_eopts, position, NULL),
	S_NUMBER(0, "depth", depth, 0, 0),
	CLI_FLAG(0, "divide", S_eopts, divide, NULL),
	S_NUMBER(0, "seed", seed, 1, S_HIDDEN),
	S_NUMBER('n', NULL, count, 2, S_HIDDEN),
	S_NUMBER(0, "turns", turns, 3, S_HIDDEN),
	CLI_END
};

static const cli_opt S_random_opts[] = {
	CLI_STRING(0, "game", "G", S_eopts, game, NULL),
	CLI_STRING(0, "rules", "R", S_eopts, rules, NULL),
	CLI_STRING(0, "position", "P", S_eopts, position, NULL),
	S_NUMBER(0, "seed", seed, 1, 0),
	S_NUMBER('n', NULL, count, 2, 0),
	S_NUMBER(0, "turns", turns, 3, 0),
	S_NUMBER(0, "depth", depth, 0, S_HIDDEN),
	{0, "divide", NULL, CLI_OPT_SET_FLAG, offsetof(S_eopts, divide), NULL, 0, S_HIDDEN, NULL,
	 NULL},
	CLI_END
};

#define S_UNKNOWN "unknown option or missing value '%s' (see tablero %s --help)"

const cli_optab cli_perft_options = {
	"perft",
	"usage: tablero perft [--game G] [--rules R] [--position P] [--depth N] [--divide]\n"
	"\n"
	"Counts the distinct sequences of N complete turns (default 3) from\n"
	"position P (position notation; default the start) of game G (default\n"
	"the first 'tablero --help' names) under rule options R (\"movement=slide; flying=at3\"). A turn\n"
	"that forms a tercia counts once per piece it may take. --divide\n"
	"prints each first turn with its count.\n"
	"\n",
	S_perft_opts, 0,
	"Exit: 0 counted, 2 could not run.\n",
	CLI_OPTS_MIXED, NULL, S_UNKNOWN, S_UNKNOWN, NULL
};

const cli_optab cli_random_options = {
	"random",
	"usage: tablero random [--game G] [--rules R] [--position P] [--seed S] [-n N]\n"
	"                      [--turns T]\n"
	"\n"
	"Writes N (default 1) random legal games of game G (default the first\n"
	"'tablero --help' names) under rule options R from position P as canonical TGN, each with its\n"
	"result. Game k uses seed S+k (default S=1): the same seed gives the\n"
	"same bytes. A game still going after T turns (default 3000) stops\n"
	"there, with the result the rules give as it stands and a comment\n"
	"saying so.\n"
	"\n",
	S_random_opts, 0,
	"Exit: 0 written, 2 could not run.\n",
	CLI_OPTS_MIXED, NULL, S_UNKNOWN, S_UNKNOWN, NULL
};

/* The games tablero knows, in their order (tb_game_at), as "a, b and c",
 * into 'out' (n bytes). */
static void S_game_names(char *out, size_t n)
{
	size_t count = 0, len = 0;
	while (tb_game_at(count))
		count++;
	out[0] = '\0';
	for (size_t i = 0; i < count && len < n; i++) {
		int k = snprintf(out + len, n - len, "%s%s", i == 0 ? "" : i + 1 == count ? " and " : ", ",
		                 tb_game_name(tb_game_at(i)));
		len += k > 0 ? (size_t)k : 0;
	}
}

static tb_engine *S_engine(const char *cmd, const S_eopts *o)
{
	/* no --game: the first game (tb_game_at) */
	const tb_game *g = o->game ? tb_game_find(o->game) : tb_game_at(0);
	if (!g) {
		char hint[64], names[256];
		S_game_names(names, sizeof names);
		cli_error(cmd, "unknown game '%s' (tablero knows %s)%s", o->game, names,
		          cli_game_hint(o->game, hint, sizeof hint));
		return NULL;
	}
	char *why = NULL;
	tb_engine *e = tb_engine_new(g, o->rules, o->position, &why);
	if (!e && !why)
		cli_oom();
	if (!e) {
		cli_error(cmd, "%s", why);
		free(why);
	}
	return e;
}

/* Prints one root turn and its count, and adds it to the total. */
static void S_print_divide(void *ctx, const char *token, unsigned long long n)
{
	*(unsigned long long *)ctx += n;
	printf("%s %llu\n", token, n);
}

int cmd_perft(int argc, char **argv)
{
	S_eopts o = {.depth = 3};
	if (cli_options_parse(&cli_perft_options, argc, argv, &o) < 0)
		return EXIT_TROUBLE;
	tb_engine *e = S_engine("perft", &o);
	if (!e)
		return EXIT_TROUBLE;
	if (tb_engine_incomplete(e)) {
		cli_error("perft", "%s; give the whole position with --position",
		          tb_engine_incomplete(e));
		tb_engine_free(e);
		return EXIT_TROUBLE;
	}
	if (o.divide) {
		unsigned long long total = 0;
		tb_engine_divide(e, (int)o.depth, S_print_divide, &total);
		if (tb_engine_status(e) == TB_ENOMEM)
			cli_oom();
		printf("\ntotal %llu\n", total);
	} else {
		unsigned long long n = tb_engine_perft(e, (int)o.depth);
		if (tb_engine_status(e) == TB_ENOMEM)
			cli_oom();
		printf("%llu\n", n);
	}
	tb_engine_free(e);
	return EXIT_CLEAN;
}

int cmd_random(int argc, char **argv)
{
	S_eopts o = {.seed = 1, .count = 1, .turns = 3000};
	if (cli_options_parse(&cli_random_options, argc, argv, &o) < 0)
		return EXIT_TROUBLE;
	tb_engine *e = S_engine("random", &o);
	if (!e)
		return EXIT_TROUBLE;
	for (long k = 0; k < o.count; k++) {
		size_t len;
		char *s = tb_engine_random_game(e, (unsigned long long)o.seed + (unsigned long long)k,
		                                (unsigned)o.turns, &len);
		if (!s) /* the library's own game always writes */
			cli_oom();
		if (k)
			fputc('\n', stdout);
		fwrite(s, 1, len, stdout);
		free(s);
	}
	tb_engine_free(e);
	return fflush(stdout) == 0 ? EXIT_CLEAN : EXIT_TROUBLE;
}
