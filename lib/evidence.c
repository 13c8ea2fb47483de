/*
 * evidence.c -- evidence links and the media tags (evidence.h;
 * spec/tgn.md 8.6). The text of a link is read and written here alone:
 * the TGN parser and the XML reader read it with tb_ev_token_read, the
 * canonical writer and the XML writer write it with tb_ev_write_*.
 */
#include "evidence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tree.h"
#include "visit.h"
#include "xalloc.h"

static int S_digit(char c) { return c >= '0' && c <= '9'; }
static int S_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* Reads 'min' to 'max' digits at s[*i] into '*v'. Returns 0 or -1. */
static int S_digits(const char *s, size_t n, size_t *i, int min, int max, long *v)
{
	int d = 0;
	*v = 0;
	while (*i < n && S_digit(s[*i]) && d < max)
		*v = *v * 10 + (s[(*i)++] - '0'), d++;
	return d >= min && !(*i < n && S_digit(s[*i])) ? 0 : -1;
}

/* time -> H{1,3} ':' MM ':' SS ('.' F{1,3})?, MM and SS 00 to 59, as ms.
 * On failure '*i' is where the field that is wrong begins. */
static int S_time(const char *s, size_t n, size_t *i, long long *ms, const char **why)
{
	long v[4] = {0, 0, 0, 0};
	static const int min[4] = {1, 2, 2, 1}, max[4] = {3, 2, 2, 3};
	for (int k = 0; k < 4; k++) {
		size_t at = *i;
		if (k == 3 && (*i >= n || s[*i] != '.'))
			break;
		if (k == 3)
			at = ++*i;
		*why = k == 3 ? "a time's fraction of a second has one to three digits"
		              : "a time is written H:MM:SS: one to three digits of hours, two "
		                "of minutes, two of seconds";
		if (S_digits(s, n, i, min[k], max[k], &v[k]) ||
		    (k < 2 && (*i >= n || s[*i] != ':'))) {
			*i = at;
			return -1;
		}
		if (k < 2)
			++*i;
		if ((k == 1 || k == 2) && v[k] > 59) {
			*i = at;
			*why = k == 1 ? "a time's minutes run from 00 to 59"
			              : "a time's seconds run from 00 to 59";
			return -1;
		}
		if (k == 3)
			for (size_t d = *i - at; d < 3; d++)
				v[3] *= 10;
	}
	*ms = ((long long)v[0] * 3600 + v[1] * 60 + v[2]) * 1000 + v[3];
	return 0;
}

/* region -> NAME ('#' X ',' Y ',' W ',' H)? */
static int S_region(const char *s, size_t n, tb_ev_token *t, const char **why, size_t *at)
{
	size_t i = 0;
	while (i < n && s[i] != '#')
		i++;
	t->name = s;
	t->nlen = i;
	t->x = t->y = t->w = t->h = 0;
	*at = 0;
	*why = "a page's name is a letter, then letters, digits, '-' or '_', at most 32";
	if (!i || i > TB_EVIDENCE_MAX_NAME || !S_alpha(s[0]))
		return -1;
	for (size_t k = 1; k < i; k++)
		if (!S_alpha(s[k]) && !S_digit(s[k]) && s[k] != '-' && s[k] != '_')
			return -1;
	if (i == n)
		return 0;
	long *v[4] = {&t->x, &t->y, &t->w, &t->h};
	i++;
	for (int k = 0; k < 4; k++) {
		*at = i;
		*why = "a region is written NAME#X,Y,W,H: four numbers of pixels";
		if (S_digits(s, n, &i, 1, 9, v[k]) || (k < 3 && (i >= n || s[i++] != ',')))
			return -1;
		if (*v[k] > TB_EVIDENCE_MAX_PX) {
			*why = "a region's numbers are at most 10000000";
			return -1;
		}
		if (k >= 2 && *v[k] == 0) {
			*why = "a region's width and height are at least 1";
			return -1;
		}
	}
	*at = i;
	*why = "a region ends after its height";
	return i == n ? 0 : -1;
}

