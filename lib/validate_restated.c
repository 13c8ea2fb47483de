/*
 * validate_restated.c -- a position the record restates, against what
 * the turns before it reach (spec/reconstruct.md §1, §2). When none of
 * the positions the turns may have reached is the one restated (TB409),
 * the nearest -- the fewest points whose content differs, and the side
 * to move, the count and the keys such as the hands -- are named in
 * notes on the error, each with what differs, point by point, and the
 * turns that reach it. The work is that of the stretch's last layer,
 * which its budget bounds already.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "game.h"
#include "lang.h"
#include "reconstruct.h"
#include "validation.h"
#include "xalloc.h"

enum { S_NAMED = 3 }; /* nearest positions named, at most */

/* The notes found, NUL-separated, to be said on the error once it is. */
struct tb_val_near {
	tb_buf notes;
	size_t n;
};

/* "Y:d8" (side letter, type, point, crown) into 'b'. */
static void S_piece(tb_buf *b, const tb_game *g, const tb_piece *pc)
{
	char w[8];
	unsigned n = 0;
	if (pc->type)
		w[n++] = pc->type;
	n += tb_point_chars(w + n, pc->pt);
	if (pc->crowned)
		w[n++] = '+';
	w[n] = '\0';
	tb_buf_printf(b, "%c:%s", g->side_letter[pc->side], w);
}

/* Where the pieces of a position stand: the index + 1 of the piece on
 * each point (0: none), so that comparing two is linear. */
typedef struct S_map {
	const tb_position *p;
	uint16_t at[256];
} S_map;

static void S_map_of(S_map *m, const tb_position *p)
{
	memset(m->at, 0, sizeof m->at);
	m->p = p;
	for (size_t i = 0; i < p->npieces && i < UINT16_MAX; i++)
		if (p->pieces[i].pt != TB_PT_UNKNOWN)
			m->at[p->pieces[i].pt] = (uint16_t)(i + 1);
}

/* The piece of 'm' on point 'pt', or NULL. */
static const tb_piece *S_on(const S_map *m, tb_point pt)
{
	return m->at[pt] ? &m->p->pieces[m->at[pt] - 1] : NULL;
}

static int S_same_piece(const tb_piece *a, const tb_piece *b)
{
	return a->side == b->side && a->type == b->type && a->crowned == b->crowned;
}

/* What differs, told into 'w' (may be NULL: only counted). */
typedef struct S_words {
	tb_buf *w;
	unsigned points;        /* points whose content differs (and '?' pieces unmatched) */
	unsigned other;         /* the side to move, the count, keys */
	tb_buf *what;           /* "hand\n", ...: the other things, or NULL */
	int nomem;              /* a word ran out of memory */
	const tb_lang *lang;    /* in these words (NULL: English) */
} S_words;

/* The item of 'key' ("{1} in the drawing, {2} by the turns") into d->w. */
static void S_item(S_words *d, const char *key, const char *a, const char *b)
{
	if (!d->w)
		return;
	if (d->w->len)
		tb_buf_puts(d->w, tb_lang_text(d->lang, "val.near.sep"));
	tb_lang_fill(d->w, tb_lang_text(d->lang, key), (const char *[]){a, b}, 2);
}

/* The points: the drawing's pieces on known points, then the turns'
 * pieces on points the drawing leaves empty -- each matched, when it
 * can be, with a piece the drawing places nowhere known ('?'). */
