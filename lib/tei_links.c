/*
 * tei_links.c -- evidence links in TEI (spec/tei.md 7): a link's time
 * is @synch pointing at a <when> of the record's <timeline> (its
 * interval in milliseconds since the recording's start), its region
 * @facs pointing at a <zone> of a <surface> of the <facsimile> (the
 * page's image from [Facsimile]). The ids say the time and the region,
 * so that tei_read.c reads a link back from its pointers alone.
 */
#include <stdlib.h>
#include <string.h>

#include "evidence.h"
#include "tei.h"
#include "visit.h"
#include "xalloc.h"

/* The id of the <when> of time 'ms': "t.135000". */
static void S_when_id(tb_buf *b, const tb_tei_out *t, long long ms)
{
	tb_buf_printf(b, "%st.%lld", t->idp, ms);
}

/* "#t.start", "t.start": the timeline's origin, its pointer ('hash') or id. */
static const char *S_start(tb_tei_out *t, int hash)
{
	tb_buf_clear(&t->tmp);
	tb_buf_printf(&t->tmp, "%s%st.start", hash ? "#" : "", t->idp);
	return tb_buf_ok(&t->tmp) ? t->tmp.data : "";
}

/* The id of the <zone> of link 'e''s region: "z.p14.112.310.160.44",
 * "z.p14" for the whole page (a page's name is a letter, then letters,
 * digits, '-' and '_': an XML name with no '.'). */
static void S_zone_id(tb_buf *b, const tb_tei_out *t, const tb_evidence *e)
{
	tb_buf_printf(b, "%sz.%s", t->idp, e->page);
	if (e->w)
		tb_buf_printf(b, ".%u.%u.%u.%u", e->x, e->y, e->w, e->h);
}

/* @synch (its time: a <when>, or two for a stretch) and @facs (its
 * region: a <zone>) of the element just started, from link 'e'. */
void tb_tei_links(tb_tei_out *t, const tb_evidence *e)
{
	if (!e)
		return;
	if (e->from >= 0) {
		tb_buf_clear(&t->links);
		tb_buf_putc(&t->links, '#');
		S_when_id(&t->links, t, e->from);
		if (e->to >= 0 && e->to != e->from) {
			tb_buf_puts(&t->links, " #");
			S_when_id(&t->links, t, e->to);
		}
		tb_buf_putc(&t->links, '\0');
		tb_xw_attr(&t->w, "synch", tb_buf_ok(&t->links) ? t->links.data : "");
	}
	if (e->page) {
		tb_buf_clear(&t->links);
		tb_buf_putc(&t->links, '#');
		S_zone_id(&t->links, t, e);
		tb_buf_putc(&t->links, '\0');
		tb_xw_attr(&t->w, "facs", tb_buf_ok(&t->links) ? t->links.data : "");
	}
	if (!tb_buf_ok(&t->links))
		tb_buf_fail(t->w.b);
}

/* The link visit 'v' stands on after event 'ev': a node's, an
 * alternative's or a comment's; or NULL. */
static const tb_evidence *S_link_of(const tb_visit *v, int ev)
{
	return ev == TB_VISIT_EVIDENCE ? v->evidence : ev == TB_VISIT_ALT_ENTER ? v->alt->evidence
	       : ev == TB_VISIT_COMMENT ? v->comment->evidence : NULL;
}

static int S_ll_cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return (x > y) - (x < y);
}

/* The record's links, in the order of the one traversal, into '*out'
 * (tb_realloc'd; the caller frees). Returns how many, or -1 when
 * memory ran out. */
static long S_all_links(const tb_record *rec, const tb_evidence ***out)
{
	size_t n = 0, cap = 0;
	const tb_evidence **all = NULL;
	tb_visit v;
	tb_visit_init(&v, &rec->main);
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		const tb_evidence *e = S_link_of(&v, ev);
		if (!e)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 32;
			const tb_evidence **a = tb_realloc(all, cap * sizeof *a);
			if (!a) {
				free(all);
				return -1;
			}
			all = a;
		}
		all[n++] = e;
	}
	*out = all;
	return (long)n;
}

/* <timeline unit="ms">: a <when> for each time a link names, its
 * interval since the recording's start. */
static void S_timeline(tb_tei_out *t, const tb_evidence *const *all, size_t n)
{
	long long *ms = tb_malloc((2 * n + 1) * sizeof *ms);
	size_t k = 0;
	if (!ms) {
		tb_buf_fail(t->w.b);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		if (all[i]->from >= 0)
			ms[k++] = all[i]->from;
		if (all[i]->from >= 0 && all[i]->to >= 0 && all[i]->to != all[i]->from)
			ms[k++] = all[i]->to;
	}
	if (k) {
		qsort(ms, k, sizeof *ms, S_ll_cmp);
		tb_xw_start(&t->w, "timeline", NULL);
		tb_xw_attr(&t->w, "unit", "ms");
		tb_xw_attr(&t->w, "origin", S_start(t, 1));
		tb_xw_start(&t->w, "when", NULL);
		tb_xw_attr(&t->w, "xml:id", S_start(t, 0));
		tb_xw_end(&t->w);
		for (size_t i = 0; i < k; i++) {
			if (i && ms[i] == ms[i - 1])
				continue;
			tb_buf_clear(&t->links);
			S_when_id(&t->links, t, ms[i]);
			tb_buf_putc(&t->links, '\0');
			tb_xw_start(&t->w, "when", NULL);
			tb_xw_attr(&t->w, "xml:id", tb_buf_ok(&t->links) ? t->links.data : "");
			if (ms[i]) {
				tb_xw_uint(&t->w, "interval", (unsigned long)ms[i]);
				tb_xw_attr(&t->w, "since", S_start(t, 1));
			} else { /* the start itself: TEI's interval is more than 0 */
				tb_xw_attr(&t->w, "corresp", S_start(t, 1));
			}
			tb_xw_end(&t->w);
		}
		tb_xw_end(&t->w);
	}
	free(ms);
}