int tb_ev_token_read(const char *s, size_t n, tb_ev_token *t, const char **why, size_t *at)
{
	size_t i = 0;
	memset(t, 0, sizeof *t);
	if (n && !S_digit(s[0]))
		return S_region(s, n, t, why, at);
	t->is_time = 1;
	if (S_time(s, n, &i, &t->from, why)) {
		*at = i;
		return -1;
	}
	t->to = -1;
	if (i < n && s[i] == '-') {
		size_t start = ++i;
		if (S_time(s, n, &i, &t->to, why)) {
			*at = i;
			return -1;
		}
		if (t->to < t->from) {
			*at = start;
			*why = "a time range ends no earlier than it starts";
			return -1;
		}
	}
	*at = i;
	*why = "a time is written H:MM:SS or H:MM:SS-H:MM:SS, a fraction after '.'";
	return i == n ? 0 : -1;
}

static void S_write_ms(tb_buf *b, long long ms)
{
	long long s = ms / 1000;
	long f = (long)(ms % 1000);
	tb_buf_printf(b, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
	if (f) {
		char d[4] = {(char)('0' + f / 100), (char)('0' + f / 10 % 10), (char)('0' + f % 10), 0};
		for (int k = 2; k > 0 && d[k] == '0'; k--)
			d[k] = 0;
		tb_buf_printf(b, ".%s", d);
	}
}

void tb_ev_write_time(tb_buf *b, long long from, long long to)
{
	S_write_ms(b, from);
	if (to >= 0) {
		tb_buf_putc(b, '-');
		S_write_ms(b, to);
	}
}

void tb_ev_write_region(tb_buf *b, const tb_evidence *e)
{
	tb_buf_puts(b, e->page);
	if (e->w)
		tb_buf_printf(b, "#%lu,%lu,%lu,%lu", (unsigned long)e->x, (unsigned long)e->y,
		              (unsigned long)e->w, (unsigned long)e->h);
}

void tb_ev_write(tb_buf *b, const tb_evidence *e)
{
	if (!e)
		return;
	if (e->from >= 0) {
		tb_buf_put(b, " @", 2);
		tb_ev_write_time(b, e->from, e->to);
	}
	if (e->page) {
		tb_buf_put(b, " @", 2);
		tb_ev_write_region(b, e);
	}
}

tb_evidence *tb_ev_new(tb_arena *a)
{
	tb_evidence *e = tb_arena_alloc(a, sizeof *e);
	if (e)
		e->from = e->to = -1;
	return e;
}

int tb_ev_set(tb_evidence *e, const tb_ev_token *t, tb_arena *a)
{
	if (t->is_time) {
		if (e->from >= 0)
			return -1;
		e->from = t->from;
		e->to = t->to;
		return 0;
	}
	if (e->page)
		return -1;
	if (!(e->page = tb_arena_strndup(a, t->name, t->nlen)))
		return TB_ENOMEM;
	e->x = (uint32_t)t->x, e->y = (uint32_t)t->y;
	e->w = (uint32_t)t->w, e->h = (uint32_t)t->h;
	return 0;
}

int tb_ev_equal(const tb_evidence *a, const tb_evidence *b)
{
	static const tb_evidence none = {-1, -1, NULL, 0, 0, 0, 0, {0, 0, 0, 0, 0}};
	if (!a)
		a = &none;
	if (!b)
		b = &none;
	if (a->from != b->from || a->to != b->to || !a->page != !b->page)
		return 0;
	return !a->page || (strcmp(a->page, b->page) == 0 && a->x == b->x && a->y == b->y &&
	                    a->w == b->w && a->h == b->h);
}

/* The link event 'ev' of cursor 'v' is about: a node's, an
 * alternative's or a comment's; NULL for none. */
static const tb_evidence *S_link_of(const tb_visit *v, int ev)
{
	return ev == TB_VISIT_EVIDENCE   ? v->evidence
	     : ev == TB_VISIT_ALT_ENTER  ? v->alt->evidence
	     : ev == TB_VISIT_COMMENT    ? v->comment->evidence
	                                 : NULL;
}

const tb_evidence *tb_ev_first(const tb_record *rec)
{
	tb_visit v;
	tb_visit_init(&v, &rec->main);
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		const tb_evidence *e = S_link_of(&v, ev);
		if (e)
			return e;
	}
	return NULL;
}

