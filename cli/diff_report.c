/*
 * diff_report.c -- one pair of tablero diff's records compared and
 * reported (spec/compare.md): the tags that differ, the starts, the
 * turns aligned by meaning (the first divergence, the points where the
 * positions differ, hunks of a unified diff), then the comments, NAGs
 * and variations that differ -- as text, or as the diff document
 * (schemas/diff.rng) through the library's writer. Shared through diff.h.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"

/* Writes attribute 'name'. A record's text comes here only from a
 * record XML can carry (diff_next refuses the others under --xml). */
static void S_xattr(diff_out *out, const char *name, const char *v)
{
	tb_diff_xml_attr(out->x, name, v);
}

static void S_xattr_u(diff_out *out, const char *name, unsigned long long v)
{
	tb_diff_xml_uint(out->x, name, v);
}

/* Writes out what the document holds so far: after each pair, so that
 * a long document is not held whole. */
void diff_xflush(diff_out *out)
{
	size_t len;
	const char *s = tb_diff_xml_take(out->x, &len);
	if (!s)
		cli_oom();
	fwrite(s, 1, len, stdout); /* a failure: ferror(stdout), said at the end */
}

/* The --- +++ lines, once per pair with a difference. */
static void S_header(diff_out *out)
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

static int S_tags(diff_out *out)
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
static int S_start(diff_out *out)
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

static void S_xply(diff_out *out, const char *el, const tb_ply *y, const char *side)
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
static void S_hunk_line(const diff_out *out, char op, const tb_ply *ya, const tb_ply *yb)
{
	const tb_ply *y = ya ? ya : yb;
	printf("%c%6zu  ", op, y->ply);
	S_turn_text(y, 24);
	S_where(ya, yb);
	if (op != ' ' && out->o->comments) /* unless --ignore-comments */
		S_notes(op, y->notes);
}

typedef struct S_posdiff {
	diff_out *out;
	int n;
} S_posdiff;

static void S_point(void *ctx, const char *what, const char *in_a, const char *in_b)
{
	S_posdiff *d = ctx;
	diff_out *out = d->out;
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
static void S_divergence(diff_out *out, const tb_edit *e, size_t from, size_t to)
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
static void S_hunk(diff_out *out, const tb_edit *e, size_t lo, size_t hi)
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
static size_t S_turns(diff_out *out, const tb_edit *e, size_t n)
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

static int S_comment_pair(diff_out *out, int *count, const char *where, const tb_ply *ya,
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

static int S_comments(diff_out *out, const tb_edit *e, size_t n)
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
int diff_pair(diff_out *out, const diff_game *ga, const diff_game *gb)
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
		diff_xflush(out);
	}
	return diffs > 0;
}

/* A game without a partner. */
void diff_only(diff_out *out, const diff_src *src, const char *side, const diff_game *g)
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

