/*
 * cmd_diff.c -- "tablero diff": two transcriptions of a game compared
 * by what their turns mean, the records of two files paired by order or
 * by tags; --duplicates, the same game found twice in collections, is
 * diff_dups.c's. Output: spec/compare.md; --xml writes the vocabulary
 * of schemas/diff.rng.
 *
 * This file: the command's options and what it runs; the records are
 * read and paired in diff_pair.c, each pair reported in diff_report.c
 * (diff.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"

/* ===== The command ===== */

/* "order", or 1 to DIFF_MAX_PAIR tag names (letters, digits, '_'; at most
 * 63 each) joined by ','. */
static int S_pair_spec_ok(const char *v)
{
	if (strcmp(v, "order") == 0)
		return 1;
	unsigned names = 0;
	for (const char *s = v;; s++) {
		size_t n = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
		if (n == 0 || n > 63 || ++names > DIFF_MAX_PAIR)
			return 0;
		s += n;
		if (*s == '\0')
			return 1;
		if (*s != ',')
			return 0;
	}
}

static int S_pair_by(void *opts, const cli_optarg *a)
{
	diff_opts *o = opts;
	if (!a->value) {
		cli_error("diff", "--pair-by needs 'order' or tag names");
		return -1;
	}
	o->pair_by = strcmp(a->value, "order") == 0 ? NULL : a->value;
	if (!S_pair_spec_ok(a->value)) {
		cli_error("diff", "--pair-by takes 'order' or up to %d tag names joined by "
		          "',' (\"Site,Date,Round\"), not '%s'", DIFF_MAX_PAIR, a->value);
		return -1;
	}
	return 0;
}

