/*
 * cmd_diff.c -- "tablero diff": two transcriptions of a game compared
 * by what their turns mean, the records of two files paired by order or
 * by tags; --duplicates, the same game found twice in collections, is
 * diff_dups.c's. Output: spec/compare.md; --xml writes the vocabulary
 * of schemas/diff.rng.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct S_opts {
	int tags, moves, comments;  /* what to compare */
	int xml, duplicates;
	const char *near;           /* --near K: near duplicates too */
	int jobs;                   /* --duplicates -j: 0 the default */
	const char *pair_by;        /* NULL: by order; else "Tag,Tag" */
	int only_tags, only_moves, no_comments; /* as given */
	int nfiles;
	char **files;
} S_opts;

/* One side of the comparison: a file being read. */
typedef struct S_src {
	const char *name;
	FILE *f;
	tb_reader *r;
	size_t game;                /* records read so far */
	int xml;                    /* refuse records XML cannot carry */
} S_src;

/* A record and its main line. */
typedef struct S_game {
	tb_record *rec;
	tb_plies *p;
	size_t index;               /* 1-based, in its file */
} S_game;

/* Where the output goes: text, or the library's diff document. */
typedef struct S_out {
	tb_diff_xml *x;
	const S_opts *o;
	const S_src *a, *b;
	int header;                 /* this pair's --- +++ lines are out */
	const S_game *ga, *gb;
} S_out;

/* Writes attribute 'name'. A record's text comes here only from a
 * record XML can carry (S_next refuses the others under --xml). */
static void S_xattr(S_out *out, const char *name, const char *v)
{
	tb_diff_xml_attr(out->x, name, v);
}

static void S_xattr_u(S_out *out, const char *name, unsigned long long v)
{
	tb_diff_xml_uint(out->x, name, v);
}

/* Writes out what the document holds so far: after each pair, so that
 * a long document is not held whole. */
static void S_xflush(S_out *out)
{
	size_t len;
	const char *s = tb_diff_xml_take(out->x, &len);
	if (!s)
		cli_oom();
	fwrite(s, 1, len, stdout); /* a failure: ferror(stdout), said at the end */
}

/* The --- +++ lines, once per pair with a difference. */
static void S_header(S_out *out)
{
	if (out->header || out->x)
		return;
	out->header = 1;
	printf("--- %s (game %zu, line %u)\n+++ %s (game %zu, line %u)\n", out->a->name,
	       out->ga->index, tb_record_line(out->ga->rec), out->b->name, out->gb->index,
	       tb_record_line(out->gb->rec));
}

/* ===== Tags ===== */

/* Prints [Name "value"] with '"' and '\\' escaped, as TGN writes it,
 * then 'end'. */
static void S_print_tag(const char *name, const char *v, const char *end)
{
	printf("[%s \"", name);
	for (; *v; v++) {
		if (*v == '"' || *v == '\\')
			putchar('\\');
		putchar(*v);
	}
	printf("\"]%s", end);
}

static int S_tags(S_out *out)
{
	int diffs = 0;
	const char *name, *va, *vb;
	for (int side = 0; side < 2; side++) {
		const tb_record *x = side ? out->gb->rec : out->ga->rec;
		const tb_record *y = side ? out->ga->rec : out->gb->rec;
		for (size_t i = 0; tb_record_tag_at(x, i, &name, side ? &vb : &va); i++) {
			const char *other = tb_record_tag(y, name);
			if (side && other)
				continue; /* both have it: seen from a */
			if (side)
				va = NULL;
			else
				vb = other;
			if (va && vb && strcmp(va, vb) == 0)
				continue;
			diffs++;
			if (out->x) {
				tb_diff_xml_start(out->x, "tag");
				S_xattr(out, "name", name);
				if (va)
					S_xattr(out, "a", va);
				if (vb)
					S_xattr(out, "b", vb);
				tb_diff_xml_end(out->x);
				continue;
			}
			S_header(out);
			if (diffs == 1)
				puts("@@ tags @@");
			if (va)
				putchar('-'), S_print_tag(name, va, "\n");
			if (vb)
				putchar('+'), S_print_tag(name, vb, "\n");
		}
	}
	return diffs;
}