static void S_diff_points(const tb_game *g, const tb_position *got, const tb_position *said,
                          unsigned char *wild, S_words *d)
{
	tb_buf a = TB_BUF_SOFT, b = TB_BUF_SOFT;
	S_map in_got, in_said;
	S_map_of(&in_got, got);
	S_map_of(&in_said, said);
	for (size_t i = 0; i < said->npieces; i++) {
		const tb_piece *s = &said->pieces[i], *t;
		if (s->pt == TB_PT_UNKNOWN)
			continue;
		t = S_on(&in_got, s->pt);
		if (t && S_same_piece(s, t))
			continue;
		d->points++;
		if (!d->w)
			continue; /* counted only: no words (a layer may hold a million) */
		tb_buf_clear(&a);
		tb_buf_clear(&b);
		S_piece(&a, g, s);
		if (t)
			S_piece(&b, g, t);
		S_item(d, t ? "val.near.both" : "val.near.drawing", a.data ? a.data : "",
		       t ? (b.data ? b.data : "") : "");
	}
	for (size_t i = 0; i < got->npieces; i++) {
		const tb_piece *t = &got->pieces[i];
		if (S_on(&in_said, t->pt))
			continue;
		size_t k = 0;
		while (k < said->npieces &&
		       (wild[k] || said->pieces[k].pt != TB_PT_UNKNOWN || !S_same_piece(&said->pieces[k], t)))
			k++;
		if (k < said->npieces) {
			wild[k] = 1; /* the '?' piece the drawing places nowhere known */
			continue;
		}
		d->points++;
		if (!d->w)
			continue;
		tb_buf_clear(&a);
		S_piece(&a, g, t);
		S_item(d, "val.near.turns", a.data ? a.data : "", "");
	}
	for (size_t k = 0; k < said->npieces; k++) {
		if (said->pieces[k].pt != TB_PT_UNKNOWN || wild[k])
			continue;
		d->points++;
		if (!d->w)
			continue;
		tb_buf_clear(&a);
		S_piece(&a, g, &said->pieces[k]);
		S_item(d, "val.near.drawing", a.data ? a.data : "", "");
	}
	d->nomem |= !tb_buf_ok(&a) || !tb_buf_ok(&b);
	tb_buf_free(&a);
	tb_buf_free(&b);
}

/* What else differs, for the header: its name, a line each. */
static void S_what(S_words *d, const char *what)
{
	d->other++;
	if (d->what)
		tb_buf_printf(d->what, "%s\n", what);
}

/* The side to move, the count, and the keys ('said' leaving out one of
 * what happened before it is no difference, as for tb_position_restates). */
static void S_diff_rest(const tb_game *g, const tb_position *got, const tb_position *said,
                        S_words *d)
{
	char x[24], y[24];
	if (got->to_move != said->to_move) {
		snprintf(x, sizeof x, "%c", g->side_letter[said->to_move]);
		snprintf(y, sizeof y, "%c", g->side_letter[got->to_move]);
		S_item(d, "val.near.to_move", x, y);
		S_what(d, tb_lang_text(d->lang, "val.near.what.to_move"));
	}
	if (got->number != said->number) {
		snprintf(x, sizeof x, "%u", said->number);
		snprintf(y, sizeof y, "%u", got->number);
		S_item(d, "val.near.number", x, y);
		S_what(d, tb_lang_text(d->lang, "val.near.what.number"));
	}
	for (size_t i = 0, j = 0; i < got->nextras || j < said->nextras;) {
		const tb_extra *p = i < got->nextras ? &got->extras[i] : NULL;
		const tb_extra *q = j < said->nextras ? &said->extras[j] : NULL;
		int c = !p ? 1 : !q ? -1 : strcmp(p->key, q->key);
		i += c <= 0;
		j += c >= 0;
		if (c == 0 && strcmp(p->value, q->value) == 0)
			continue;
		if (c < 0 && tb_position_history_key(p->key))
			continue;
		if (!d->w) {
			d->other++;
			continue;
		}
		tb_buf kv = TB_BUF_SOFT, kw = TB_BUF_SOFT;
		if (c >= 0)
			tb_buf_printf(&kv, "%s=%s", q->key, q->value);
		if (c <= 0)
			tb_buf_printf(&kw, "%s=%s", p->key, p->value);
		if (c == 0)
			S_item(d, "val.near.both", kv.data ? kv.data : "", kw.data ? kw.data : "");
		else if (c > 0)
			S_item(d, "val.near.drawing", kv.data ? kv.data : "", "");
		else
			S_item(d, "val.near.turns", kw.data ? kw.data : "", "");
		S_what(d, c > 0 ? q->key : p->key);
		d->nomem |= !tb_buf_ok(&kv) || !tb_buf_ok(&kw);
		tb_buf_free(&kv);
		tb_buf_free(&kw);
	}
}

/* How far position 's' is from 'said', into 'd' (whose buffers may be
 * NULL: only counted); the points and the other things that differ
 * together, or UINT_MAX when memory ran out (v->oom). */