const char *tb_ev_orphan(const tb_record *rec, const char *facsimile)
{
	tb_visit v;
	tb_visit_init(&v, &rec->main);
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		const tb_evidence *e = S_link_of(&v, ev);
		if (e && e->page && !(facsimile && tb_facsimile_has(facsimile, e->page,
		                                                    strlen(e->page))))
			return e->page;
	}
	return NULL;
}

/* ===== The media tags ===== */

const char *tb_recording_check(const char *value)
{
	if (!*value || strcmp(value, "?") == 0)
		return NULL;
	for (const char *c = value; *c; c++)
		if (*c == '\n' || *c == '\r' || *c == '\t')
			return "a Recording is one URI or path, on one line";
	return NULL;
}

/* The next item of a [Facsimile] value from '*s': its name and URI.
 * Returns 1, 0 at the end, -1 when malformed ('*why' set). */
static int S_fac_next(const char **s, const char **name, size_t *nlen, const char **uri,
                      size_t *ulen, const char **why)
{
	const char *p = *s;
	while (*p == ' ' || *p == ';')
		p++;
	if (!*p)
		return 0;
	*name = p;
	while (*p && *p != '=' && *p != ';' && *p != ' ')
		p++;
	*nlen = (size_t)(p - *name);
	tb_ev_token t;
	size_t at;
	if (S_region(*name, *nlen, &t, why, &at) || t.nlen != *nlen)
		return -1;
	if (*p != '=') {
		*why = "a Facsimile is written NAME=URI; NAME=URI ...";
		return -1;
	}
	*uri = ++p;
	while (*p && *p != ';' && *p != ' ')
		p++;
	*ulen = (size_t)(p - *uri);
	while (*p == ' ')
		p++;
	if (!*ulen || (*p && *p != ';')) {
		*why = "a Facsimile's URI is not empty and holds no blank or ';'";
		return -1;
	}
	*s = p;
	return 1;
}

const char *tb_facsimile_check(const char *value, char *msg, size_t cap)
{
	const char *s = value, *name, *uri, *why = NULL;
	size_t nlen, ulen, n = 0;
	if (strcmp(value, "?") == 0)
		return NULL;
	for (int rc; (rc = S_fac_next(&s, &name, &nlen, &uri, &ulen, &why)) != 0; n++) {
		if (rc < 0)
			return why;
		const char *prev_name, *prev_uri;
		size_t pn, pu;
		for (size_t k = 0; k < n; k++)
			if (tb_facsimile_item(value, k, &prev_name, &pn, &prev_uri, &pu) && pn == nlen &&
			    memcmp(prev_name, name, nlen) == 0) {
				snprintf(msg, cap, "a Facsimile names page '%.*s' twice", (int)nlen, name);
				return msg;
			}
	}
	return n ? NULL : "a Facsimile is written NAME=URI; NAME=URI ...";
}

int tb_facsimile_item(const char *value, size_t i, const char **name, size_t *nlen,
                      const char **uri, size_t *ulen)
{
	const char *s = value, *why;
	for (size_t k = 0;; k++) {
		if (S_fac_next(&s, name, nlen, uri, ulen, &why) != 1)
			return 0;
		if (k == i)
			return 1;
	}
}