/* ===== Turns ===== */

/* The starts, when they differ: the turns of the two records are not
 * played from the same position. */
static int S_start(S_out *out)
{
	const char *a = tb_plies_start(out->ga->p), *b = tb_plies_start(out->gb->p);
	if (!a || !b)
		cli_oom();
	if (strcmp(a, b) == 0)
		return 0;
	if (out->x) {
		tb_diff_xml_start(out->x, "start");
		S_xattr(out, "a", a);
		S_xattr(out, "b", b);
		tb_diff_xml_end(out->x);
	} else {
		S_header(out);
		printf("@@ start @@\n-%s\n+%s\n", a, b);
	}
	return 1;
}

/* Does 'y' mean something else than it writes: a '?', a '?' point or a
 * gap the rules decide, or a turn written short? Not a reading, whose
 * token is written bare. */
static int S_means(const tb_ply *y)
{
	return strcmp(y->token, y->written) != 0 && y->token[0] != '<';
}

/* Prints the turn as its record writes it -- "4. a1-a4", "4... d5",
 * "<gap 2>" -- and what it means when the rules decide a '?', a '?'
 * point or a gap, marked so ("12. d2^d4>? (reconstructed d2^d4>d6)"),
 * padded to 'width' characters (never cut). */
static void S_turn_text(const tb_ply *y, int width)
{
	int n = cli_ply_is_turn(y) && y->number && !y->parts
	            ? printf("%u%s %s", y->number, y->side == 1 ? "..." : ".", y->written)
	            : printf("%s", y->written);
	if (S_means(y))
		n += printf(" (%s%s)", y->status == TB_FRAME_RECONSTRUCTED ? "reconstructed " : "",
		            y->token);
	if (y->parts > 1) /* one turn of a decided gap: which */
		n += printf(" %u/%u", y->part, y->parts);
	for (const char *p = y->written; *p; p++) /* columns, not bytes */
		n -= ((unsigned char)*p & 0xC0) == 0x80;
	if (n < width)
		printf("%*s", width - n, "");
}

static void S_xply(S_out *out, const char *el, const tb_ply *y, const char *side)
{
	tb_diff_xml_start(out->x, el);
	if (side)
		S_xattr(out, "in", side);
	S_xattr_u(out, "ply", y->ply);
	if (y->number)
		S_xattr_u(out, "number", y->number);
	if (y->side < 2)
		S_xattr(out, "side", y->side ? "second" : "first");
	S_xattr(out, "token", y->written);
	if (S_means(y))
		S_xattr(out, "means", y->token);
	if (S_means(y) && y->status == TB_FRAME_RECONSTRUCTED)
		S_xattr(out, "reconstructed", "true");
	S_xattr_u(out, "line", y->line);
	S_xattr_u(out, "col", y->col);
	if (*y->notes && out->o->comments)
		S_xattr(out, "notes", y->notes);
	tb_diff_xml_end(out->x);
}

/* Where a line of a hunk stands in each file, under the hunk's "A | B":
 * "3 | 5"; a turn of one file alone, "3 |" or "| 5". */
static void S_where(const tb_ply *ya, const tb_ply *yb)
{
	if (ya)
		printf("  %5u |", ya->line);
	else
		printf("  %5s |", "");
	if (yb)
		printf(" %u", yb->line);
	putchar('\n');
}

/* Text 'c' (lines) under a turn, each line marked 'op'. */
static void S_notes(char op, const char *c)
{
	for (const char *p = c; *p;) {
		size_t len = strcspn(p, "\n");
		printf("%c        %.*s\n", op, (int)len, p);
		p += len + (p[len] == '\n');
	}
}