static unsigned S_distance(tb_val *v, const tb_state *s, const tb_position *said, S_words *d)
{
	tb_arena a = {0};
	tb_position got;
	unsigned char *wild = tb_calloc(said->npieces + 1, 1);
	if (!wild || tb_rules_save(&v->rs, s, &a, &got)) {
		free(wild);
		tb_arena_free(&a);
		v->oom = 1;
		return UINT_MAX;
	}
	S_diff_points(v->rs.game, &got, said, wild, d);
	S_diff_rest(v->rs.game, &got, said, d);
	free(wild);
	tb_arena_free(&a);
	v->oom |= d->nomem;
	return d->nomem ? UINT_MAX : d->points + d->other;
}

/* "differs at 2 points, in the side to move and in hand: ..." for 's',
 * into 'b'. */
static void S_differs(tb_val *v, tb_buf *b, const tb_state *s, const tb_position *said)
{
	tb_buf items = TB_BUF_SOFT, what = TB_BUF_SOFT, one = TB_BUF_SOFT;
	S_words d = {&items, 0, 0, &what, 0, v->lang};
	S_distance(v, s, said, &d);
	unsigned parts = (d.points > 0) + d.other, k = 0;
	char num[16];
	snprintf(num, sizeof num, "%u", d.points);
	tb_val_words(v, b, "val.differs", NULL, 0);
	if (d.points)
		tb_val_words_n(v, b, "val.differs.points", d.points, (const char *[]){num}, 1);
	k += d.points > 0;
	for (const char *c = tb_val_text(v, &what); *c; c += strcspn(c, "\n") + 1, k++) {
		tb_buf_clear(&one);
		tb_buf_printf(&one, "%.*s", (int)strcspn(c, "\n"), c);
		tb_val_words(v, b, k == 0 ? "val.differs.in" : k + 1 == parts ? "val.differs.in.last"
		                                                              : "val.differs.in.next",
		             (const char *[]){tb_val_text(v, &one)}, 1);
	}
	tb_val_words(v, b, "val.differs.items", (const char *[]){tb_val_text(v, &items)}, 1);
	tb_buf_free(&one);
	tb_buf_free(&items);
	tb_buf_free(&what);
}

static void S_note_add(tb_val_near *nr, const tb_buf *b)
{
	tb_buf_puts(&nr->notes, b->data ? b->data : "");
	tb_buf_putc(&nr->notes, '\0');
	nr->n++;
}

/* The indices of the last layer of 'x' nearest 'said' (up to S_NAMED)
 * into 'best'; how many are as near into '*as_near'; the least
 * difference, or UINT_MAX when there is no position (or no memory). */
static unsigned S_nearest(tb_val *v, const tb_stretch *x, const tb_position *said, size_t *best,
                          size_t *named, size_t *as_near)
{
	unsigned least = UINT_MAX;
	*named = *as_near = 0;
	for (size_t i = 0; i < tb_stretch_count(x) && !v->oom; i++) {
		S_words w = {NULL, 0, 0, NULL, 0, NULL};
		unsigned d = S_distance(v, tb_stretch_state(x, i), said, &w);
		if (d > least)
			continue;
		if (d < least) {
			least = d;
			*named = *as_near = 0;
		}
		if (*named < S_NAMED)
			best[(*named)++] = i;
		++*as_near;
	}
	return v->oom ? UINT_MAX : least;
}

tb_val_near *tb_val_near_find(tb_val *v, tb_stretch *x, const tb_position *said)
{
	size_t best[S_NAMED], named, as_near;
	if (!said || S_nearest(v, x, said, best, &named, &as_near) == UINT_MAX || !named)
		return NULL;
	tb_val_near *nr = tb_calloc(1, sizeof *nr);
	tb_turn *path = tb_malloc((tb_stretch_steps(x) + 1) * sizeof *path);
	if (!nr || !path) {
		free(nr);
		free(path);
		v->oom = 1;
		return NULL;
	}
	nr->notes = (tb_buf)TB_BUF_SOFT;
	tb_buf b = TB_BUF_SOFT, differs = TB_BUF_SOFT;
	char num[24];
	for (size_t k = 0; k < named; k++) {
		const tb_state *s = tb_stretch_state(x, best[k]);
		tb_state start;
		tb_buf_clear(&b);
		tb_buf_clear(&differs);
		S_differs(v, &differs, s, said);
		snprintf(num, sizeof num, "%zu", as_near);
		tb_val_words_n(v, &b, as_near == 1 ? "val.near.single" : "val.near.of", (long)as_near,
		               (const char *[]){tb_val_text(v, &differs), num}, 2);
		if (tb_stretch_steps(x) && tb_stretch_path_to(x, s, path, &start)) {
			tb_buf_clear(&differs);
			tb_val_turns_written(&differs, &start, path, tb_stretch_steps(x));
			tb_val_words(v, &b, "val.near.by", (const char *[]){tb_val_text(v, &differs)}, 1);
		}
		S_note_add(nr, &b);
	}
	if (as_near > named) {
		tb_buf_clear(&b);
		snprintf(num, sizeof num, "%zu", as_near - named);
		tb_val_words_n(v, &b, "val.near.more", (long)(as_near - named), (const char *[]){num}, 1);
		S_note_add(nr, &b);
	}
	v->oom |= !tb_buf_ok(&differs);
	tb_buf_free(&differs);
	if (!tb_buf_ok(&b) || !tb_buf_ok(&nr->notes) || tb_stretch_failed(x))
		v->oom = 1; /* the notes are not said */
	tb_buf_free(&b);
	free(path);
	return nr;
}

