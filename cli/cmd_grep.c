/*
 * cmd_grep.c -- "tablero grep": the games of a collection that match
 * patterns (PCRE2) over their tags, comments and movetext, and events
 * the rules derive (spec/compare.md, "tablero grep"). The arguments and
 * the files are read here; the selectors, and the budget of steps that
 * bounds the search of each game whatever the pattern, are the
 * library's (lib/grep.c, tb_grep), said on standard error by search.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "search.h"

/* A selector as given on the command line. */
typedef struct S_given {
	cli_sel_kind kind;
	const char *label, *value;
} S_given;

typedef struct S_grep {
	cli_search *search;
	int icase, invert, count, list;
	uint64_t max_steps;
	int trouble;
	int jobs;              /* -j, 0 for the default */
	size_t printed;        /* games written so far */
	S_given *given;        /* the selectors, as given: compiled once -i is known */
	int ngiven;
} S_grep;

/* --max-steps N: 1 to CLI_SEARCH_MAX_STEPS. */
static int S_steps(void *opts, const cli_optarg *a)
{
	S_grep *g = opts;
	const char *v = a->value;
	char *end;
	errno = 0;
	unsigned long long n = strtoull(v, &end, 10);
	if (errno || end == v || *end || v[0] == '-' || n < 1 || n > CLI_SEARCH_MAX_STEPS) {
		cli_error("grep", "--max-steps takes a number of steps from 1 to %llu, not '%s'",
		          CLI_SEARCH_MAX_STEPS, v);
		return -1;
	}
	g->max_steps = n;
	return 0;
}

/* -e, --moves, --tag, --comment, --event: kept, in order, to be
 * compiled below, once -i is known. */
static int S_selector(void *opts, const cli_optarg *a)
{
	static const char *const labels[] = {"--moves", "--tag", "--comment", "--event"};
	static const cli_sel_kind kinds[] = {CLI_SEL_MOVES, CLI_SEL_TAG, CLI_SEL_COMMENT,
	                                     CLI_SEL_EVENT};
	S_grep *g = opts;
	g->given[g->ngiven++] = (S_given){kinds[a->opt->tag], labels[a->opt->tag], a->value};
	return 0;
}

static const cli_opt S_opts[] = {
	CLI_CALL(0, "tag", "NAME~RE", S_selector, 1, 0, NULL,
	         "tag NAME's value matches RE (--tag 'Site~Quer')"),
	CLI_TEXT("--tag NAME=VALUE", "tag NAME's value is VALUE"),
	CLI_CALL(0, "comment", "RE", S_selector, 2, 0, NULL, "some comment's text matches RE"),
	CLI_CALL('e', "moves", "RE", S_selector, 0, 0, "-e, --moves RE",
	         "the main line's movetext, one line without\n"
	         "comments (\"1. d1 a7 2. g1 a4 1-0\"), matches RE"),
	CLI_CALL(0, "event", "EVENT[>=N]", S_selector, 3, 0, NULL,
	         "some turn of the main line, replayed by the\n"
	         "rules, did EVENT (at least N times): tercia,\n"
	         "'double tercia', columpio, removal, capture,\n"
	         "pushback, relocation, coronation, stage,\n"
	         "'huff available', huff, fortress, and the\n"
	         "games' own\n"
	         "('capture>=3': a chain of three captures)"),
	CLI_TEXT("--event 'EVENT>=N per game'",
	         "the main line did EVENT at least N\n"
	         "times in all; '<=N per game' at most, '=N per\n"
	         "game' exactly ('huff<=0 per game': never)"),
	CLI_FLAG('i', "ignore-case", S_grep, icase, "patterns ignore case (Unicode)"),
	CLI_FLAG('v', "invert-match", S_grep, invert, "select the games that do not match"),
	CLI_FLAG('c', "count", S_grep, count, "print how many games each FILE has selected"),
	CLI_FLAG('l', "files-with-matches", S_grep, list, "print the name of each FILE with a game"),
	CLI_CALL(0, "max-steps", "N", S_steps, 0, 0, NULL,
	         "the steps a game's search may take (default\n"
	         "10000000): each item of a pattern tried, and each\n"
	         "character gone back over"),
	CLI_JOBS(S_grep, jobs, NULL,
	         "search N games at once, in N threads (default:\n"
	         "one per core, at most 8; 0: that); the output is\n"
	         "the same, in the input's order"),
	CLI_HELP,
	CLI_END
};

#define S_UNKNOWN "unknown option '%s', or it lacks its value (see tablero %s --help)"