/* One line of a hunk: op, ply, the turn, where; a changed turn's NAGs,
 * comments and variations under it, since nothing else shows them. */
static void S_hunk_line(const S_out *out, char op, const tb_ply *ya, const tb_ply *yb)
{
	const tb_ply *y = ya ? ya : yb;
	printf("%c%6zu  ", op, y->ply);
	S_turn_text(y, 24);
	S_where(ya, yb);
	if (op != ' ' && out->o->comments) /* unless --ignore-comments */
		S_notes(op, y->notes);
}

typedef struct S_posdiff {
	S_out *out;
	int n;
} S_posdiff;

static void S_point(void *ctx, const char *what, const char *in_a, const char *in_b)
{
	S_posdiff *d = ctx;
	S_out *out = d->out;
	d->n++;
	if (out->x) {
		tb_diff_xml_start(out->x, "differs");
		S_xattr(out, "at", what);
		S_xattr(out, "a", in_a);
		S_xattr(out, "b", in_b);
		tb_diff_xml_end(out->x);
	} else {
		printf("  %-8s %-6s | %s\n", what, *in_a ? in_a : "empty", *in_b ? in_b : "empty");
	}
}

/* The first divergence: edits e[from..to) are its block. */
static void S_divergence(S_out *out, const tb_edit *e, size_t from, size_t to)
{
	const tb_plies *pa = out->ga->p, *pb = out->gb->p;
	/* the first node of the run on each side, if it has one: the
	 * positions compared are those after them */
	size_t na = e[from].a, nb = e[from].b;
	for (size_t i = from; i < to; i++) {
		na += e[i].op == '-' && na == e[from].a;
		nb += e[i].op == '+' && nb == e[from].b;
	}
	const tb_ply *ya = na > e[from].a ? tb_plies_turn_at(pa, e[from].a) : NULL;
	const tb_ply *yb = nb > e[from].b ? tb_plies_turn_at(pb, e[from].b) : NULL;
	/* the first turn that differs; a gap or a restated position is
	 * after the turns before it */
	const tb_ply *first = ya && yb ? (yb->ply < ya->ply ? yb : ya) : ya ? ya : yb;
	size_t ply = first->ply;
	int after = !cli_ply_is_turn(first);
	int known = tb_plies_turn_position_diff(pa, na, pb, nb, NULL, NULL);
	if (known == TB_ENOMEM)
		cli_oom();
	int same_game = tb_record_game(out->ga->rec) == tb_record_game(out->gb->rec);
	if (out->x) {
		tb_diff_xml_start(out->x, "divergence");
		S_xattr_u(out, after ? "after-ply" : "ply", ply);
		if (ya)
			S_xattr_u(out, "a-line", ya->line);
		if (yb)
			S_xattr_u(out, "b-line", yb->line);
		S_xattr(out, "positions", known < 0 ? "unknown" : "known");
	} else {
		printf("@@ first divergence: %sply %zu", after ? "after " : "", ply);
		if (ya)
			printf(", %s:%u:%u", out->a->name, ya->line, ya->col);
		if (yb)
			printf(", %s:%u:%u", out->b->name, yb->line, yb->col);
		puts(" @@");
		if (!same_game)
			puts("  the records are of different games");
		else if (known < 0 && ((ya && ya->status == TB_FRAME_OPEN) ||
		                       (yb && yb->status == TB_FRAME_OPEN)))
			puts("  the positions after it are not known (more than one turn fits "
			     "the record there)");
		else if (known < 0)
			puts("  the positions after it are not known (the rules cannot follow "
			     "a record there)");
		else if (known == 0)
			puts("  after it, the positions are the same");
		else
			printf("  after it, the positions differ in %d place%s (%s | %s):\n", known,
			       known == 1 ? "" : "s", out->a->name, out->b->name);
	}
	S_posdiff d = {out, 0};
	if (known > 0)
		if (tb_plies_turn_position_diff(pa, na, pb, nb, S_point, &d) == TB_ENOMEM)
			cli_oom();
	if (out->x)
		tb_diff_xml_end(out->x);
}