/* The note that the gap's turns lead to more positions than the search
 * may hold, so that none is named as nearest. */
static tb_val_near *S_too_many(tb_val *v)
{
	tb_val_near *nr = tb_calloc(1, sizeof *nr);
	if (!nr) {
		v->oom = 1;
		return NULL;
	}
	nr->notes = (tb_buf)TB_BUF_SOFT;
	tb_buf b = TB_BUF_SOFT;
	char max[24];
	snprintf(max, sizeof max, "%lu", v->so.max_positions);
	tb_val_words(v, &b, "val.near.too_many", (const char *[]){max}, 1);
	S_note_add(nr, &b);
	v->oom |= !tb_buf_ok(&b) || !tb_buf_ok(&nr->notes);
	tb_buf_free(&b);
	return nr;
}

tb_val_near *tb_val_near_search(tb_val *v, const tb_stretch *x, size_t layer, size_t plies,
                                const tb_position *said)
{
	tb_stretch *y = tb_stretch_from(x, layer, v->so.max_positions);
	tb_step ply = {TB_STEP_PLY, 0, NULL};
	long left = y ? 1 : -1;
	for (size_t k = 0; k < plies && left > 0; k++)
		left = tb_stretch_step(y, &ply, NULL, 0);
	tb_val_near *nr = left > 0 ? tb_val_near_find(v, y, said) : NULL;
	if (!y || tb_stretch_failed(y))
		v->oom = 1;
	else if (left < 0) /* over the budget: none named, and that said */
		nr = S_too_many(v);
	tb_stretch_free(y);
	return nr;
}

int tb_val_restated_fits(tb_val *v, const tb_state *s, const tb_position *said)
{
	S_words d = {NULL, 0, 0, NULL, 0, NULL};
	return S_distance(v, s, said, &d) == 0;
}

void tb_val_near_notes(tb_val *v, const tb_val_near *nr)
{
	if (!nr || v->oom)
		return;
	const char *c = nr->notes.data;
	for (size_t i = 0; c && i < nr->n; i++, c += strlen(c) + 1)
		tb_diag_note(v->r, "%s", c);
}

void tb_val_near_free(tb_val_near *nr)
{
	if (nr) {
		tb_buf_free(&nr->notes);
		free(nr);
	}
}

int tb_val_restated_differs(tb_val *v, const tb_state *reached, const tb_node *n)
{
	tb_arena a = {0};
	tb_position mine;
	if (tb_rules_save(&v->rs, reached, &a, &mine)) {
		tb_arena_free(&a);
		v->oom = 1;
		return 0;
	}
	int same = tb_position_restates(&mine, n->position);
	tb_arena_free(&a);
	if (same)
		return 0;
	tb_val_report(v, TB_ERROR, TB_D_NO_FIT, &n->span, NULL, "the turns before this position "
	              "do not reach it: the transcription around it is wrong");
	tb_buf b = TB_BUF_SOFT, differs = TB_BUF_SOFT;
	S_differs(v, &differs, reached, n->position);
	tb_val_words(v, &b, "val.reach", (const char *[]){tb_val_text(v, &differs)}, 1);
	tb_buf_free(&differs);
	if (!v->oom && tb_buf_ok(&b))
		tb_diag_note(v->r, "%s", b.data);
	v->oom |= !tb_buf_ok(&b);
	tb_buf_free(&b);
	return 1;
}