const cli_optab cli_grep_options = {
	"grep",
	"usage: tablero grep [-i] [-v] [-c | -l] [--max-steps N] [-j N]\n"
	"                    [--tag NAME~RE | --tag NAME=VALUE]...\n"
	"                    [--comment RE]... [--event EVENT[>=N][ per game]]...\n"
	"                    [-e RE | --moves RE]... [RE] [FILE...]\n"
	"\n"
	"Writes the games of each FILE ('-' or none: standard input) that\n"
	"match every selector, in canonical TGN. Patterns are PCRE2 (Perl\n"
	"syntax, UTF-8), compiled once; the whole search of a game runs on a\n"
	"budget of steps, so no pattern can hang it (spec/compare.md). Without\n"
	"-e, --moves, --tag, --comment or --event the first argument is a\n"
	"movetext pattern.\n"
	"\n",
	S_opts, 20,
	"Exit: 0 a game selected, 1 none, 2 trouble (a bad pattern, an\n"
	"unreadable file, a record with errors, a game whose search ran out\n"
	"of steps or over a PCRE2 limit, or whose events could not be looked\n"
	"at because the rules stop at a turn: said at that turn).\n",
	CLI_OPTS_DASHDASH, NULL, S_UNKNOWN, S_UNKNOWN, NULL
};

static int S_args(int argc, char **argv, S_grep *g, int *first_file)
{
	g->given = calloc((size_t)argc, sizeof *g->given);
	if (!g->given)
		cli_oom();
	int i = cli_options_parse(&cli_grep_options, argc, argv, g);
	if (i < 0)
		return -1;
	int explicit = g->ngiven > 0;
	*first_file = i;
	g->search = cli_search_new(g->icase, g->max_steps);
	for (int k = 0; k < g->ngiven; k++)
		if (cli_search_add(g->search, g->given[k].kind, g->given[k].label, g->given[k].value))
			return -1;
	if (!explicit) {
		if (i >= argc) {
			cli_error("grep", "nothing to search for: give a PATTERN or --tag, --comment, "
			          "--moves, --event (see tablero grep --help)");
			return -1;
		}
		if (cli_search_add(g->search, CLI_SEL_MOVES, "PATTERN", argv[i]))
			return -1;
		*first_file = i + 1;
	}
	if (g->count && g->list) {
		cli_error("grep", "-c and -l exclude each other");
		return -1;
	}
	return 0;
}

/* A game on its way through a job (jobs.c). */
typedef struct S_item {
	tb_record *rec;
	tb_reader *r;          /* the file's reader (-j 1), or the game's own */
	int selected;
	int trouble;
} S_item;

/* What grep's jobs share while they run: read only, but for each
 * worker's search; the sums only S_game_done (the reading thread)
 * changes. */
typedef struct S_grep_ctx {
	S_grep *g;
	cli_search **search;   /* by worker: the first is g->search */
	const char *name;
	cli_jobs *j;
	size_t selected;
	int stopped;           /* -l has its answer: the rest is not searched */
} S_grep_ctx;

/* One game: its errors, or whether it is selected. */
static int S_game_one(void *ctx, int worker, void *item, FILE *out, FILE *err)
{
	const S_grep_ctx *c = ctx;
	S_item *it = item;
	(void)out;
	cli_print_errors_to(err, it->r);
	if (tb_record_errors(it->rec)) {
		it->trouble = 1; /* not searched: its errors say why */
		return 0;
	}
	int m = cli_search_record_to(c->search[worker], it->rec, c->name, err);
	it->trouble = m < 0;
	it->selected = m >= 0 && (m == 1) != c->g->invert;
	return 0;
}

/* In order: adds up a game, and writes it when selected ('text': its
 * canonical form, made here from 'rec' when NULL; freed). */
static void S_tally(S_grep_ctx *c, const tb_record *rec, int selected, int trouble,
                    char *text, size_t len)
{
	S_grep *g = c->g;
	g->trouble |= trouble;
	if (selected)
		c->selected++;
	if (selected && !g->count && !g->list) {
		if (!text)
			text = cli_record_write(rec, &len);
		if (text) {
			if (g->printed++)
				putchar('\n');
			fwrite(text, 1, len, stdout);
		}
	}
	free(text);
}

/* In order: adds it up, and writes a selected game. */
static void S_game_done(void *ctx, void *item, int result)
{
	S_grep_ctx *c = ctx;
	S_item *it = item;
	(void)result;
	if (!c->stopped) {
		S_tally(c, it->rec, it->selected, it->trouble, NULL, 0);
		if (c->g->list && c->selected) { /* one is enough */
			c->stopped = 1;
			cli_jobs_skip(c->j);
		}
	}
	if (it->r != NULL && cli_jobs_count(c->j) > 1)
		tb_reader_free(it->r);
	tb_record_free(it->rec);
	free(it);
}

/* ===== A file read in parts (parts.c) =====
 *
 * Each worker reads its parts' games itself and searches them, as
 * validate reads them (read by one thread and handed over, a game cost
 * its worker more: its nodes cold in the worker's cache, its memory
 * freed by another thread); a selected game's text is made there too,
 * handed back with the game's output (o->item) and written by the
 * caller's thread in the file's order (S_part_keep). Not for -l, which stops at the first game selected. */