/* The end of the run of changes starting at e[i]. */
static size_t S_run_end(const tb_edit *e, size_t n, size_t i)
{
	while (i < n && e[i].op != '=')
		i++;
	return i;
}

/* Writes the lines e[lo..hi): in each run of changes, what only a has
 * first, then what only b has, as diff(1) does. */
static void S_hunk(S_out *out, const tb_edit *e, size_t lo, size_t hi)
{
	const tb_plies *pa = out->ga->p, *pb = out->gb->p;
	if (out->x) {
		tb_diff_xml_start(out->x, "hunk");
	} else {
		size_t ca = 0, cb = 0;
		for (size_t k = lo; k < hi; k++)
			ca += e[k].op != '+', cb += e[k].op != '-';
		printf("@@ -%zu,%zu +%zu,%zu @@ %s | %s\n", e[lo].a + (ca != 0), ca,
		       e[lo].b + (cb != 0), cb, out->a->name, out->b->name);
	}
	for (size_t k = lo; k < hi;) {
		if (e[k].op == '=') {
			if (!out->x)
				S_hunk_line(out, ' ', tb_plies_turn_at(pa, e[k].a),
				            tb_plies_turn_at(pb, e[k].b));
			k++;
			continue;
		}
		size_t end = S_run_end(e, hi, k);
		for (int pass = 0; pass < 2; pass++)
			for (size_t j = k; j < end; j++) {
				if (e[j].op != (pass ? '+' : '-'))
					continue;
				const tb_ply *y =
				    pass ? tb_plies_turn_at(pb, e[j].b) : tb_plies_turn_at(pa, e[j].a);
				if (out->x)
					S_xply(out, pass ? "insert" : "delete", y, NULL);
				else
					S_hunk_line(out, e[j].op, pass ? NULL : y, pass ? y : NULL);
			}
		k = end;
	}
	if (out->x)
		tb_diff_xml_end(out->x);
}

/* Writes the hunks of the edit script (one turn of context around each
 * run of changes; runs whose context meets share a hunk) and the first
 * divergence. Returns the number of changed turns. */
static size_t S_turns(S_out *out, const tb_edit *e, size_t n)
{
	size_t changed = 0, first = n;
	for (size_t i = 0; i < n; i++)
		if (e[i].op != '=') {
			changed++;
			first = first < n ? first : i;
		}
	if (!changed)
		return 0;
	S_header(out);
	if (out->x)
		tb_diff_xml_start(out->x, "turns");
	S_divergence(out, e, first, S_run_end(e, n, first));
	for (size_t i = first; i < n;) {
		size_t lo = i > 0 ? i - 1 : i, end = S_run_end(e, n, i), hi;
		for (;;) {
			hi = end < n ? end + 1 : end;
			size_t next = hi;
			while (next < n && e[next].op == '=' && next <= hi)
				next++;
			if (next < n && e[next].op != '=' && next <= hi + 1) {
				end = S_run_end(e, n, next);
				continue;
			}
			break;
		}
		S_hunk(out, e, lo, hi);
		i = hi;
		while (i < n && e[i].op == '=')
			i++;
	}
	if (out->x)
		tb_diff_xml_end(out->x);
	return changed;
}

/* ===== Comments ===== */

