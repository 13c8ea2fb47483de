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

static int S_number(const char *cmd, const char *opt, const char *v, long lo, long hi, long *out)
{
	char *end;
	errno = 0;
	long x = v ? strtol(v, &end, 10) : 0;
	if (!v || !*v || *end || errno || x < lo || x > hi) {
		cli_error(cmd, "%s takes a number from %ld to %ld", opt, lo, hi);
		return -1;
	}
	*out = x;
	return 0;
}

static int S_engine_args(const char *cmd, int argc, char **argv, S_eopts *o)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		int takes = 1;
		if (strcmp(a, "--game") == 0 && v)
			o->game = v;
		else if (strcmp(a, "--rules") == 0 && v)
			o->rules = v;
		else if (strcmp(a, "--position") == 0 && v)
			o->position = v;
		else if (strcmp(a, "--depth") == 0) {
			if (S_number(cmd, a, v, 0, 12, &o->depth))
				return -1;
		} else if (strcmp(a, "--seed") == 0) {
			if (S_number(cmd, a, v, 0, 2147483647L, &o->seed))
				return -1;
		} else if (strcmp(a, "-n") == 0) {
			if (S_number(cmd, a, v, 1, 100000000L, &o->count))
				return -1;
		} else if (strcmp(a, "--turns") == 0) {
			if (S_number(cmd, a, v, 1, 100000L, &o->turns))
				return -1;
		} else if (strcmp(a, "--divide") == 0) {
			o->divide = 1;
			takes = 0;
		} else {
			cli_error(cmd, "unknown option or missing value '%s' (see tablero %s --help)", a,
			          cmd);
			return -1;
		}
		i += takes;
	}
	return 0;
}

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
	if (S_engine_args("perft", argc, argv, &o))
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
	if (S_engine_args("random", argc, argv, &o))
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
