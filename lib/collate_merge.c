/*
 * collate_merge.c -- what the witnesses of a collation write at one
 * place -- comments, variations -- merged into one list that keeps each
 * witness's order, and what not every witness there writes attributed
 * to those who do ("A, C: text") (collation.h; spec/compare.md,
 * "Collating witnesses").
 */
#include <stdlib.h>
#include <string.h>

#include "collation.h"
#include "evidence.h"
#include "writer.h"
#include "xalloc.h"

/* ===== Merging what witnesses write at one place ===== */

/* Appends comment 'text' (language 'lang', or NULL) after a space. */
static void S_put_comment(tb_buf *b, const char *text, const char *lang)
{
	tb_buf_putc(b, ' ');
	tb_write_comment(b, text, lang);
}

/* Appends the comment made in 't' so; memory that ran out making it
 * fails 'b' (a soft buffer, checked once the whole text is made). */
void tb_coll_put_made(tb_buf *b, const tb_buf *t, const char *lang)
{
	if (tb_buf_ok(t))
		S_put_comment(b, t->data, lang);
	else
		tb_buf_fail(b);
}

static uint64_t S_fnv(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

uint32_t tb_coll_intern(tb_coll_ids *t, const char *k)
{
	if (2 * (t->n + 1) > t->cap) {
		tb_coll_ids g = {NULL, NULL, t->cap ? 2 * t->cap : 32, 0, 0};
		g.key = tb_calloc(g.cap, sizeof *g.key);
		g.id = tb_calloc(g.cap, sizeof *g.id);
		if (!g.key || !g.id) {
			free(g.key);
			free(g.id);
			t->failed = 1;
			return 0;
		}
		for (size_t i = 0; i < t->cap; i++) {
			if (!t->key[i])
				continue;
			size_t h = (size_t)S_fnv(t->key[i], strlen(t->key[i])) & (g.cap - 1);
			while (g.key[h])
				h = (h + 1) & (g.cap - 1);
			g.key[h] = t->key[i];
			g.id[h] = t->id[i];
		}
		free(t->key);
		free(t->id);
		g.n = t->n;
		*t = g;
	}
	size_t h = (size_t)S_fnv(k, strlen(k)) & (t->cap - 1);
	while (t->key[h] && strcmp(t->key[h], k) != 0)
		h = (h + 1) & (t->cap - 1);
	if (!t->key[h]) {
		if (!(t->key[h] = tb_strdup(k))) {
			t->failed = 1;
			return 0;
		}
		t->id[h] = (uint32_t)t->n++;
	}
	return t->id[h];
}

void tb_coll_ids_free(tb_coll_ids *t)
{
	for (size_t i = 0; i < t->cap; i++)
		free(t->key[i]);
	free(t->key);
	free(t->id);
	memset(t, 0, sizeof *t);
}

/* Adds witness 'w''s list (n things 'p', their keys' numbers 'ids') by
 * aligning it with the list so far. */
void tb_coll_items_merge(tb_coll_items *m, const void *const *p, const uint32_t *ids, size_t n,
                         unsigned w)
{
	if (!n || m->failed)
		return;
	uint32_t *a = tb_calloc(m->n + 1, sizeof *a);
	for (size_t i = 0; a && i < m->n; i++)
		a[i] = m->v[i].id;
	size_t ne = 0;
	tb_edit *e = a ? tb_align(a, m->n, ids, n, &ne) : NULL;
	tb_coll_item *out = e ? tb_calloc(m->n + n + 1, sizeof *out) : NULL;
	if (!out) { /* out of memory ('e' is never NULL when 'n' is not 0) */
		m->failed = 1;
		free(e);
		free(a);
		return;
	}
	size_t k = 0;
	for (size_t i = 0; i < ne; i++) {
		if (e[i].op == '+') {
			out[k++] = (tb_coll_item){p[e[i].b], 1u << w, ids[e[i].b]};
			continue;
		}
		out[k] = m->v[e[i].a];
		out[k++].held |= e[i].op == '=' ? 1u << w : 0;
	}
	free(m->v);
	m->v = out;
	m->n = k;
	free(e);
	free(a);
}

/* Adds witness 'w''s comments 'c'. */
static void S_merge_comments(tb_coll_items *m, tb_coll_ids *t, const tb_comment *c, unsigned w)
{
	size_t n = 0;
	for (const tb_comment *x = c; x; x = x->next)
		n++;
	const void **p = tb_calloc(n + 1, sizeof *p);
	uint32_t *ids = tb_calloc(n + 1, sizeof *ids);
	tb_buf k = TB_BUF_SOFT;
	m->failed |= !p || !ids;
	n = 0;
	for (const tb_comment *x = c; x && !m->failed && !t->failed; x = x->next, n++) {
		tb_buf_clear(&k);
		tb_buf_printf(&k, "%s\x1f%s\x1f", x->lang ? x->lang : "", x->text);
		tb_ev_write(&k, x->evidence); /* a comment is its links too */
		p[n] = x;
		ids[n] = tb_buf_ok(&k) ? tb_coll_intern(t, k.data) : (t->failed = 1, 0);
	}
	m->failed |= t->failed;
	tb_coll_items_merge(m, p, ids, n, w);
	tb_buf_free(&k);
	free(p);
	free(ids);
}

/* Would comment 'text', written as it is at place 'pl', be read as
 * something else than a witness's comment? */
static int S_misread(const tb_sigla *d, const char *text, int pl)
{
	uint32_t set, own;
	const char *rest;
	if (tb_attributed(d, text, &set, &rest) || tb_collation_note(d, text))
		return 1;
	return pl == TB_AT_ALT_FIRST && tb_sigla_list(d, text, strlen(text), &set, &own);
}

/* Writes the merged comments 'm' at place 'pl', where the witnesses
 * 'present' are: as they are when all of those write them, else
 * attributed to those who do ("A, C: text"). */
static void S_put_merged(const tb_coll *cl, tb_buf *b, const tb_coll_items *m, uint32_t present,
                         int pl)
{
	tb_buf t = TB_BUF_SOFT;
	for (size_t i = 0; i < m->n; i++) {
		const tb_comment *c = m->v[i].p;
		int at = pl == TB_AT_ALT_FIRST && i > 0 ? TB_AT_ALT : pl;
		if (m->v[i].held == present && !S_misread(&cl->sig, c->text, at)) {
			S_put_comment(b, c->text, c->lang);
			tb_ev_write(b, c->evidence);
			continue;
		}
		tb_buf_clear(&t);
		tb_sigla_write(&t, &cl->sig, m->v[i].held, 0);
		tb_buf_printf(&t, ":%s%s", *c->text ? " " : "", c->text);
		tb_coll_put_made(b, &t, c->lang);
		tb_ev_write(b, c->evidence);
	}
	tb_buf_free(&t);
}

/* The comments lists[w] of the witnesses in 'present', merged and
 * written at place 'pl'. Returns 1 when something was written. */
int tb_coll_put_lists(const tb_coll *cl, tb_buf *b, const tb_comment *const *lists,
                      uint32_t present, int pl)
{
	tb_coll_items m = {NULL, 0, 0};
	tb_coll_ids t = {NULL, NULL, 0, 0, 0};
	for (size_t w = 0; w < cl->nw; w++)
		if (present >> w & 1)
			S_merge_comments(&m, &t, lists[w], (unsigned)w);
	if (m.failed)
		tb_buf_fail(b);
	else
		S_put_merged(cl, b, &m, present, pl);
	int some = m.n > 0;
	free(m.v);
	tb_coll_ids_free(&t);
	return some;
}