static int S_comment_pair(S_out *out, int *count, const char *where, const tb_ply *ya,
                          const tb_ply *yb, const char *ca, const char *cb)
{
	if (strcmp(ca, cb) == 0)
		return 0;
	if (out->x) {
		tb_diff_xml_start(out->x, "notes");
		if (ya) {
			S_xattr_u(out, "a-ply", ya->ply);
			S_xattr_u(out, "a-line", ya->line);
			S_xattr_u(out, "b-line", yb->line);
		} else {
			S_xattr(out, "at", where);
		}
		tb_diff_xml_text_element(out->x, "a", ca);
		tb_diff_xml_text_element(out->x, "b", cb);
		tb_diff_xml_end(out->x);
	} else {
		S_header(out);
		if (!(*count)++)
			printf("@@ comments @@ %s | %s\n", out->a->name, out->b->name);
		if (ya) {
			printf(" %6zu  ", ya->ply);
			S_turn_text(ya, 24);
			S_where(ya, yb);
		} else {
			printf("  %s\n", where);
		}
		S_notes('-', ca); /* outer comments are lines already */
		S_notes('+', cb);
	}
	return 1;
}

static int S_comments(S_out *out, const tb_edit *e, size_t n)
{
	int count = 0, diffs = 0;
	for (size_t i = 0; i < n; i++) {
		if (e[i].op != '=')
			continue;
		const tb_ply *ya = tb_plies_turn_at(out->ga->p, e[i].a),
		             *yb = tb_plies_turn_at(out->gb->p, e[i].b);
		diffs += S_comment_pair(out, &count, NULL, ya, yb, ya->notes, yb->notes);
	}
	diffs += S_comment_pair(out, &count, "outside the turns", NULL, NULL,
	                        tb_plies_comments(out->ga->p), tb_plies_comments(out->gb->p));
	return diffs;
}

/* ===== A pair ===== */

/* Compares two records; returns 1 when they differ in what is
 * compared. */
static int S_pair(S_out *out, const S_game *ga, const S_game *gb)
{
	out->ga = ga, out->gb = gb;
	out->header = 0;
	if (out->x) {
		tb_diff_xml_start(out->x, "pair");
		S_xattr_u(out, "a-game", ga->index);
		S_xattr_u(out, "a-line", tb_record_line(ga->rec));
		S_xattr_u(out, "b-game", gb->index);
		S_xattr_u(out, "b-line", tb_record_line(gb->rec));
	}
	int diffs = 0;
	if (out->o->tags)
		diffs += S_tags(out);
	if (out->o->moves)
		diffs += S_start(out);
	size_t n = 0;
	tb_edit *e =
	    out->o->moves || out->o->comments ? tb_plies_align_turns(ga->p, gb->p, &n) : NULL;
	if (!e && (out->o->moves || out->o->comments) &&
	    (tb_plies_turn_count(ga->p) || tb_plies_turn_count(gb->p)))
		cli_oom();
	if (out->o->moves)
		diffs += S_turns(out, e, n) > 0;
	if (out->o->comments)
		diffs += S_comments(out, e, n);
	free(e);
	if (out->x) {
		tb_diff_xml_end(out->x); /* an empty <pair/>: the same */
		S_xflush(out);
	}
	return diffs > 0;
}

/* A game without a partner. */
static void S_only(S_out *out, const S_src *src, const char *side, const S_game *g)
{
	const char *site = tb_record_tag(g->rec, "Site"), *date = tb_record_tag(g->rec, "Date");
	if (out->x) {
		tb_diff_xml_start(out->x, "only");
		S_xattr(out, "in", side);
		S_xattr_u(out, "game", g->index);
		S_xattr_u(out, "line", tb_record_line(g->rec));
		tb_diff_xml_end(out->x);
		return;
	}
	size_t turns = tb_record_plies(g->rec);
	printf("only in %s: game %zu (line %u) ", src->name, g->index, tb_record_line(g->rec));
	S_print_tag("Site", site ? site : "?", " ");
	S_print_tag("Date", date ? date : "?", "");
	printf(", %zu turn%s\n", turns, turns == 1 ? "" : "s");
}

/* ===== Reading ===== */

static void S_game_free(S_game *g)
{
	tb_plies_free(g->p);
	tb_record_free(g->rec);
	g->p = NULL, g->rec = NULL;
}

/* Reads src's next record. Returns 1 with 'g' filled, 0 at the end,
 * -1 for a record that cannot be compared (its errors printed; it
 * still takes its place in the order), -2 when the input failed, -3
 * for a record --xml cannot write (TB504 printed). */
