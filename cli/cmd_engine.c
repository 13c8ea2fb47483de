/*
 * cmd_engine.c -- the commands that play by the rules: "tablero
 * validate", "tablero perft" and "tablero random".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* ===== validate ===== */

static void S_print_turn(void *ctx, const tb_turn_report *t)
{
	(void)ctx;
	printf("%u%s %s  {%s}%s%s\n", t->number, t->side == 1 ? "..." : ".", t->token, t->position,
	       *t->events ? "  " : "", t->events);
}

int cmd_validate(int argc, char **argv)
{
	int positions = 0, strict = 0, summary = 0, i = 1;
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (strcmp(argv[i], "--positions") == 0)
			positions = 1;
		else if (strcmp(argv[i], "--strict") == 0)
			strict = 1;
		else if (strcmp(argv[i], "--summary") == 0)
			summary = 1;
		else if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		} else {
			cli_error("validate", "unknown option '%s' (see tablero validate --help)", argv[i]);
			return EXIT_TROUBLE;
		}
	}
	static char dashname[] = "-";
	char *dash[] = {dashname};
	char **files = i < argc ? argv + i : dash;
	int nfiles = i < argc ? argc - i : 1, rc = EXIT_CLEAN;
	for (int k = 0; k < nfiles; k++) {
		FILE *f = cli_open(files[k]);
		if (!f) {
			rc = EXIT_TROUBLE;
			continue;
		}
		const char *name = strcmp(files[k], "-") ? files[k] : "<stdin>";
		tb_reader *r = tb_reader_new_file(f, name);
		tb_record *rec;
		int got;
		size_t nrec = 0, bad = 0;
		while ((got = tb_reader_next(r, &rec)) == 1) {
			nrec++;
			if (positions)
				printf("# %s:%u\n", name, tb_record_line(rec));
			tb_reader_validate(r, rec, positions ? S_print_turn : NULL, NULL);
			bad += cli_print_diags(r, strict);
			tb_record_free(rec);
		}
		bad += cli_print_diags(r, strict);
		if (got < 0)
			rc = EXIT_TROUBLE;
		else if (bad && rc == EXIT_CLEAN)
			rc = EXIT_PROBLEMS;
		if (summary)
			printf("%s: %zu record%s, %zu error%s, %zu warning%s\n", files[k], nrec,
			       nrec == 1 ? "" : "s", tb_reader_nerrors(r),
			       tb_reader_nerrors(r) == 1 ? "" : "s", tb_reader_nwarnings(r),
			       tb_reader_nwarnings(r) == 1 ? "" : "s");
		tb_reader_free(r);
		cli_close(f);
	}
	return rc;
}

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

static tb_engine *S_engine(const char *cmd, const S_eopts *o)
{
	const tb_game *g = tb_game_find(o->game ? o->game : "pitarra");
	if (!g) {
		cli_error(cmd, "unknown game '%s'; tablero knows pitarra, asalto and ocencahuac",
		          o->game);
		return NULL;
	}
	char *why = NULL;
	tb_engine *e = tb_engine_new(g, o->rules, o->position, &why);
	if (!e) {
		cli_error(cmd, "%s", why ? why : "out of memory");
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
		printf("\ntotal %llu\n", total);
	} else {
		printf("%llu\n", tb_engine_perft(e, (int)o.depth));
	}
	tb_engine_free(e);
	return EXIT_CLEAN;
}

int cmd_random(int argc, char **argv)
{
	S_eopts o = {.seed = 1, .count = 1, .turns = 400};
	if (S_engine_args("random", argc, argv, &o))
		return EXIT_TROUBLE;
	tb_engine *e = S_engine("random", &o);
	if (!e)
		return EXIT_TROUBLE;
	for (long k = 0; k < o.count; k++) {
		size_t len;
		char *s = tb_engine_random_game(e, (unsigned long long)o.seed + (unsigned long long)k,
		                                (unsigned)o.turns, &len);
		if (!s) {
			cli_error("random", "could not write a game");
			tb_engine_free(e);
			return EXIT_TROUBLE;
		}
		if (k)
			fputc('\n', stdout);
		fwrite(s, 1, len, stdout);
		free(s);
	}
	tb_engine_free(e);
	return fflush(stdout) == 0 ? EXIT_CLEAN : EXIT_TROUBLE;
}