int tb_facsimile_has(const char *value, const char *name, size_t n)
{
	const char *nm, *uri;
	size_t nl, ul;
	for (size_t i = 0; tb_facsimile_item(value, i, &nm, &nl, &uri, &ul); i++)
		if (nl == n && memcmp(nm, name, n) == 0)
			return 1;
	return 0;
}

/* ===== The public readers (tablero.h, "Evidence links") ===== */

/* '*ev' from link 'e' (NULL: none); 1 when there is one. */
static int S_info(const tb_evidence *e, tb_evidence_info *ev)
{
	*ev = (tb_evidence_info){-1, -1, NULL, 0, 0, 0, 0};
	if (!e)
		return 0;
	ev->from_ms = e->from;
	ev->to_ms = e->to;
	ev->page = e->page;
	ev->x = e->x, ev->y = e->y, ev->w = e->w, ev->h = e->h;
	return 1;
}

int tb_node_evidence(const tb_node *n, tb_evidence_info *ev)
{
	return S_info(n ? n->evidence : NULL, ev);
}

int tb_node_comment_evidence(const tb_node *n, size_t i, tb_evidence_info *ev)
{
	const tb_comment *c = n ? n->comments : NULL;
	for (; c && i; i--)
		c = c->next;
	return S_info(c ? c->evidence : NULL, ev);
}

int tb_alt_evidence(const tb_node *n, size_t i, tb_evidence_info *ev)
{
	int is = n && n->kind == TB_NODE_READING && i < n->nalts;
	return S_info(is ? n->alts[i].evidence : NULL, ev);
}

size_t tb_evidence_format(const tb_evidence_info *ev, int what, char *buf, size_t cap)
{
	tb_buf b = TB_BUF_SOFT;
	tb_evidence e = {ev->from_ms, ev->to_ms, ev->page, (uint32_t)ev->x, (uint32_t)ev->y,
	                 (uint32_t)ev->w, (uint32_t)ev->h, {0, 0, 0, 0, 0}};
	if (what == TB_EVIDENCE_TIME && ev->from_ms >= 0)
		tb_ev_write_time(&b, e.from, e.to);
	else if (what == TB_EVIDENCE_REGION && ev->page)
		tb_ev_write_region(&b, &e);
	size_t len = tb_buf_ok(&b) ? b.len : 0;
	if (cap)
		snprintf(buf, cap, "%.*s", (int)len, b.data ? b.data : "");
	tb_buf_free(&b);
	return len;
}

const char *tb_record_recording(const tb_record *rec)
{
	const char *v = rec ? tb_record_tag(rec, "Recording") : NULL;
	return v && strcmp(v, "?") != 0 ? v : NULL;
}

int tb_record_facsimile(const tb_record *rec, size_t i, char **name, char **uri)
{
	const char *v = rec ? tb_record_tag(rec, "Facsimile") : NULL, *nm, *u;
	size_t nl, ul;
	*name = *uri = NULL;
	if (!v || !tb_facsimile_item(v, i, &nm, &nl, &u, &ul))
		return 0;
	*name = tb_strndup(nm, nl);
	*uri = tb_strndup(u, ul);
	if (*name && *uri)
		return 1;
	free(*name);
	free(*uri);
	*name = *uri = NULL;
	return TB_ENOMEM;
}

int tb_line_comment_evidence(const tb_line *line, size_t i, tb_evidence_info *ev)
{
	const tb_comment *c = line ? line->lead : NULL;
	for (; c && i; i--)
		c = c->next;
	return S_info(c ? c->evidence : NULL, ev);
}

/* ===== Building (tablero.h, "Building and editing") ===== */

/* Reads 'links' ("@0:02:10 @p12", blanks between) into '*out', a new
 * link in the arena of 'rec' (NULL for none). 0, or an error code with
 * the record's last error set. */
