/*
 * cmd_tgn.c -- "tablero parse", "tablero validate" and "tablero fmt":
 * reading TGN, checking it against the rules, writing it back in
 * canonical form.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { CMD_PARSE, CMD_VALIDATE, CMD_FMT };

typedef struct S_opts {
	int summary, strict, in_place, positions, board, fix;
	int jobs;
	int stream_jobs;            /* threads when the records are read in one (jobs.c) */
	tb_search_opts search;
	const tb_lang *lang;        /* validate --lang: the rules' reasons' words; NULL English */
	int nfiles;
	char **files;
} S_opts;

static int S_lang(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	return (o->lang = cli_lang_arg("validate", a->value)) ? 0 : -1;
}

#define S_JOBS_HELP(what) \
	what ", in N threads\n(default: one per core, at most 8; 0: that);\n" \
	"the output is the same, in the input's order"

static const cli_opt S_parse_opts[] = {
	CLI_FLAG(0, "summary", S_opts, summary, "print, per file, how many records, errors and warnings"),
	CLI_FLAG(0, "strict", S_opts, strict, "count warnings as problems too (exit 1)"),
	CLI_JOBS(S_opts, jobs, "-j N",
	         "read a file in N parts at once, in N threads (default:\n"
	         "one per core, at most 8; 0: that); the output is the\n"
	         "same, in the input's order (standard input, a pipe\n"
	         "or a small file is read in one thread)"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_parse_options = {
	"parse",
	"usage: tablero parse [--summary] [--strict] [-j N] [FILE...]\n"
	"\n"
	"Reads every record of each FILE ('-' or none: standard input) and\n"
	"reports each problem as file:line:col: error: message [TBnnn], with\n"
	"the line and a caret. Reading goes on after an error, so one bad\n"
	"record does not hide the next.\n"
	"\n",
	S_parse_opts, 13,
	"Exit: 0 no errors, 1 errors found, 2 could not run.\n",
	CLI_OPTS_DASHDASH, NULL, NULL, NULL, NULL
};

static const cli_opt S_validate_opts[] = {
	CLI_FLAG(0, "positions", S_opts, positions,
	         "print, for every node, the position after it\n"
	         "and what its turn did (tercia, removal, capture,\n"
	         "huff, pushback, coronation, ...), and when and\n"
	         "why the game ends; a turn the rules decide is\n"
	         "marked [reconstructed], and where they do not\n"
	         "know the position, [open: N positions] or\n"
	         "[unknown: why] beside the last one they knew"),
	CLI_FLAG(0, "board", S_opts, board,
	         "with --positions, draw the board of each\n"
	         "position printed as tablero show does"),
	CLI_FLAG(0, "summary", S_opts, summary,
	         "print, per file, how many records, errors and\nwarnings"),
	CLI_FLAG(0, "strict", S_opts, strict, "count warnings as problems too (exit 1)"),
	CLI_SEARCH(0, "search-turns", S_opts, search, NULL, "the longest gap searched (default 8)"),
	CLI_SEARCH(1, "search-positions", S_opts, search, NULL,
	           "positions a search may hold (default 1000000)"),
	CLI_SEARCH(2, "candidates", S_opts, search, NULL,
	           "turns or sequences named when several fit\n(default 10)"),
	CLI_SEARCH(3, "window", S_opts, search, NULL,
	           "written turns after a slip replayed to weigh\nits repairs (default 32)"),
	CLI_SEARCH(4, "lookback", S_opts, search, NULL,
	           "written turns before an illegal one a repair\nmay change (default 32, at most 32)"),
	CLI_CALL(0, "lang", "L", S_lang, 0, 0, NULL,
	         "the rules' reasons (why a turn is illegal, why\n"
	         "the game is over) in L (en, es, ar); default:\n"
	         "English, whatever the record's [Language]"),
	CLI_JOBS(S_opts, jobs, NULL, S_JOBS_HELP("replay N records at once")),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_validate_options = {
	"validate",
	"usage: tablero validate [--positions [--board]] [--summary] [--strict]\n"
	"                        [--search-turns N] [--search-positions N]\n"
	"                        [--candidates N] [--window N] [--lookback N]\n"
	"                        [--lang L] [-j N] [FILE...]\n"
	"\n"
	"Replays every record of each FILE ('-' or none: standard input) with\n"
	"its game's rules engine, main line and variations, and reports each\n"
	"turn the rules do not allow, with a reason, the position it was played\n"
	"in and the slips that would explain it (a point misheard, a turn left\n"
	"out, two turns swapped). For an unknown turn, a '?' point and a gap it\n"
	"names what fits the rules and the turns after it, and goes on over\n"
	"the positions still possible (spec/reconstruct.md). The result is\n"
	"checked against the final position.\n"
	"\n",
	S_validate_opts, 24,
	"Exit: 0 all legal, 1 problems found, 2 could not run.\n",
	CLI_OPTS_DASHDASH, NULL, NULL, NULL, NULL
};

static const cli_opt S_fmt_opts[] = {
	CLI_FLAG('i', "in-place", S_opts, in_place,
	         "rewrite each FILE in canonical form, atomically;\n"
	         "a file with any error is left untouched"),
	CLI_FLAG(0, "fix", S_opts, fix,
	         "apply the fixes the diagnostics propose (a\n"
	         "look-alike character, a comma after a turn, a\n"
	         "move number's dot, a tag's or game's slip;\n"
	         "not words joined into one turn, a reading to\n"
	         "confirm) and read the record again;\n"
	         "each fix is told on standard error; with -i,\n"
	         "a file is rewritten when none is left with errors"),
	CLI_JOBS(S_opts, jobs, NULL,
	         "read a file in N parts at once, in N threads\n"
	         "(default: one per core, at most 8; 0: that);\n"
	         "the output is the same, in the input's order;\n"
	         "with -i, standard input or a pipe, N records\n"
	         "at once (default there: 1)"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_fmt_options = {
	"fmt",
	"usage: tablero fmt [-i] [--fix] [-j N] [FILE...]\n"
	"\n"
	"Writes every record of each FILE ('-' or none: standard input) in\n"
	"canonical TGN (spec/tgn.md) to standard output. A record with\n"
	"errors is not written; its diagnostics are.\n"
	"\n",
	S_fmt_opts, 18,
	"Exit: 0 all written, 1 errors found, 2 could not run.\n",
	CLI_OPTS_DASHDASH, NULL, NULL, NULL, NULL
};

/* Reads options by the command's table; the rest are files. Returns -1
 * on a bad option. */
static int S_args(const cli_optab *t, int argc, char **argv, S_opts *o)
{
	int fmt = t == &cli_fmt_options;
	static char dashname[] = "-";
	static char *dash[] = {dashname, NULL};
	int i = cli_options_parse(t, argc, argv, o);
	if (i < 0)
		return -1;
	if (o->board && !o->positions) {
		cli_error(t->cmd, "--board draws the board of each position that --positions prints: "
		                  "give both");
		return -1;
	}
	/* When one thread reads every record (jobs.c: -i, a pipe), fmt's
	 * work on a record is less than the reading of it, and other threads
	 * only slowed it (make bench): then it runs in one unless -j says
	 * otherwise. A regular file is read in parts (parts.c), one per
	 * core. */
	o->stream_jobs = o->jobs ? o->jobs : fmt ? 1 : cli_jobs_default();
	if (!o->jobs)
		o->jobs = cli_jobs_default();
	o->files = i < argc ? argv + i : dash;
	o->nfiles = i < argc ? argc - i : 1;
	return 0;
}

/* What --positions prints of a record: one line per frame of the one
 * replay (tb_reader_replay), main line and variations in the order
 * written (man/tablero.1, spec/replay.md "validate --positions"):
 *
 *   12... d6xd4  {POSITION}  EVENTS               a turn as written
 *   18. e3-e4  {POSITION}  [reconstructed]  EVENTS   a '?' the rules decide
 *   <gap 2> d2-d3 d6-c6  {POSITION}  [reconstructed]
 *   19... ?  {LAST KNOWN}  [open: 3 positions; 3 turns fit]
 *   <gap>  {LAST KNOWN}  [unknown: WHY]
 *   <position>  {POSITION}
 */
typedef struct S_turns {
	const tb_record *rec;
	const tb_replay *rp;
	long frame;
	int board, colour;
	FILE *out;
} S_turns;

/* The board of 'position' as text, after a frame's line. */
static void S_print_board(const S_turns *p, const char *position)
{
	const char *rules = tb_record_tag(p->rec, "Rules");
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_record_game(p->rec), rules && strcmp(rules, "?") ? rules : NULL,
	                             position, &why);
	char *text = e ? tb_engine_board(e, p->colour ? TB_BOARD_COLOUR : 0) : NULL;
	if (!text && (e || !why))
		cli_oom();
	fprintf(p->out, "%s\n", text ? text : why); /* why: never, as the rules gave it */
	free(text);
	free(why);
	tb_engine_free(e);
}

/* The mark of frame 'i' that is not a turn as written, into 'mark'
 * ("" for one). */
static void S_mark(const tb_replay *rp, long i, char *mark, size_t n)
{
	int gap = tb_node_type(tb_replay_node(rp, i, NULL)) == TB_NODE_GAP;
	unsigned long long fits = tb_replay_fits(rp, i);
	char *why;
	switch (tb_replay_status(rp, i)) {
	case TB_FRAME_RECONSTRUCTED:
		snprintf(mark, n, "  [reconstructed]");
		break;
	case TB_FRAME_OPEN:
		if (fits)
			snprintf(mark, n, "  [open: %zu positions; %llu %s fit]", tb_replay_positions(rp, i),
			         fits, gap ? fits == 1 ? "sequence" : "sequences" : fits == 1 ? "turn" : "turns");
		else
			snprintf(mark, n, "  [open: %zu positions]", tb_replay_positions(rp, i));
		break;
	case TB_FRAME_UNKNOWN:
		why = tb_replay_why(rp, i);
		if (!why)
			cli_oom();
		snprintf(mark, n, "  [unknown: %s]", why);
		free(why);
		break;
	default:
		*mark = '\0';
	}
}

/* One frame's line (tb_replay_report's callback). */
static void S_print_frame(void *ctx, const tb_turn_report *t)
{
	const S_turns *p = ctx;
	tb_node *n = tb_replay_node(p->rp, p->frame, NULL);
	int type = tb_node_type(n);
	char mark[400];
	S_mark(p->rp, p->frame, mark, sizeof mark);
	if (type == TB_NODE_POSITION) {
		fprintf(p->out, "<position>");
	} else if (type == TB_NODE_GAP) {
		char *gap = tb_node_token(p->rec, n);
		if (!gap)
			cli_oom();
		fprintf(p->out, "%s%s%s", gap, strcmp(gap, t->token) ? " " : "",
		        strcmp(gap, t->token) ? t->token : "");
		free(gap);
	} else {
		fprintf(p->out, "%u%s %s", t->number, t->side == 1 ? "..." : ".", t->token);
	}
	fprintf(p->out, "  {%s}%s%s%s\n", *t->position ? t->position : "?", mark,
	        *t->events ? "  " : "", t->events);
	if (t->over)
		fprintf(p->out, "game over: %s\n", t->over);
	if (p->board && *t->position)
		S_print_board(p, t->position);
}

/* validate --positions: the record replayed once, its diagnostics added
 * to 'r' as tb_reader_validate adds them, its frames printed. */
static void S_print_frames(tb_reader *r, const tb_record *rec, const S_opts *o, int colour,
                           FILE *out)
{
	tb_replay *rp = tb_reader_replay(r, rec);
	if (!rp) {
		if (tb_record_game(rec) && !tb_record_errors(rec))
			cli_oom(); /* it would have been replayed */
		if (tb_reader_validate(r, rec, NULL, NULL) == TB_ENOMEM) /* says why not */
			cli_oom();
		return;
	}
	S_turns p = {rec, rp, 0, o->board, colour, out};
	for (size_t i = 0; i < tb_replay_count(rp); i++) {
		unsigned alt;
		tb_replay_node(rp, (long)i, &alt);
		if (alt) /* a reading's other alternatives: not on a line */
			continue;
		p.frame = (long)i;
		if (tb_replay_report(rp, (long)i, S_print_frame, &p))
			cli_oom();
	}
	tb_replay_free(rp);
}

/* A record read, on its way through a job (jobs.c). */
typedef struct S_item {
	tb_record *rec;
	tb_reader *r;               /* the file's reader (-j 1), or the record's own */
	size_t nerrors, nwarnings;  /* what validating found, on a record's own reader */
} S_item;

/* What the jobs of parse and validate share: read-only while they run
 * but for the sums, which only S_check_done (the reading thread) adds. */
typedef struct S_check_ctx {
	int which;
	const S_opts *o;
	const char *name;
	tb_reader *r;               /* the file's reader */
	int colour;
	size_t bad, nerrors, nwarnings;
} S_check_ctx;

/* One record: validates it (validate), prints its diagnostics and, with
 * --positions, its turns. Returns how many diagnostics count against it. */
static int S_check_one(void *ctx, int worker, void *item, FILE *out, FILE *err)
{
	const S_check_ctx *c = ctx;
	S_item *it = item;
	(void)worker;
	tb_reader_set_lang(it->r, c->o->lang);
	if (c->o->positions)
		fprintf(out, "# %s:%u\n", c->name, tb_record_line(it->rec));
	if (c->which == CMD_VALIDATE && c->o->positions)
		S_print_frames(it->r, it->rec, c->o, c->colour, out);
	else if (c->which == CMD_VALIDATE && tb_reader_validate(it->r, it->rec, NULL, NULL) == TB_ENOMEM)
		cli_oom();
	cli_progress_done();
	size_t bad = cli_print_diags_to(err, it->r, c->o->strict);
	if (it->r != c->r) {
		it->nerrors = tb_reader_nerrors(it->r);
		it->nwarnings = tb_reader_nwarnings(it->r);
	}
	return bad > 0;
}

static void S_check_done(void *ctx, void *item, int result)
{
	S_check_ctx *c = ctx;
	S_item *it = item;
	c->bad += (size_t)result;
	c->nerrors += it->nerrors;
	c->nwarnings += it->nwarnings;
	tb_record_free(it->rec);
	if (it->r != c->r) { /* another thread's: its reader and it are S_item_new's */
		tb_reader_free(it->r);
		free(it);
	}
}

/* One record of a part (parts.c), or with rec NULL the end of the file. */
static int S_check_part(void *ctx, int worker, tb_reader *r, tb_record *rec, cli_part_out *o)
{
	const S_check_ctx *c = ctx;
	if (!rec)
		return cli_print_diags_to(o->err, r, c->o->strict) > 0;
	S_item it = {rec, r, 0, 0};
	return S_check_one(ctx, worker, &it, o->out, o->err);
}

/* The item for 'rec', just read by 'r': 'here' when this thread runs
 * it (done with it before the next record is read), else a new one with
 * its own reader, for another thread. */
static S_item *S_item_new(cli_jobs *j, tb_reader *r, tb_record *rec, S_item *here)
{
	if (cli_jobs_count(j) == 1) {
		*here = (S_item){rec, r, 0, 0};
		return here;
	}
	S_item *it = calloc(1, sizeof *it);
	if (!it)
		cli_oom();
	*it = (S_item){rec, cli_reader_detach(r), 0, 0};
	return it;
}

/* parse and validate: read every record of every file, report. */
static int S_check(const char *cmd, int which, int argc, char **argv)
{
	S_opts o = {0};
	if (S_args(which == CMD_PARSE ? &cli_parse_options : &cli_validate_options, argc, argv, &o))
		return EXIT_TROUBLE;
	int rc = EXIT_CLEAN;
	S_check_ctx c = {which, &o, NULL, NULL, cli_colour(stdout, "auto"), 0, 0, 0};
	/* a regular file is read in parts, one per thread (parts.c); any
	 * other input by the caller's thread, which hands the records to
	 * the others to validate (jobs.c) -- parse's work is the reading,
	 * so that it reads those in one thread */
	cli_jobs *j = cli_jobs_new(which == CMD_PARSE ? 1 : o.stream_jobs, S_check_one, S_check_done,
	                           &c);
	int unwritten = 0;
	for (int k = 0; k < o.nfiles; k++) {
		const char *path = o.files[k], *name = strcmp(path, "-") ? path : "<stdin>";
		FILE *f = cli_open(path);
		if (!f) {
			rc = EXIT_TROUBLE;
			continue;
		}
		size_t nrec = 0, bad, nerr, nwarn;
		int got;
		c.name = name;
		c.bad = c.nerrors = c.nwarnings = 0;
		cli_part_sum sum;
		/* parse's diagnostics need no record's movetext (the check sink) */
		int check_only = which == CMD_PARSE;
		cli_parts_spec spec = {o.jobs, &o.search, S_check_part, NULL, NULL, &c, NULL,
		                       check_only};
		if (cli_parts_read(&spec, f, name, &sum)) {
			nrec = sum.records;
			bad = sum.results;
			nerr = sum.nerrors;
			nwarn = sum.nwarnings;
			got = sum.io_error ? -1 : 0;
			unwritten |= sum.failed;
		} else {
			tb_reader *r = cli_reader_new_file(f, name);
			tb_reader_set_check_only(r, check_only);
			tb_record *rec;
			/* a long search's progress on a terminal, from one thread only */
			o.search.progress = cli_jobs_count(j) == 1 ? cli_progress : NULL;
			tb_reader_set_search(r, &o.search);
			c.r = r;
			S_item here;
			while ((got = cli_reader_next(r, &rec)) == 1) {
				cli_jobs_add(j, S_item_new(j, r, rec, &here), tb_record_source_size(rec));
				nrec++;
			}
			cli_jobs_wait(j);
			bad = c.bad + cli_print_diags(r, o.strict);
			nerr = tb_reader_nerrors(r) + c.nerrors;
			nwarn = tb_reader_nwarnings(r) + c.nwarnings;
			tb_reader_free(r);
			c.r = NULL;
			o.search.progress = NULL;
		}
		if (got < 0)
			rc = EXIT_TROUBLE;
		else if (bad && rc == EXIT_CLEAN)
			rc = EXIT_PROBLEMS;
		if (o.summary)
			printf("%s: %zu record%s, %zu error%s, %zu warning%s\n", path, nrec,
			       nrec == 1 ? "" : "s", nerr, nerr == 1 ? "" : "s", nwarn,
			       nwarn == 1 ? "" : "s");
		cli_close(f);
	}
	if (cli_jobs_free(j) != 0 || unwritten) {
		cli_error(cmd, "cannot write standard output");
		rc = EXIT_TROUBLE;
	}
	return rc;
}

int cmd_parse(int argc, char **argv) { return S_check("parse", CMD_PARSE, argc, argv); }
int cmd_validate(int argc, char **argv) { return S_check("validate", CMD_VALIDATE, argc, argv); }

/* Writes the canonical form of every record of 'r' through 'put'.
 * Returns 0 when every record was clean, 1 when some had errors, or
 * -1 when the input could not be read or 'put' failed. */
typedef int (*S_put_fn)(void *ctx, const char *s, size_t len);

/* What fmt's jobs share; the sums only S_format_done (the reading
 * thread) changes. */
typedef struct S_fmt_ctx {
	S_put_fn put;
	void *put_ctx;
	int first, status, failed;
	int fix;                    /* --fix: each record's fixes applied first */
	const char *name;           /* the file's name in diagnostics */
} S_fmt_ctx;

typedef struct S_fmt_item {
	S_item in;
	int own;                    /* in.r is the record's own reader */
	char *text;                 /* the canonical form, or NULL */
	size_t len;
} S_fmt_item;

/* Record 'rec', which 'r' read: its diagnostics to 'err', and its
 * canonical form into '*text' when it has no error. With --fix, those
 * of the record read again from its fixed text, after the lines that
 * tell the fixes (fmt_fix.c). Returns 0 written, 1 errors, -1 failed. */
static int S_format_rec(const S_fmt_ctx *c, tb_reader *r, tb_record *rec, FILE *err,
                        char **text, size_t *len)
{
	cli_fixed fx = {NULL, NULL, NULL};
	if (c->fix && cli_fix_record(r, rec, c->name, err, &fx)) {
		r = fx.r;
		rec = fx.rec;
	}
	int bad = cli_print_diags_to(err, r, 0) || tb_record_errors(rec);
	*text = bad ? NULL : cli_record_write(rec, len);
	cli_fixed_free(&fx);
	return bad ? 1 : *text ? 0 : -1;
}

/* One record: its diagnostics, and its canonical form when it has no
 * error (written by S_format_done, in order, for the blank line
 * between records). */
static int S_format_one(void *ctx, int worker, void *item, FILE *out, FILE *err)
{
	S_fmt_item *it = item;
	(void)worker, (void)out;
	return S_format_rec(ctx, it->in.r, it->in.rec, err, &it->text, &it->len);
}

/* Writes a record's canonical form, after a blank line but for the
 * first; a result > 0 (errors) writes nothing, < 0 is a failure. */
static void S_format_put(S_fmt_ctx *c, int result, const char *text, size_t len)
{
	if (result > 0) {
		c->status = 1;
	} else if (!c->failed) {
		if (result < 0 || (!c->first && c->put(c->put_ctx, "\n", 1)) ||
		    c->put(c->put_ctx, text, len))
			c->failed = 1;
		c->first = 0;
	}
}

static void S_format_done(void *ctx, void *item, int result)
{
	S_fmt_item *it = item;
	S_format_put(ctx, result, it->text, it->len);
	free(it->text);
	tb_record_free(it->in.rec);
	if (it->own) { /* another thread's: its reader and it are malloc'd */
		tb_reader_free(it->in.r);
		free(it);
	}
}

/* The same for a record of a part (parts.c), its canonical form written
 * to 'out'; with rec NULL, the file's end. */
static int S_format_part(void *ctx, int worker, tb_reader *r, tb_record *rec, cli_part_out *o)
{
	(void)worker;
	if (!rec) /* an error past the last record (bad bytes, no record) */
		return cli_print_diags_to(o->err, r, 0) > 0;
	size_t len = 0;
	char *text;
	int result = S_format_rec(ctx, r, rec, o->err, &text, &len);
	int ok = result != 0 || fwrite(text, 1, len, o->out) == len;
	free(text);
	return ok ? result : -1;
}

static void S_format_part_done(void *ctx, int result, const char *text, size_t len, int more)
{
	(void)more;
	S_format_put(ctx, result, text, len);
}

/* Both in the caller's thread, the canonical form unbuffered. */
static int S_format_here(void *ctx, tb_reader *r, tb_record *rec)
{
	S_fmt_item it = {{rec, r, 0, 0}, 0, NULL, 0};
	int result = S_format_one(ctx, 0, &it, stdout, stderr);
	S_format_put(ctx, result, it.text, it.len);
	free(it.text);
	return result;
}

static int S_format(tb_reader *r, S_put_fn put, void *ctx, cli_jobs *j, S_fmt_ctx *c)
{
	tb_record *rec;
	int got = 0;
	*c = (S_fmt_ctx){put, ctx, 1, 0, 0, c->fix, c->name};
	S_fmt_item here; /* with one job, each record's item (cli_jobs_add) */
	while (!c->failed && (got = cli_reader_next(r, &rec)) == 1) {
		S_fmt_item *it = &here;
		int own = cli_jobs_count(j) > 1;
		if (own && !(it = malloc(sizeof *it)))
			cli_oom();
		*it = (S_fmt_item){{rec, own ? cli_reader_detach(r) : r, 0, 0}, own, NULL, 0};
		cli_jobs_add(j, it, tb_record_source_size(rec));
	}
	cli_jobs_wait(j);
	if (c->failed)
		return -1;
	if (cli_print_diags(r, 0)) /* an error past the last record */
		c->status = 1;
	return got < 0 ? -1 : c->status;
}

static int S_put_stdout(void *ctx, const char *s, size_t len)
{
	(void)ctx;
	return fwrite(s, 1, len, stdout) == len ? 0 : -1;
}

static int S_put_atomic(void *ctx, const char *s, size_t len)
{
	return cli_atomic_write(ctx, s, len);
}

typedef struct S_rewrite {
	const char *path;
	cli_jobs *j;
	S_fmt_ctx *c;
} S_rewrite;

/* fmt -i: the canonical form, kept only when every record has it --
 * with --fix, every record as read again from its fixed text, whose
 * errors are the ones that count (2: the reading of the file as it is
 * found the errors the fixes took away: atomic.c). */
static int S_fmt_rewrite(void *ctx, tb_reader *r, cli_atomic *a)
{
	const S_rewrite *w = ctx;
	int st = S_format(r, S_put_atomic, a, w->j, w->c);
	if (st == 0)
		return w->c->fix ? 2 : 1;
	cli_error("fmt", "'%s' left unchanged: %s", w->path,
	          st > 0 ? "it has errors" : "it could not be read or written");
	return 10 + (st > 0 ? EXIT_PROBLEMS : EXIT_TROUBLE);
}

int cmd_fmt(int argc, char **argv)
{
	S_opts o = {0};
	if (S_args(&cli_fmt_options, argc, argv, &o))
		return EXIT_TROUBLE;
	int rc = EXIT_CLEAN;
	S_fmt_ctx c = {0};
	c.fix = o.fix;
	cli_jobs *j = cli_jobs_new(o.stream_jobs, S_format_one, S_format_done, &c);
	for (int k = 0; k < o.nfiles; k++) {
		const char *path = o.files[k];
		int st;
		if (o.in_place) {
			if (strcmp(path, "-") == 0) {
				cli_error("fmt", "-i rewrites files; it cannot rewrite standard input");
				cli_jobs_free(j);
				return EXIT_TROUBLE;
			}
			S_rewrite w = {path, j, &c};
			c.name = path;
			st = cli_rewrite("fmt", path, S_fmt_rewrite, &w);
		} else {
			FILE *f = cli_open(path);
			if (!f) {
				rc = EXIT_TROUBLE;
				continue;
			}
			const char *name = strcmp(path, "-") ? path : "<stdin>";
			if (k > 0)
				fputc('\n', stdout);
			/* a regular file in parts, one per thread (parts.c) */
			c = (S_fmt_ctx){S_put_stdout, NULL, 1, 0, 0, o.fix, name};
			cli_parts_spec spec = {o.jobs, NULL, S_format_part, S_format_part_done,
			                       S_format_here, &c, NULL, 0};
			cli_part_sum sum;
			int s;
			if (cli_parts_read(&spec, f, name, &sum)) {
				s = c.failed || sum.failed || sum.io_error ? -1 : c.status || sum.end_result > 0;
			} else {
				tb_reader *r = cli_reader_new_file(f, name);
				s = S_format(r, S_put_stdout, NULL, j, &c);
				tb_reader_free(r);
			}
			st = s < 0 ? EXIT_TROUBLE : s ? EXIT_PROBLEMS : EXIT_CLEAN;
			cli_close(f);
		}
		if (st > rc)
			rc = st;
	}
	if (cli_jobs_free(j) != 0 || fflush(stdout) != 0) {
		cli_error("fmt", "cannot write standard output");
		return EXIT_TROUBLE;
	}
	return rc;
}
