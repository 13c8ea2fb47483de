/*
 * html_media.c -- a web page's evidence links (html_media.h;
 * spec/html.md §3.1). A turn's time seeks the recording, a
 * turn's region frames its page: the page holds the links as data, the
 * players as elements, and the script (html_page.js) joins them. The
 * media themselves are the record's: named as written ([Recording],
 * [Facsimile]), never read, fetched or embedded here.
 */
#include "html_media.h"

#include <string.h>

#include "evidence.h"

static const char *M_word(const tb_lang *l, const char *key) { return tb_lang_text(l, key); }

/* <figure class="tb-recording"><figcaption>Grabación</figcaption><audio .../></figure> */
static void M_audio(tb_xw *w, const char *uri, const tb_lang *l)
{
	tb_xw_start(w, "figure", "tb-recording");
	tb_xw_start(w, "figcaption", NULL);
	tb_xw_inline(w);
	tb_xw_text(w, M_word(l, "html.recording"), strlen(M_word(l, "html.recording")));
	tb_xw_end(w);
	tb_xw_start(w, "audio", "tb-audio");
	tb_xw_attr(w, "controls", "controls");
	tb_xw_attr(w, "preload", "none");
	tb_xw_attr(w, "src", uri);
	tb_xw_attr(w, "aria-label", M_word(l, "html.recording"));
	tb_xw_inline(w); /* what a browser without <audio> shows: its name */
	tb_xw_text(w, uri, strlen(uri));
	tb_xw_end(w);
	tb_xw_end(w);
}

/* The figure a turn's region is shown in: an SVG the script gives the
 * page's image and the frame (hidden until a turn with a region is
 * shown), and a caption naming the page and the region. */
static void M_page(tb_xw *w, const tb_lang *l)
{
	tb_xw_start(w, "figure", "tb-page");
	tb_xw_attr(w, "hidden", "hidden");
	tb_xw_start(w, "svg", "tb-page-img");
	tb_xw_attr(w, "viewBox", "0 0 1 1");
	tb_xw_attr(w, "role", "img");
	tb_xw_attr(w, "aria-label", M_word(l, "html.page"));
	tb_xw_inline(w);
	tb_xw_end(w);
	tb_xw_start(w, "figcaption", "tb-page-caption");
	tb_xw_attr(w, "data-word", M_word(l, "html.page"));
	tb_xw_inline(w);
	tb_xw_end(w);
	tb_xw_end(w);
}

void tb_html_media_view(tb_xw *w, const tb_record *rec, const tb_lang *l)
{
	const char *audio = tb_record_tag(rec, "Recording");
	const char *pages = tb_record_tag(rec, "Facsimile");
	if (audio && *audio && !tb_recording_check(audio))
		M_audio(w, audio, l);
	const char *name, *uri;
	size_t nlen, ulen;
	if (pages && tb_facsimile_item(pages, 0, &name, &nlen, &uri, &ulen))
		M_page(w, l);
}

/* Milliseconds as seconds, with the decimals they need ("41.5"). */
static void M_seconds(tb_buf *b, long long ms)
{
	tb_buf_printf(b, "%lld", ms / 1000);
	if (ms % 1000)
		tb_buf_printf(b, ".%03lld", ms % 1000);
}

void tb_html_media_link(tb_buf *b, long f, const tb_evidence *e)
{
	if (!e || f < 0 || (e->from < 0 && !e->page))
		return;
	tb_buf_printf(b, "%s\"%ld\":{", b->len ? "," : "", f);
	if (e->from >= 0) {
		tb_buf_puts(b, "\"t\":[");
		M_seconds(b, e->from);
		tb_buf_putc(b, ',');
		M_seconds(b, e->to >= 0 ? e->to : e->from);
		tb_buf_putc(b, ']');
	}
	if (e->page) { /* a page's name: a letter, then letters, digits, - or _ */
		tb_buf_printf(b, "%s\"z\":[", e->from >= 0 ? "," : "");
		tb_buf_jstr(b, e->page, strlen(e->page));
		tb_buf_printf(b, ",%lu,%lu,%lu,%lu]", (unsigned long)e->x, (unsigned long)e->y,
		              (unsigned long)e->w, (unsigned long)e->h);
	}
	tb_buf_putc(b, '}');
}

void tb_html_media_data(tb_buf *b, const tb_record *rec, const tb_buf *links)
{
	if (links->len) {
		tb_buf_puts(b, ",\"ev\":{");
		tb_buf_put(b, links->data, links->len);
		tb_buf_putc(b, '}');
	}
	const char *pages = tb_record_tag(rec, "Facsimile");
	const char *name, *uri;
	size_t nlen, ulen;
	for (size_t i = 0; pages && tb_facsimile_item(pages, i, &name, &nlen, &uri, &ulen); i++) {
		tb_buf_puts(b, i ? "," : ",\"pages\":{");
		tb_buf_jstr(b, name, nlen);
		tb_buf_putc(b, ':');
		tb_buf_jstr(b, uri, ulen);
	}
	if (pages && tb_facsimile_item(pages, 0, &name, &nlen, &uri, &ulen))
		tb_buf_putc(b, '}');
}

void tb_html_media_mark(tb_xw *w, const tb_evidence *e)
{
	if (!e || e->from < 0)
		return;
	tb_buf t = TB_BUF_SOFT, from = TB_BUF_SOFT;
	tb_ev_write_time(&t, e->from, e->to);
	tb_ev_write_time(&from, e->from, -1);
	tb_xw_text(w, " ", 1);
	tb_xw_start(w, "span", "tb-time");
	tb_xw_attr(w, "title", tb_buf_ok(&t) ? t.data : "");
	tb_xw_inline(w);
	tb_xw_text(w, tb_buf_ok(&from) ? from.data : "", tb_buf_ok(&from) ? from.len : 0);
	tb_xw_end(w);
	if (!tb_buf_ok(&t) || !tb_buf_ok(&from)) /* out of memory: the page is spent */
		tb_buf_fail(w->b);
	tb_buf_free(&t);
	tb_buf_free(&from);
}