static int S_links(tb_record *rec, const char *links, tb_evidence **out)
{
	tb_evidence e = {-1, -1, NULL, 0, 0, 0, 0, {0, 0, 0, 0, 0}};
	const char *s = links ? links : "", *fac = tb_record_tag(rec, "Facsimile");
	*out = NULL;
	for (;;) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		const char *w = s, *why = "a link begins with '@'";
		while (*s && *s != ' ')
			s++;
		int n = (int)(s - w > 40 ? 40 : s - w), rc;
		tb_ev_token t;
		size_t at;
		if (*w != '@' || tb_ev_token_read(w + 1, (size_t)(s - w - 1), &t, &why, &at))
			return tb_tree_fail(rec, TB_ESYNTAX, "'%.*s' is no evidence link: %s", n, w, why);
		if (!t.is_time && (!fac || !tb_facsimile_has(fac, t.name, t.nlen)))
			return tb_tree_fail(rec, TB_ESYNTAX, "'%.*s': the record's [Facsimile] names no "
			                    "such page", n, w);
		if ((rc = tb_ev_set(&e, &t, &rec->arena)) == TB_ENOMEM)
			return tb_tree_nomem(rec);
		if (rc)
			return tb_tree_fail(rec, TB_ESYNTAX, "'%.*s': a time and a region at most", n, w);
	}
	if (e.from < 0 && !e.page)
		return 0;
	if (!(*out = tb_arena_copy(&rec->arena, &e, sizeof e)))
		return tb_tree_nomem(rec);
	return 0;
}

/* Sets '*slot' (a link of something of 'rec', found: 'found') to 'links'. */
static int S_set(tb_record *rec, int found, tb_evidence **slot, const char *links)
{
	tb_evidence *e;
	if (!found)
		return tb_tree_fail(rec, TB_EINVAL, "no such node, alternative or comment");
	int rc = S_links(rec, links, &e);
	if (rc)
		return rc;
	*slot = e;
	rec->gen++;
	tb_tree_ok(rec);
	return 0;
}

/* The i-th comment of list 'c', or NULL. */
static tb_comment *S_comment_at(tb_comment *c, size_t i)
{
	for (; c && i; i--)
		c = c->next;
	return c;
}

/* Is node 'n' in 'rec'? Sets the last error when not. */
static int S_node_in(tb_record *rec, const tb_node *n)
{
	tb_tree_path p;
	if (tb_tree_locate_node(rec, n, &p))
		return 1;
	tb_tree_fail(rec, TB_EFOREIGN, "the node is not in this record");
	return 0;
}

int tb_node_set_evidence(tb_record *rec, tb_node *n, const char *links)
{
	if (!rec)
		return TB_EINVAL;
	if (!S_node_in(rec, n))
		return TB_EFOREIGN;
	return S_set(rec, 1, &n->evidence, links);
}

int tb_alt_set_evidence(tb_record *rec, tb_node *n, size_t i, const char *links)
{
	if (!rec)
		return TB_EINVAL;
	if (!S_node_in(rec, n))
		return TB_EFOREIGN;
	int found = n->kind == TB_NODE_READING && i < n->nalts;
	return S_set(rec, found, found ? &n->alts[i].evidence : NULL, links);
}

int tb_node_set_comment_evidence(tb_record *rec, tb_node *n, size_t i, const char *links)
{
	if (!rec)
		return TB_EINVAL;
	if (!S_node_in(rec, n))
		return TB_EFOREIGN;
	tb_comment *c = S_comment_at(n->comments, i);
	return S_set(rec, c != NULL, c ? &c->evidence : NULL, links);
}

int tb_line_set_comment_evidence(tb_record *rec, tb_line *line, size_t i, const char *links)
{
	tb_tree_path p;
	if (!rec)
		return TB_EINVAL;
	if (!tb_tree_locate_line(rec, line, &p))
		return tb_tree_fail(rec, TB_EFOREIGN, "the line is not in this record");
	tb_comment *c = S_comment_at(line->lead, i);
	return S_set(rec, c != NULL, c ? &c->evidence : NULL, links);
}
