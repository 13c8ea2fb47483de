/*
 * cmd_find.c -- "tablero find": records of an index, or of files read
 * into an index in memory, by position (exact, up to the board's
 * symmetries, or a pattern), material, event, tag and comment words
 * (lib/index_query.c; spec/collection.md §4). One line per record with
 * the turn where the position occurs, or the files (-l), the count
 * (-c), or the records themselves (--tgn).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct S_opts {
	cli_operands files; /* first: cli_operand_gather */
	const char *index, *game, *position, *pattern, *material, *event, *text;
	int symmetric, list, count, tgn;
	const char **tags;
	size_t ntags;
} S_opts;

static int S_tag(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	o->tags[o->ntags++] = a->value;
	return 0;
}

static const cli_opt S_opts_table[] = {
	CLI_STRING(0, "index", "INDEX", S_opts, index,
	           "search INDEX (tablero index), opened read-only;\n"
	           "else the FILEs (or standard input), indexed in memory"),
	CLI_STRING(0, "game", "NAME", S_opts, game, "records of this game only"),
	CLI_STRING(0, "position", "POS", S_opts, position,
	           "records that reach POS (position notation; its turn\n"
	           "number is not compared)"),
	CLI_STRING(0, "pattern", "PAT", S_opts, pattern,
	           "records that reach a position where the points given\n"
	           "hold that side's piece (R:a1,d1), are empty (-:d4),\n"
	           "and the others anything; a side letter alone first:\n"
	           "that side to move"),
	CLI_FLAG(0, "symmetric", S_opts, symmetric,
	         "the position or pattern up to the board's symmetries"),
	CLI_STRING(0, "material", "N,M", S_opts, material,
	           "a position with N pieces of the first side on the\n"
	           "board and M of the second ('*': any)"),
	CLI_STRING(0, "event", "NAME", S_opts, event,
	           "a turn with this event (tercia, capture, ...), at the\n"
	           "position the others ask for"),
	CLI_CALL(0, "tag", "NAME=VALUE", S_tag, 0, 0, NULL,
	         "the record has this tag with this value (NAME alone:\n"
	         "has the tag); repeated: all of them"),
	CLI_STRING(0, "text", "WORDS", S_opts, text,
	           "a comment of the record has all these words"),
	CLI_FLAG('l', "files-with-matches", S_opts, list, "only the names of the files"),
	CLI_FLAG('c', "count", S_opts, count, "only the number of records found"),
	CLI_FLAG(0, "tgn", S_opts, tgn, "the records found, in canonical TGN"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_find_options = {
	"find",
	"usage: tablero find [--index INDEX | FILE...] [--game NAME] [--position POS]\n"
	"                    [--pattern PAT] [--symmetric] [--material N,M]\n"
	"                    [--event NAME] [--tag NAME=VALUE]... [--text WORDS]\n"
	"                    [-l | -c | --tgn]\n"
	"\n"
	"Finds the records that meet every criterion given (spec/collection.md\n"
	"§4): one line per record, FILE:LINE: and the turn where the position\n"
	"asked for first occurs (the main line before variations).\n"
	"\n",
	S_opts_table, 22,
	"Exit: 0 some record found, 1 none, 2 could not search (an index that\n"
	"is no tablero index, a position or pattern that does not read).\n",
	CLI_OPTS_MIXED | CLI_OPTS_LAST_NEEDS_VALUE, cli_operand_gather, NULL, NULL, NULL
};

/* What the hits are told to. */
typedef struct S_out {
	const S_opts *o;
	const char *last_file;   /* -l: the last file named */
	char *last;
	int failed;
} S_out;

/* The record at 'h' as canonical TGN (its bytes as they are when they
 * do not read as one record). */
static void S_tgn(S_out *out, const tb_find_hit *h)
{
	FILE *f = fopen(h->file, "rb");
	char *buf = h->size ? malloc(h->size) : NULL;
	if (!f || !buf || fseek(f, (long)h->offset, SEEK_SET) || fread(buf, 1, h->size, f) != h->size) {
		cli_error("find", "%s: cannot read the record at line %u again (--tgn reads the files)",
		          h->file, h->line);
		out->failed = 1;
	} else {
		tb_reader *r = cli_reader_new_mem(buf, h->size, h->file);
		tb_record *rec = NULL;
		char *t = cli_reader_next(r, &rec) == 1 ? tb_record_write(rec, NULL) : NULL;
		if (t)
			fputs(t, stdout);
		else
			fwrite(buf, 1, h->size, stdout);
		free(t);
		tb_record_free(rec);
		tb_reader_free(r);
	}
	if (f)
		fclose(f);
	free(buf);
}

static int S_hit(void *ctx, const tb_find_hit *h)
{
	S_out *out = ctx;
	if (out->o->count)
		return 0;
	if (out->o->list) {
		if (!out->last || strcmp(out->last, h->file)) {
			puts(h->file);
			free(out->last);
			out->last = strdup(h->file);
			if (!out->last)
				cli_oom();
		}
		return 0;
	}
	if (out->o->tgn) {
		S_tgn(out, h);
		return 0;
	}
	printf("%s:%u:", h->file, h->line);
	if (h->ply < 0)
		printf(" %s\n", h->game ? h->game : "?");
	else if (!h->token)
		printf(" the start: %s\n", h->position ? h->position : "");
	else
		printf(" %u%s %s (turn %ld%s): %s\n", h->turn, h->side == 1 ? "..." : ".", h->token,
		       h->ply, h->depth ? ", in a variation" : "", h->position ? h->position : "");
	return 0;
}

/* --material "N,M" into q->material ("*" any). */
static int S_material(const char *s, tb_find_query *q)
{
	char *end;
	for (int i = 0; i < 2; i++) {
		if (*s == '*') {
			q->material[i] = -1;
			end = (char *)s + 1;
		} else {
			long v = strtol(s, &end, 10);
			if (end == s || v < 0 || v > 200)
				return -1;
			q->material[i] = (int)v;
		}
		if (*end != (i ? '\0' : ','))
			return -1;
		s = end + 1;
	}
	return 0;
}

int cmd_find(int argc, char **argv)
{
	S_opts o = {0};
	o.files.v = argv;
	o.tags = calloc((size_t)argc + 1, sizeof *o.tags);
	if (!o.tags)
		cli_oom();
	int rc = EXIT_TROUBLE;
	tb_index *ix = NULL;
	S_out out = {.o = &o};
	tb_find_query q = {.material = {-1, -1}};
	if (cli_options_parse(&cli_find_options, argc, argv, &o) < 0)
		goto done;
	if (o.list + o.count + o.tgn > 1) {
		cli_error("find", "-l, -c and --tgn are each a way to say what was found: one of them");
		goto done;
	}
	if (o.material && S_material(o.material, &q)) {
		cli_error("find", "--material takes N,M (pieces of each side; '*' any), not '%s'",
		          o.material);
		goto done;
	}
	if (o.game && !tb_game_find(o.game)) {
		char hint[96];
		cli_error("find", "unknown game '%s'%s", o.game, cli_game_hint(o.game, hint, sizeof hint));
		goto done;
	}
	if (o.symmetric && !o.position && !o.pattern) {
		cli_error("find", "--symmetric is of a --position or --pattern");
		goto done;
	}
	if (!(ix = cli_index_for("find", o.index, o.files.v, o.files.n)))
		goto done;
	q.game = o.game;
	q.position = o.position;
	q.pattern = o.pattern;
	q.symmetric = o.symmetric;
	q.event = o.event;
	q.tags = o.tags;
	q.ntags = o.ntags;
	q.text = o.text;
	long n = tb_index_find(ix, &q, S_hit, &out);
	if (n < 0) {
		int field = tb_index_errfield(ix);
		cli_index_query_error("find", ix, field == TB_FIND_PATTERN ? o.pattern
		                                  : field == TB_FIND_POSITION ? o.position : NULL);
		goto done;
	}
	if (o.count)
		printf("%ld\n", n);
	if (fflush(stdout) || ferror(stdout) || out.failed) {
		if (!out.failed)
			cli_error("find", "cannot write to standard output");
		goto done;
	}
	rc = n ? EXIT_CLEAN : EXIT_PROBLEMS;
done:
	tb_index_close(ix);
	free(out.last);
	free(o.tags);
	return rc;
}
