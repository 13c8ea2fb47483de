/*
 * cmd_svg.c -- "tablero svg": printable diagrams of a record's
 * positions, or of a bare position (spec/svg.md).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

#define S_MAX_PLIES 4096
#define S_MAX_TAGS 16

typedef struct S_opts {
	long game;               /* which record, from 1 */
	cli_turn turns[S_MAX_PLIES]; /* as given: counts or move numbers */
	long plies[S_MAX_PLIES]; /* the counts, once the record is read */
	size_t nplies;
	long every;              /* every K plies, or 0 */
	const char *position, *rules; /* "" for the start */
	int bare;
	const char *out, *dir;
	const char *tags[S_MAX_TAGS + 1];
	size_t ntags;
	tb_svg_opts svg;
	int list;                /* say what would be written, write nothing */
	const char *file;
} S_opts;

static int S_number(const char *s, long min, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min || v > 1000000)
		return -1;
	*out = v;
	return 0;
}

static int S_game(void *opts, const cli_optarg *a)
{
	return S_number(a->value, 1, &((S_opts *)opts)->game) ? 1 : 0;
}

static int S_every(void *opts, const cli_optarg *a)
{
	return S_number(a->value, 1, &((S_opts *)opts)->every) ? 1 : 0;
}

/* --ply N, --move N (tag 1: a bare number is a move number) */
static int S_turn(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	int bad = o->nplies == S_MAX_PLIES || cli_turn_arg(a->value, a->opt->tag, &o->turns[o->nplies]);
	o->nplies += !bad;
	return bad;
}

static int S_plies_arg(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	return cli_turn_list(a, o->turns, S_MAX_PLIES, &o->nplies, "diagrams in one run");
}

static int S_position(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	o->position = a->value;
	o->bare = 1;
	return 0;
}

static int S_size(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	char *end;
	o->svg.size_mm = strtod(a->value, &end);
	return *end || !(o->svg.size_mm >= 20 && o->svg.size_mm <= 1000);
}

static int S_tag(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	if (o->ntags == S_MAX_TAGS)
		return 1;
	o->tags[o->ntags++] = a->value;
	return 0;
}

static int S_sheet(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	o->svg.sheet = a->value;
	return strcmp(a->value, "a4") != 0 && strcmp(a->value, "letter") != 0;
}

static int S_lang(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	return (o->svg.lang = cli_lang_arg("svg", a->value)) ? 0 : -1;
}

static int S_caption(void *opts, const cli_optarg *a)
{
	return cli_caption_arg(a->value, &((S_opts *)opts)->svg.caption) ? 1 : 0;
}

static int S_file(void *opts, char *arg)
{
	S_opts *o = opts;
	if (o->file) {
		cli_error("svg", "one file at a time ('%s' is one too many)", arg);
		return -1;
	}
	o->file = arg;
	return 0;
}