static int S_next(S_src *src, S_game *g)
{
	tb_record *rec;
	int got = cli_reader_next(src->r, &rec);
	int unfit = got == 1 && src->xml && !tb_record_errors(rec) &&
	            tb_reader_xml_refuse(src->r, rec, "the record is not compared in XML");
	cli_print_errors(src->r);
	if (got < 0)
		return -2;
	if (got == 0)
		return 0;
	g->index = ++src->game;
	g->rec = rec;
	g->p = tb_record_errors(rec) || unfit ? NULL : tb_plies_new(rec);
	if (!g->p && !tb_record_errors(rec) && !unfit && tb_record_game(rec))
		cli_oom();
	if (!g->p) {
		tb_record_free(rec);
		g->rec = NULL;
		return unfit ? -3 : -1;
	}
	return 1;
}

static int S_open(S_src *src, const char *path)
{
	src->name = strcmp(path, "-") ? path : "<stdin>";
	src->f = cli_open(path);
	if (!src->f)
		return -1;
	src->r = cli_reader_new_file(src->f, src->name);
	return 0;
}

static void S_close(S_src *src)
{
	tb_reader_free(src->r);
	cli_close(src->f);
}

/* --pair-by's tags (S_args checks at most S_MAX_PAIR names, each
 * shorter than 64 bytes). */
#define S_MAX_PAIR 16

/* The key that pairs games under --pair-by: the values of its tags.
 * Sets bit i of '*seen' when the record has the i-th tag. */
static char *S_pair_key(const char *spec, const tb_record *rec, unsigned *seen)
{
	size_t cap = 64, len = 0;
	char *k = malloc(cap);
	if (!k)
		cli_oom();
	k[0] = '\0';
	for (unsigned i = 0; *spec; i++) {
		size_t n = strcspn(spec, ",");
		char name[64];
		snprintf(name, sizeof name, "%.*s", (int)n, spec);
		const char *v = tb_record_tag(rec, name);
		*seen |= v ? 1u << i : 0;
		v = v ? v : "\x01"; /* missing: pairs only with missing */
		size_t need = len + strlen(v) + 2;
		if (need > cap) {
			cap = need * 2;
			k = realloc(k, cap);
			if (!k)
				cli_oom();
		}
		len += (size_t)sprintf(k + len, "%s\x1f", v);
		spec += n + (spec[n] == ',');
	}
	return k;
}

/* Says which of --pair-by's tags no game had: every game was paired as
 * if it were missing, which is seldom what was meant (names are
 * case-sensitive). */
static void S_pair_unseen(const char *spec, unsigned seen)
{
	for (unsigned i = 0; *spec; i++) {
		size_t n = strcspn(spec, ",");
		if (!(seen & 1u << i))
			cli_error("diff", "warning: no game has a [%.*s] tag (tag names are "
			          "case-sensitive): it paired nothing", (int)n, spec);
		spec += n + (spec[n] == ',');
	}
}

/* Pairs by order: both files are read in step, one game each. */
static int S_by_order(S_out *out, S_src *a, S_src *b, int *trouble)
{
	int differ = 0;
	for (;;) {
		S_game ga = {0}, gb = {0};
		int ra = S_next(a, &ga), rb = S_next(b, &gb);
		if (ra == -2 || rb == -2 || (ra == 0 && rb == 0)) {
			*trouble |= ra == -2 || rb == -2;
			S_game_free(&ga), S_game_free(&gb);
			break;
		}
		if (ra < 0 || rb < 0) {
			*trouble = 1;
			for (int side = 0; side < 2; side++)
				if ((side ? rb : ra) < 0)
					cli_error("diff", "game %zu of %s cannot be compared%s",
					          side ? b->game : a->game, side ? b->name : a->name,
					          (side ? rb : ra) == -3 ? " in XML: it holds text XML cannot carry"
					                                 : ": it has errors");
		} else if (ra == 1 && rb == 1) {
			differ |= S_pair(out, &ga, &gb);
		} else if (ra == 1) {
			S_only(out, a, "a", &ga);
			differ = 1;
		} else {
			S_only(out, b, "b", &gb);
			differ = 1;
		}
		S_game_free(&ga), S_game_free(&gb);
	}
	return differ;
}