/* One <zone> of a page for each region a link names there (once each). */
static void S_zones(tb_tei_out *t, const char *page, const tb_evidence *const *all, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const tb_evidence *e = all[i];
		if (!e->page || strcmp(e->page, page) != 0)
			continue;
		size_t j = 0; /* the same region named before: its zone is written */
		while (j < i && !(all[j]->page && strcmp(all[j]->page, page) == 0 &&
		                  all[j]->x == e->x && all[j]->y == e->y && all[j]->w == e->w &&
		                  all[j]->h == e->h))
			j++;
		if (j < i)
			continue;
		tb_buf_clear(&t->links);
		S_zone_id(&t->links, t, e);
		tb_buf_putc(&t->links, '\0');
		tb_xw_start(&t->w, "zone", NULL);
		tb_xw_attr(&t->w, "xml:id", tb_buf_ok(&t->links) ? t->links.data : "");
		if (e->w) {
			tb_xw_uint(&t->w, "ulx", e->x);
			tb_xw_uint(&t->w, "uly", e->y);
			tb_xw_uint(&t->w, "lrx", (unsigned long)e->x + e->w);
			tb_xw_uint(&t->w, "lry", (unsigned long)e->y + e->h);
		}
		tb_xw_end(&t->w);
	}
}

/* <facsimile>: a <surface n="NAME"> for each page [Facsimile] names, in
 * its order, its <graphic url> the image, holding the zones of the
 * regions on it; a region on a page [Facsimile] does not name (a
 * record with errors) a surface without a graphic, after them. */
static void S_facsimile(tb_tei_out *t, const tb_evidence *const *all, size_t n)
{
	const char *fac = tb_record_tag(t->rec, "Facsimile");
	const char *name, *uri;
	size_t nl, ul, k = 0;
	int open = 0;
	for (; fac && tb_facsimile_item(fac, k, &name, &nl, &uri, &ul); k++) {
		if (!open++)
			tb_xw_start(&t->w, "facsimile", NULL);
		tb_buf_clear(&t->links);
		tb_buf_put(&t->links, name, nl);
		tb_buf_putc(&t->links, '\0');
		char *page = tb_buf_ok(&t->links) ? tb_strdup(t->links.data) : NULL;
		tb_xw_start(&t->w, "surface", NULL);
		tb_xw_attr(&t->w, "n", page ? page : "");
		tb_buf_clear(&t->links);
		tb_buf_put(&t->links, uri, ul);
		tb_buf_putc(&t->links, '\0');
		tb_xw_start(&t->w, "graphic", NULL);
		tb_xw_attr(&t->w, "url", tb_buf_ok(&t->links) ? t->links.data : "");
		tb_xw_end(&t->w);
		if (page)
			S_zones(t, page, all, n);
		else
			tb_buf_fail(t->w.b);
		tb_xw_end(&t->w);
		free(page);
	}
	for (size_t i = 0; i < n; i++) {
		const char *page = all[i]->page;
		size_t j = 0;
		while (j < i && !(all[j]->page && strcmp(all[j]->page, page ? page : "") == 0))
			j++;
		if (!page || j < i || (fac && tb_facsimile_has(fac, page, strlen(page))))
			continue; /* no region, its page written already, or named */
		if (!open++)
			tb_xw_start(&t->w, "facsimile", NULL);
		tb_xw_start(&t->w, "surface", NULL);
		tb_xw_attr(&t->w, "n", page);
		S_zones(t, page, all, n);
		tb_xw_end(&t->w);
	}
	if (open)
		tb_xw_end(&t->w);
}

/* Runs 'fn' over the record's links, when it has any. */
static void S_over_links(tb_tei_out *t,
                         void (*fn)(tb_tei_out *, const tb_evidence *const *, size_t))
{
	const tb_evidence **all = NULL;
	long n = S_all_links(t->rec, &all);
	if (n < 0)
		tb_buf_fail(t->w.b);
	if (n > 0)
		fn(t, all, (size_t)n);
	free(all);
}

/* The pages [Facsimile] names, whether regions are on them or not, and
 * those regions are on. */
void tb_tei_facsimile(tb_tei_out *t)
{
	const tb_evidence **all = NULL;
	long n = S_all_links(t->rec, &all);
	if (n < 0)
		tb_buf_fail(t->w.b);
	if (n > 0 || tb_record_tag(t->rec, "Facsimile"))
		S_facsimile(t, all, n > 0 ? (size_t)n : 0);
	free(all);
}

void tb_tei_timeline(tb_tei_out *t) { S_over_links(t, S_timeline); }
