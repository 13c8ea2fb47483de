/*
 * diff.h -- tablero diff, as its files share it (spec/compare.md):
 * cmd_diff.c the command (its options, what it runs), diff_pair.c the
 * records of the two files read and paired (by order or by tags),
 * diff_report.c each pair's report, as text or as the diff document
 * (schemas/diff.rng); --duplicates is diff_dups.c's and diff_near.c's.
 */
#ifndef CLI_DIFF_H
#define CLI_DIFF_H

#include <stddef.h>
#include <stdio.h>

#include "cli.h"

typedef struct diff_opts {
	int tags, moves, comments;  /* what to compare */
	int xml, duplicates;
	const char *near;           /* --near K: near duplicates too */
	int jobs;                   /* --duplicates -j: 0 the default */
	const char *pair_by;        /* NULL: by order; else "Tag,Tag" */
	int only_tags, only_moves, no_comments; /* as given */
	int nfiles;
	char **files;
} diff_opts;

/* One side of the comparison: a file being read. */
typedef struct diff_src {
	const char *name;
	FILE *f;
	tb_reader *r;
	size_t game;                /* records read so far */
	int xml;                    /* refuse records XML cannot carry */
} diff_src;

/* A record and its main line. */
typedef struct diff_game {
	tb_record *rec;
	tb_plies *p;
	size_t index;               /* 1-based, in its file */
} diff_game;

/* Where the output goes: text, or the library's diff document. */
typedef struct diff_out {
	tb_diff_xml *x;
	const diff_opts *o;
	const diff_src *a, *b;
	int header;                 /* this pair's --- +++ lines are out */
	const diff_game *ga, *gb;
} diff_out;

/* --pair-by's tags (S_args checks at most DIFF_MAX_PAIR names, each
 * shorter than 64 bytes). */
#define DIFF_MAX_PAIR 16


/* diff_pair.c: the records read and paired */
/* Reads src's next record. Returns 1 with 'g' filled, 0 at the end,
 * -1 for a record that cannot be compared (its errors printed; it
 * still takes its place in the order), -2 when the input failed, -3
 * for a record --xml cannot write (TB504 printed). */
int diff_next(diff_src *src, diff_game *g);
/* Opens 'path' ('-': standard input) and its reader; -1 (said) when it
 * cannot be opened. */
int diff_open(diff_src *src, const char *path);
/* Frees src's reader and closes its file. */
void diff_close(diff_src *src);
/* Pairs by order: both files are read in step, one game each. */
int diff_by_order(diff_out *out, diff_src *a, diff_src *b, int *trouble);
/* Pairs by the tags --pair-by names: b's records kept sorted by key,
 * a's streamed, each taking the first b game with its key not taken
 * yet; the games left without a partner said (diff_only). Both return
 * 1 when a pair differs or a game has no partner; '*trouble' is set
 * when a record could not be compared. */
int diff_by_tags(diff_out *out, diff_src *a, diff_src *b, int *trouble);

/* diff_report.c: a pair's report, as text or the diff document */
/* Writes out what the document holds so far: after each pair, so that
 * a long document is not held whole. */
void diff_xflush(diff_out *out);
/* Compares two records; returns 1 when they differ in what is
 * compared. */
int diff_pair(diff_out *out, const diff_game *ga, const diff_game *gb);
/* A game without a partner. */
void diff_only(diff_out *out, const diff_src *src, const char *side, const diff_game *g);

#endif