/* Pairs by tags: b's records are kept (a few KiB each: memory grows
 * with b, not a) sorted by key; a's are streamed, each taking
 * the first b game (in b's order) with its key not taken yet. */
typedef struct S_kept {
	char *key;
	S_game g;
	int taken;
} S_kept;

static int S_kept_cmp(const void *x, const void *y)
{
	const S_kept *a = x, *b = y;
	int c = strcmp(a->key, b->key);
	return c ? c : (a->g.index > b->g.index) - (a->g.index < b->g.index);
}

static int S_kept_order(const void *x, const void *y)
{
	const S_kept *const *a = x, *const *b = y;
	return ((*a)->g.index > (*b)->g.index) - ((*a)->g.index < (*b)->g.index);
}

/* The first kept game with 'key', or nk. */
static size_t S_lower(const S_kept *k, size_t nk, const char *key)
{
	size_t lo = 0, hi = nk;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(k[mid].key, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < nk && strcmp(k[lo].key, key) == 0 ? lo : nk;
}

static int S_by_tags(S_out *out, S_src *a, S_src *b, int *trouble)
{
	S_kept *kept = NULL;
	size_t nk = 0, capk = 0;
	int differ = 0, got;
	unsigned seen = 0;
	S_game g = {0};
	while ((got = S_next(b, &g)) != 0) {
		*trouble |= got < 0;
		if (got == -2)
			break;
		if (got < 0)
			continue;
		if (nk == capk) {
			capk = capk ? capk * 2 : 64;
			kept = realloc(kept, capk * sizeof *kept);
			if (!kept)
				cli_oom();
		}
		tb_plies_free(g.p); /* made again when paired: keep the record only */
		g.p = NULL;
		kept[nk++] = (S_kept){S_pair_key(out->o->pair_by, g.rec, &seen), g, 0};
	}
	if (nk)
		qsort(kept, nk, sizeof *kept, S_kept_cmp);
	/* next[i], for the first game i of a key: its next one not taken */
	size_t *next = calloc(nk + 1, sizeof *next);
	if (!next)
		cli_oom();
	for (size_t i = 0; i < nk; i++)
		next[i] = i;
	while ((got = S_next(a, &g)) != 0) {
		*trouble |= got < 0;
		if (got == -2)
			break;
		if (got < 0)
			continue;
		char *key = S_pair_key(out->o->pair_by, g.rec, &seen);
		size_t first = S_lower(kept, nk, key), i = first < nk ? next[first] : nk;
		if (i < nk && strcmp(kept[i].key, key) != 0)
			i = nk;
		free(key);
		if (i == nk) {
			S_only(out, a, "a", &g);
			differ = 1;
		} else {
			next[first] = i + 1;
			kept[i].taken = 1;
			kept[i].g.p = tb_plies_new(kept[i].g.rec);
			if (!kept[i].g.p)
				cli_oom(); /* kept: it had plies */
			differ |= S_pair(out, &g, &kept[i].g);
			tb_plies_free(kept[i].g.p);
			kept[i].g.p = NULL;
		}
		S_game_free(&g);
	}
	/* b's games nobody took, in b's order */
	S_kept **left = calloc(nk + 1, sizeof *left);
	size_t nleft = 0;
	if (!left)
		cli_oom();
	for (size_t i = 0; i < nk; i++)
		if (!kept[i].taken)
			left[nleft++] = &kept[i];
	if (nleft)
		qsort(left, nleft, sizeof *left, S_kept_order);
	for (size_t i = 0; i < nleft; i++) {
		S_only(out, b, "b", &left[i]->g);
		differ = 1;
	}
	for (size_t i = 0; i < nk; i++) {
		free(kept[i].key);
		S_game_free(&kept[i].g);
	}
	S_pair_unseen(out->o->pair_by, seen);
	free(left);
	free(next);
	free(kept);
	return differ;
}

/* ===== The command ===== */

/* "order", or 1 to S_MAX_PAIR tag names (letters, digits, '_'; at most
 * 63 each) joined by ','. */
static int S_pair_spec_ok(const char *v)
{
	if (strcmp(v, "order") == 0)
		return 1;
	unsigned names = 0;
	for (const char *s = v;; s++) {
		size_t n = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
		if (n == 0 || n > 63 || ++names > S_MAX_PAIR)
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
	S_opts *o = opts;
	if (!a->value) {
		cli_error("diff", "--pair-by needs 'order' or tag names");
		return -1;
	}
	o->pair_by = strcmp(a->value, "order") == 0 ? NULL : a->value;
	if (!S_pair_spec_ok(a->value)) {
		cli_error("diff", "--pair-by takes 'order' or up to %d tag names joined by "
		          "',' (\"Site,Date,Round\"), not '%s'", S_MAX_PAIR, a->value);
		return -1;
	}
	return 0;
}

static const cli_opt S_opts_table[] = {
	CLI_CALL(0, "pair-by", "SPEC", S_pair_by, 0, CLI_OPT_OWN_MISSING, NULL,
	         "pair the games of A and B in order (the default),\n"
	         "or by the values of the tags SPEC names\n"
	         "(\"Site,Date,Round\"); unpaired games are listed"),
	CLI_FLAG(0, "tags-only", S_opts, only_tags, "compare the tags only"),
	CLI_FLAG(0, "moves-only", S_opts, only_moves, "compare the turns only"),
	CLI_FLAG(0, "ignore-comments", S_opts, no_comments,
	         "leave comments, NAGs and variations out"),
	CLI_FLAG(0, "xml", S_opts, xml, "write the differences as XML (schemas/diff.rng)"),
	CLI_FLAG(0, "duplicates", S_opts, duplicates,
	         "list the games of all FILEs that are the same\n"
	         "game, up to the board's symmetries, and those\n"
	         "that begin another"),
	CLI_STRING(0, "near", "K", S_opts, near,
	           "with --duplicates, also the pairs of records that\n"
	           "are the same game but for at most K turns (1-64),\n"
	           "with the turns that differ"),
	CLI_JOBS(S_opts, jobs, NULL,
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

static int S_args(int argc, char **argv, S_opts *o)
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
	S_opts o = {0};
	if (S_args(argc, argv, &o))
		return EXIT_TROUBLE;
	S_out out = {0};
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
		S_src a = {0}, b = {0};
		if (out.x) {
			cli_diff_xname(out.x, "a", strcmp(o.files[0], "-") ? o.files[0] : "<stdin>");
			cli_diff_xname(out.x, "b", strcmp(o.files[1], "-") ? o.files[1] : "<stdin>");
		}
		a.xml = b.xml = o.xml;
		if (S_open(&a, o.files[0]) == 0 && S_open(&b, o.files[1]) == 0) {
			out.a = &a, out.b = &b;
			differ = o.pair_by ? S_by_tags(&out, &a, &b, &trouble)
			                   : S_by_order(&out, &a, &b, &trouble);
		} else {
			trouble = 1;
		}
		if (a.r)
			S_close(&a);
		if (b.r)
			S_close(&b);
	}
	if (out.x) {
		tb_diff_xml_finish(out.x);
		S_xflush(&out);
		tb_diff_xml_free(out.x);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_error("diff", "cannot write to standard output");
		trouble = 1;
	}
	return trouble ? EXIT_TROUBLE : differ ? EXIT_PROBLEMS : EXIT_CLEAN;
}