typedef struct S_found {
	int selected, trouble;
	char *text;            /* a selected game's canonical form, to write */
	size_t len;
} S_found;

static int S_part_one(void *ctx, int worker, tb_reader *r, tb_record *rec, cli_part_out *o)
{
	S_grep_ctx *c = ctx;
	if (!rec) { /* the file's end: said when it could not be read (as -j 1) */
		int bad = tb_reader_errcode(r) < 0;
		if (bad)
			cli_print_errors_to(o->err, r);
		return bad;
	}
	S_item it = {rec, r, 0, 0};
	S_game_one(c, worker, &it, o->out, o->err);
	S_found *f = calloc(1, sizeof *f);
	if (!f)
		cli_oom();
	*f = (S_found){it.selected, it.trouble, NULL, 0};
	if (f->selected && !c->g->count)
		f->text = cli_record_write(rec, &f->len);
	o->item = f;
	return 0;
}

static void S_part_keep(void *ctx, void *item, int written)
{
	S_found *f = item;
	if (written)
		S_tally(ctx, NULL, f->selected, f->trouble, f->text, f->len);
	else
		free(f->text);
	free(f);
}

/* A regular file in parts; 0 when it is not read so (parts.c). */
static int S_file_parts(S_grep_ctx *c, FILE *f, const char *name)
{
	int n = cli_jobs_count(c->j);
	if (c->g->list || n < 2)
		return 0;
	cli_parts_spec spec = {n, NULL, S_part_one, NULL, NULL, c, S_part_keep, 0};
	cli_part_sum sum;
	int read = cli_parts_read(&spec, f, name, &sum);
	if (read && (sum.io_error || sum.failed || sum.end_result))
		c->g->trouble = 1;
	return read;
}

/* Searches one file; returns the number of games selected. */
static size_t S_file(S_grep_ctx *c, const char *path, int many)
{
	S_grep *g = c->g;
	const char *name = strcmp(path, "-") ? path : "<stdin>";
	FILE *f = cli_open(path);
	if (!f) {
		g->trouble = 1;
		return 0;
	}
	c->name = name;
	c->selected = 0;
	c->stopped = 0;
	int parts = S_file_parts(c, f, name);
	tb_reader *r = parts ? NULL : cli_reader_new_file(f, name);
	tb_record *rec;
	int got = 0;
	while (!parts && !c->stopped && (got = cli_reader_next(r, &rec)) == 1) {
		S_item *it = calloc(1, sizeof *it);
		if (!it)
			cli_oom();
		it->rec = rec;
		it->r = cli_jobs_count(c->j) > 1 ? cli_reader_detach(r) : r;
		cli_jobs_add(c->j, it, tb_record_source_size(rec));
	}
	cli_jobs_wait(c->j);
	if (!c->stopped && got < 0) {
		cli_print_errors(r);
		g->trouble = 1;
	}
	tb_reader_free(r); /* (NULL in parts) */
	cli_close(f);
	if (g->count) {
		if (many)
			printf("%s:", name);
		printf("%zu\n", c->selected);
	} else if (g->list && c->selected) {
		puts(name);
	}
	return c->selected;
}

int cmd_grep(int argc, char **argv)
{
	S_grep g;
	memset(&g, 0, sizeof g);
	g.max_steps = CLI_SEARCH_STEPS;
	int first = 0, rc = EXIT_TROUBLE;
	if (S_args(argc, argv, &g, &first))
		goto done;
	static char dashname[] = "-";
	char *dash[] = {dashname};
	char **files = first < argc ? argv + first : dash;
	int nfiles = first < argc ? argc - first : 1;
	size_t selected = 0;
	S_grep_ctx c = {&g, NULL, NULL, NULL, 0, 0};
	c.j = cli_jobs_new(g.jobs ? g.jobs : cli_jobs_default(), S_game_one, S_game_done, &c);
	int n = cli_jobs_count(c.j);
	c.search = calloc((size_t)n, sizeof *c.search);
	if (!c.search)
		cli_oom();
	c.search[0] = g.search;
	for (int w = 1; w < n; w++)
		c.search[w] = cli_search_clone(g.search);
	for (int k = 0; k < nfiles; k++)
		selected += S_file(&c, files[k], nfiles > 1 && (g.count || g.list));
	int unbuffered = cli_jobs_free(c.j) != 0;
	for (int w = 1; w < n; w++)
		cli_search_free(c.search[w]);
	free(c.search);
	if (unbuffered || fflush(stdout) != 0 || ferror(stdout)) {
		cli_error("grep", "cannot write to standard output");
		g.trouble = 1;
	}
	rc = g.trouble ? EXIT_TROUBLE : selected ? EXIT_CLEAN : EXIT_PROBLEMS;
done:
	cli_search_free(g.search);
	free(g.given);
	return rc;
}