static const cli_opt S_opts_table[] = {
	CLI_CALL(0, "game", "N", S_game, 0, 0, NULL, NULL),
	CLI_CALL(0, "ply", "N", S_turn, 0, 0, NULL,
	         "after the Nth turn of the record's main line\n"
	         "(0: its start; default: the last); N. or N... is a\n"
	         "move number as the record writes it"),
	CLI_CALL(0, "move", "N.", S_turn, 1, 0, NULL,
	         "after the first side's turn N (N alone is the same);\n"
	         "N... the second side's"),
	CLI_CALL(0, "plies", "LIST", S_plies_arg, 0, 0, NULL,
	         "after each of a comma-separated list of them"),
	CLI_CALL(0, "every", "K", S_every, 0, 0, NULL, "after turns 0, K, 2K, ... and the last"),
	CLI_CALL(0, "position", "P", S_position, 0, 0, NULL,
	         "a bare position (position notation; \"\": the start)\n"
	         "of the game --rules names first (\"ocencahuac; river=5\")"),
	CLI_STRING(0, "rules", "R", S_opts, rules, NULL),
	CLI_CALL(0, "size", "MM", S_size, 0, 0, NULL,
	         "a diagram's printed width in millimetres, 20 to 1000\n"
	         "(default 60; on a sheet, as many columns as fit)"),
	CLI_FLAG(0, "grayscale", S_opts, svg.grayscale,
	         "every distinction in shapes, fills, dashes and dots"),
	CLI_FLAG(0, "no-coords", S_opts, svg.no_coords, "no coordinates in the margin"),
	CLI_CALL(0, "lang", "L", S_lang, 0, 0, NULL,
	         "the caption's words in L (en, es, ar; default: the\n"
	         "record's [Language], else English)"),
	CLI_CALL(0, "caption", "C", S_caption, 0, 0, NULL,
	         "full (the game, players, turn, result, --tag's; the\n"
	         "default), short (\"After 23. c3-c4xe5\") or none"),
	CLI_CALL(0, "tag", "NAME", S_tag, 0, 0, NULL,
	         "add tag NAME's value to a full caption (repeatable)"),
	CLI_CALL(0, "sheet", "PAPER", S_sheet, 0, 0, NULL,
	         "lay the diagrams out on a4 or letter pages, the\n"
	         "record's title at the head, a short caption each"),
	CLI_FLAG(0, "list", S_opts, list, "print each document's name and caption; write nothing"),
	CLI_STRING('o', NULL, "FILE", S_opts, out,
	           "write one document to FILE (default: standard output)"),
	CLI_STRING('d', NULL, "DIR", S_opts, dir,
	           "write each document into DIR (made if missing); all of\n"
	           "them or, on a failure, none"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_svg_options = {
	"svg",
	"usage: tablero svg [--game N] [--ply N | --move N. | --plies LIST | --every K]\n"
	"                   [--size MM] [--grayscale] [--no-coords] [--lang L]\n"
	"                   [--caption full|short|none] [--tag NAME]...\n"
	"                   [--sheet a4|letter] [--list] [-o FILE | -d DIR] [FILE]\n"
	"       tablero svg --position P --rules R [options] [-o FILE]\n"
	"\n"
	"Draws positions of record N (default 1) of FILE ('-' or none:\n"
	"standard input), replayed on its main line by its rules, as\n"
	"standalone SVG 1.1 documents (spec/svg.md): the board as the players\n"
	"draw it, the pieces, the last turn (an arrow under the pieces, a\n"
	"chain's path, the pieces it took crossed, a pushback's arc, a tercia\n"
	"banded, a huffed defender boxed), coordinates and a caption in the\n"
	"record's language.\n"
	"\n",
	S_opts_table, 17,
	"Exit: 0 drawn, 1 the record or position cannot be drawn (or some of its\n"
	"positions, after the turn where the rules stop: the others are drawn),\n"
	"2 could not run.\n",
	CLI_OPTS_MIXED | CLI_OPTS_LAST_NEEDS_VALUE, S_file, NULL, NULL, NULL
};

static int S_args(int argc, char **argv, S_opts *o)
{
	o->game = 1;
	if (cli_options_parse(&cli_svg_options, argc, argv, o) < 0)
		return -1;
	o->tags[o->ntags] = NULL;
	o->svg.tags = o->tags;
	if (o->out && o->dir) {
		cli_error("svg", "-o and -d: give one");
		return -1;
	}
	if (o->every && o->nplies) {
		cli_error("svg", "--every and --ply or --plies: give one");
		return -1;
	}
	if (o->bare && (!o->rules || o->file)) {
		cli_error("svg", o->file ? "--position draws a bare position, not a file's"
		                         : "--position needs --rules, which names the game first "
		                           "(\"ocencahuac\", \"asalto; blue=horizontals\")");
		return -1;
	}
	return 0;
}

/* Writes 'svg' to 'path' once complete (or to standard output). */
static int S_write(const char *path, const char *svg, size_t len)
{
	if (!path)
		return fwrite(svg, 1, len, stdout) == len && fflush(stdout) == 0 ? 0 : -1;
	cli_atomic *a = cli_atomic_begin(path);
	if (!a)
		return -1;
	if (cli_atomic_write(a, svg, len)) {
		cli_atomic_abort(a);
		return -1;
	}
	return cli_atomic_commit(a);
}

typedef struct S_out {
	const S_opts *o;
	int failed, count;
	char base[256];
	cli_batch *batch;      /* with -d: the documents, renamed in place at the end */
	char *one;             /* without -d: the one document, written at the end */
	size_t one_len;
} S_out;

/* Each document: into -d DIR (as one batch); else kept, to be written
 * (to -o FILE or standard output) only if it is the only one; under
 * --list, its name and caption. */
static void S_document(void *ctx, long ply, const char *svg, size_t len)
{
	S_out *out = ctx;
	out->count++;
	char path[4096];
	snprintf(path, sizeof path, "%s/%s-%s%ld.svg", out->o->dir ? out->o->dir : ".", out->base,
	         out->o->svg.sheet ? "sheet-from-" : "ply-", ply);
	if (out->o->list) {
		printf("%s\n%s", out->o->dir ? path : out->o->out ? out->o->out : "-", svg);
		return;
	}
	if (!out->o->dir) {
		free(out->one);
		out->one = malloc(len);
		out->failed |= !out->one;
		if (out->one)
			memcpy(out->one, svg, len);
		out->one_len = len;
		return;
	}
	if (!out->batch)
		out->batch = cli_batch_new();
	out->failed |= !out->batch || cli_batch_add(out->batch, path, svg, len) != 0;
}

/* The record 'o->game' of the file, or NULL after saying why. */
static tb_record *S_record(const S_opts *o, tb_reader *r)
{
	tb_record *rec = NULL;
	int got;
	long at = 0;
	while ((got = cli_reader_next(r, &rec)) == 1) {
		if (++at == o->game)
			return rec; /* its diagnostics are the caller's to print */
		cli_print_diags(r, 0);
		tb_record_free(rec);
		rec = NULL;
	}
	cli_print_diags(r, 0);
	if (got == 0)
		cli_error("svg", "the file has %ld record%s, not %ld", at, at == 1 ? "" : "s", o->game);
	return NULL;
}

/* The plies to draw: --ply/--plies, or every K to the end, or the end.
 * Returns 0 after saying why when a turn asked for is not the record's,
 * or --every asks for more than S_MAX_PLIES diagrams. */
static size_t S_wanted(S_opts *o, const tb_record *rec)
{
	for (size_t i = 0; i < o->nplies; i++)
		if ((o->plies[i] = cli_turn_ply("svg", rec, &o->turns[i])) < 0)
			return 0;
	if (o->every) {
		long last = (long)tb_record_plies(rec);
		/* 0, K, 2K, ... and the last: all of them or none, never a list
		 * cut short without a word */
		long count = last / o->every + 1 + (last % o->every != 0);
		if (count > S_MAX_PLIES) {
			cli_error("svg", "--every %ld asks for %ld diagrams of this record's %ld turns, "
			          "more than %d: give --every %ld or more, or --plies",
			          o->every, count, last, S_MAX_PLIES,
			          (last + S_MAX_PLIES - 2) / (S_MAX_PLIES - 1));
			return 0;
		}
		for (long p = 0; p <= last && o->nplies < S_MAX_PLIES; p += o->every)
			o->plies[o->nplies++] = p;
		if (o->nplies < S_MAX_PLIES && o->plies[o->nplies - 1] != last)
			o->plies[o->nplies++] = last;
	}
	if (!o->nplies)
		o->plies[o->nplies++] = -1;
	return o->nplies;
}

static int S_from_file(S_opts *o)
{
	const char *path = o->file ? o->file : "-";
	FILE *f = cli_open(path);
	if (!f)
		return EXIT_TROUBLE;
	tb_reader *r = cli_reader_new_file(f, strcmp(path, "-") ? path : "<stdin>");
	tb_record *rec = S_record(o, r);
	int rc = EXIT_TROUBLE;
	int unfit = rec && !tb_record_errors(rec) &&
	            tb_reader_xml_refuse(r, rec, "nothing of the record is drawn");
	if (rec)
		cli_print_diags(r, 0);
	if (rec && tb_record_errors(rec)) {
		cli_error("svg", "record %ld has errors: nothing drawn", o->game);
		rc = EXIT_PROBLEMS;
	} else if (unfit) {
		rc = EXIT_PROBLEMS;
	} else if (rec) {
		size_t n = S_wanted(o, rec);
		if (!n) {
			tb_record_free(rec);
			tb_reader_free(r);
			cli_close(f);
			return EXIT_TROUBLE;
		}
		S_out out = {o, 0, 0, "", NULL, NULL, 0};
		o->svg.text_only = o->list;
		const char *slash = strrchr(path, '/');
		const char *name = strcmp(path, "-") == 0 ? "stdin" : slash ? slash + 1 : path;
		snprintf(out.base, sizeof out.base, "%.*s-%ld", (int)strcspn(name, "."), name, o->game);
		if (n > 1 && !o->dir && !o->svg.sheet) {
			cli_error("svg", "%zu diagrams: give -d DIR for them (or --sheet)", n);
		} else {
			char *why = NULL;
			int made = tb_svg_record(rec, o->plies, n, &o->svg, S_document, &out, &why);
			if (made == TB_ENOMEM)
				cli_oom();
			if (why) /* some positions cannot be drawn: said, the others drawn */
				cli_error("svg", "%s", why);
			if (made < 0) {
				rc = EXIT_PROBLEMS;
			} else if (made > 1 && !o->dir && !o->list) {
				cli_error("svg", "%d pages: give -d DIR for them (nothing written)", made);
			} else if (out.failed || (out.one && S_write(o->out, out.one, out.one_len)) ||
			           (out.batch && cli_batch_commit(out.batch))) {
				out.batch = NULL;
				cli_error("svg", "cannot write the diagrams (nothing written)");
			} else {
				out.batch = NULL;
				rc = why ? EXIT_PROBLEMS : EXIT_CLEAN;
			}
			cli_batch_abort(out.batch);
			free(out.one);
			free(why);
		}
	}
	tb_record_free(rec);
	tb_reader_free(r);
	cli_close(f);
	return rc;
}

static int S_bare(const S_opts *o)
{
	char name[64];
	snprintf(name, sizeof name, "%.*s", (int)strcspn(o->rules, "; "), o->rules);
	const tb_game *g = tb_game_find(name);
	if (!g) {
		char hint[64];
		cli_error("svg", "--rules must name the game first, not '%s'%s", name,
		          cli_game_hint(name, hint, sizeof hint));
		return EXIT_TROUBLE;
	}
	char *why = NULL;
	size_t len;
	tb_svg_opts so = o->svg;
	so.text_only = o->list;
	char *svg = tb_svg_position(g, o->rules, *o->position ? o->position : NULL, &so, &len,
	                            &why);
	if (!svg && !why)
		cli_oom();
	if (!svg) {
		cli_error("svg", "%s", why ? why : "cannot draw it");
		free(why);
		return EXIT_PROBLEMS;
	}
	char path[4096];
	const char *to = o->out;
	if (o->dir) {
		snprintf(path, sizeof path, "%s/position.svg", o->dir);
		to = path;
	}
	int rc = EXIT_CLEAN;
	if (o->list)
		printf("%s\n%s", to ? to : "-", svg);
	else
		rc = S_write(to, svg, len) ? EXIT_TROUBLE : EXIT_CLEAN;
	free(svg);
	return rc;
}

int cmd_svg(int argc, char **argv)
{
	static S_opts o; /* large: the plies */
	memset(&o, 0, sizeof o);
	if (S_args(argc, argv, &o))
		return EXIT_TROUBLE;
	if (o.dir && !o.list && mkdir(o.dir, 0777) != 0 && errno != EEXIST) {
		cli_error("svg", "cannot make '%s': %s", o.dir, strerror(errno));
		return EXIT_TROUBLE;
	}
	return o.bare ? S_bare(&o) : S_from_file(&o);
}