static const cli_opt S_opts_table[] = {
	CLI_CALL(0, "pair-by", "SPEC", S_pair_by, 0, CLI_OPT_OWN_MISSING, NULL,
	         "pair the games of A and B in order (the default),\n"
	         "or by the values of the tags SPEC names\n"
	         "(\"Site,Date,Round\"); unpaired games are listed"),
	CLI_FLAG(0, "tags-only", diff_opts, only_tags, "compare the tags only"),
	CLI_FLAG(0, "moves-only", diff_opts, only_moves, "compare the turns only"),
	CLI_FLAG(0, "ignore-comments", diff_opts, no_comments,
	         "leave comments, NAGs and variations out"),
	CLI_FLAG(0, "xml", diff_opts, xml, "write the differences as XML (schemas/diff.rng)"),
	CLI_FLAG(0, "duplicates", diff_opts, duplicates,
	         "list the games of all FILEs that are the same\n"
	         "game, up to the board's symmetries, and those\n"
	         "that begin another"),
	CLI_STRING(0, "near", "K", diff_opts, near,
	           "with --duplicates, also the pairs of records that\n"
	           "are the same game but for at most K turns (1-64),\n"
	           "with the turns that differ"),
	CLI_JOBS(diff_opts, jobs, NULL,
	         "with --duplicates, replay N games at once, in N\n"
	         "threads (default: one per core, at most 8; 0:\n"
	         "that); the output is the same"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_diff_options = {
	"diff",
	"usage: tablero diff [--pair-by order|TAG,...] [--tags-only | --moves-only]\n"
	"                    [--ignore-comments] [--xml] A B\n"
	"       tablero diff --duplicates [--near K] [--xml] [-j N] FILE...\n"
	"\n"
	"Compares the records of A with those of B ('-': standard input) by\n"
	"what they mean, not how they are spelled (spec/compare.md): two\n"
	"tokens the rules read as the same turn are the same. For each pair\n"
	"that differs it prints the tags that differ, the starts if they\n"
	"differ, the first divergence with the points where the positions\n"
	"after it differ, the turns aligned as a unified diff (ply, turn,\n"
	"its line in each source; a changed turn with its comments), then\n"
	"the comments, NAGs and variations of the other turns that differ.\n"
	"Identical records print nothing.\n"
	"\n",
	S_opts_table, 21,
	"Exit: 0 the same (no duplicates), 1 different (duplicates found),\n"
	"2 could not compare (unreadable input, a record with errors).\n",
	CLI_OPTS_DASHDASH, NULL, NULL, NULL, NULL
};

static int S_args(int argc, char **argv, diff_opts *o)
{
	int i = cli_options_parse(&cli_diff_options, argc, argv, o);
	if (i < 0)
		return -1;
	int only_tags = o->only_tags, only_moves = o->only_moves, no_comments = o->no_comments;
	int jobs = o->jobs != 0; /* -j given: cli_opt_jobs made it 1 or more */
	if (only_tags && only_moves) {
		cli_error("diff", "--tags-only and --moves-only exclude each other");
		return -1;
	}
	o->tags = !only_moves;
	o->moves = !only_tags;
	o->comments = !only_tags && !only_moves && !no_comments;
	o->files = argv + i;
	o->nfiles = argc - i;
	if (o->duplicates ? o->nfiles < 1 : o->nfiles != 2) {
		cli_error("diff", o->duplicates ? "--duplicates needs at least one FILE"
		                                : "compare two files: tablero diff A B");
		return -1;
	}
	int stdins = 0;
	for (int k = 0; k < o->nfiles; k++)
		stdins += strcmp(o->files[k], "-") == 0;
	if (stdins > 1) {
		cli_error("diff", "standard input ('-') can be read only once");
		return -1;
	}
	if (jobs && !o->duplicates) {
		cli_error("diff", "-j spreads --duplicates over the cores; two files are compared "
		          "in one thread");
		return -1;
	}
	if (o->near && (!o->duplicates || o->xml || strspn(o->near, "0123456789") != strlen(o->near) ||
	                atoi(o->near) < 1 || atoi(o->near) > 64)) {
		cli_error("diff", "--near K (1 to 64) goes with --duplicates, as text (not --xml)%s",
		          "");
		return -1;
	}
	if (!o->jobs)
		o->jobs = cli_jobs_default();
	if (o->duplicates && (o->pair_by || only_tags || only_moves || no_comments)) {
		cli_error("diff", "--duplicates compares whole games: it takes no --pair-by, "
		          "--tags-only, --moves-only or --ignore-comments");
		return -1;
	}
	return 0;
}

int cmd_diff(int argc, char **argv)
{
	diff_opts o = {0};
	if (S_args(argc, argv, &o))
		return EXIT_TROUBLE;
	diff_out out = {0};
	out.o = &o;
	if (o.xml) {
		out.x = tb_diff_xml_new();
		if (!out.x) {
			cli_error("diff", "cannot write XML");
			return EXIT_TROUBLE;
		}
	}
	int trouble = 0, differ = 0;
	if (o.duplicates) {
		differ = cli_diff_duplicates(out.x, o.files, o.nfiles, o.jobs, o.near, &trouble);
	} else {
		diff_src a = {0}, b = {0};
		if (out.x) {
			cli_diff_xname(out.x, "a", strcmp(o.files[0], "-") ? o.files[0] : "<stdin>");
			cli_diff_xname(out.x, "b", strcmp(o.files[1], "-") ? o.files[1] : "<stdin>");
		}
		a.xml = b.xml = o.xml;
		if (diff_open(&a, o.files[0]) == 0 && diff_open(&b, o.files[1]) == 0) {
			out.a = &a, out.b = &b;
			differ = o.pair_by ? diff_by_tags(&out, &a, &b, &trouble)
			                   : diff_by_order(&out, &a, &b, &trouble);
		} else {
			trouble = 1;
		}
		if (a.r)
			diff_close(&a);
		if (b.r)
			diff_close(&b);
	}
	if (out.x) {
		tb_diff_xml_finish(out.x);
		diff_xflush(&out);
		tb_diff_xml_free(out.x);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_error("diff", "cannot write to standard output");
		trouble = 1;
	}
	return trouble ? EXIT_TROUBLE : differ ? EXIT_PROBLEMS : EXIT_CLEAN;
}
