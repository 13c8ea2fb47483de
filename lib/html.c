/*
 * html.c -- records as self-contained web pages that replay them
 * (spec/html.md).
 *
 * The rules stay here: every position the page can show -- each turn of
 * the main line, of every variation and of each other alternative of a
 * reading, each gap and restated position -- is computed when the page
 * is written, by the same walk as the diagrams' (replay_walk.c), and embedded
 * as data (JSON in a <script type="application/json">). The page's
 * script (html_page.js, carried as build/gen/html_js.c) only displays
 * it: it draws the pieces at the points this file gives, and sets the
 * marks of the turn (arrows, bands of three, crosses...) that diagram.c
 * drew as SVG fragments. The board itself is diagram.c's, drawn once.
 * The movetext follows the one traversal (visit.h), as every writer's.
 *
 * Size: one board per record and, per position, a string of one letter
 * per point (the pieces) and the marks' fragments, so that a record of
 * 300 turns is a page of about 130 KB (spec/html.md, section 7).
 *
 * Text from the record (tags, comments, tokens) goes into the page only
 * escaped: as HTML text or attribute values by the XML writer's escaping
 * (& < > "), and in the JSON with every < > & escaped as \u003c..., so
 * that no record can close the <script> or add markup.
 *
 * This file: the handle, the records added to it and the page written
 * whole around them; a record's section is html_record.c's, its frames
 * html_frames.c's, its movetext html_moves.c's (html.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caption.h"
#include "game.h"
#include "html.h"
#include "html_media.h"
#include "text_metrics.h"
#include "visit.h"
#include "words.h"
#include "writer.h"
#include "xalloc.h"

/* The page's script and style sheet (lib/html_page.js, lib/html_page.css),
 * embedded at build time by tools/embed.sh. */
extern const char tb_html_js[];
extern const size_t tb_html_js_len;
extern const char tb_html_css[];
extern const size_t tb_html_css_len;

/* A scratch buffer's text: "" when memory ran out, and then the page
 * fails (its body: tb_html_add says TB_ENOMEM). */
const char *tb_ht_s(tb_ht_rec *r, const tb_buf *t)
{
	if (!tb_buf_ok(t)) {
		tb_buf_fail(&r->h->body);
		return "";
	}
	return t->data ? t->data : "";
}

/* 's' (tb_lang_format's, the caller's to free), or a failed page. */
char *tb_ht_own(tb_ht_rec *r, char *s)
{
	if (!s)
		tb_buf_fail(&r->h->body);
	return s;
}

/* 1 unless memory ran out writing the page (it is then spent). */
static int H_ok(const tb_html *h)
{
	return tb_buf_ok(&h->nav) && tb_buf_ok(&h->body) && tb_buf_ok(&h->title) &&
	       tb_buf_ok(&h->list);
}

tb_html *tb_html_new(const tb_html_opts *o)
{
	tb_html *h = tb_calloc(1, sizeof *h);
	if (!h)
		return NULL;
	h->nav.soft = h->body.soft = h->title.soft = h->list.soft = 1;
	if (o)
		h->o = *o;
	h->lang = h->o.lang;
	return h;
}

void tb_html_free(tb_html *h)
{
	if (!h)
		return;
	tb_buf_free(&h->nav);
	tb_buf_free(&h->body);
	tb_buf_free(&h->title);
	tb_buf_free(&h->list);
	tb_html_tree_free(h->tree);
	free(h);
}

static int H_add(tb_html *h, const tb_record *rec, const char *problems, char **why)
{
	char msg[640];
	*why = NULL;
	if (!H_ok(h))
		return TB_ENOMEM;
	tb_ht_rec r;
	memset(&r, 0, sizeof r);
	r.frames.soft = r.kinds.soft = r.under.soft = r.over.soft = r.tmp.soft = r.media.soft = 1;
	r.h = h;
	r.rec = rec;
	r.l = h->o.lang ? h->o.lang : tb_record_lang(rec);
	if (!h->lang)
		h->lang = r.l;
	r.id = ++h->nrecs;
	h->games |= tb_game_bit(rec->game);
	if (!h->o.list && tb_html_tree_add(&h->tree, rec, r.id) < 0)
		tb_buf_fail(&h->nav); /* out of memory: no page, as for the rest of it */
	if (h->o.list) {
		r.list = &h->list;
		tb_buf_printf(r.list, "%sgame=%ld\n", r.id > 1 ? "\n" : "", r.id);
	}
	tb_buf title = TB_BUF_SOFT;
	if (rec->game)
		tb_ht_title(&r, &title);
	else
		tb_buf_puts(&title, "?");
	if (!h->title.len)
		tb_buf_puts(&h->title, tb_ht_s(&r, &title));
	char id[32];
	snprintf(id, sizeof id, "game-%ld", r.id);
	/* the chooser's entry */
	tb_buf_printf(&h->nav, "<li><a href=\"#game=%ld\">", r.id);
	tb_xml_escape(&h->nav, tb_ht_s(&r, &title), tb_buf_ok(&title) ? title.len : 0, 0);
	tb_buf_puts(&h->nav, "</a></li>\n");

	tb_xw_init(&r.w, &h->body);
	r.w.depth = 1;
	tb_xw_start(&r.w, "section", "tb-record");
	tb_xw_attr(&r.w, "id", id);
	tb_xw_attr(&r.w, "lang", r.l->code);
	tb_xw_attr(&r.w, "dir", r.l->rtl ? "rtl" : "ltr");
	tb_xw_start(&r.w, "h1", NULL);
	tb_xw_inline(&r.w);
	tb_ht_text(&r.w, tb_ht_s(&r, &title));
	tb_xw_end(&r.w);
	tb_buf_free(&title);
	r.coll = rec->game && !rec->errors && tb_app_init(&r.app, rec, r.l, tb_ht_app_piece, &r);
	if (r.coll)
		tb_ht_app_head(&r);

	tb_walk w;
	int can = !rec->errors && rec->game && rec->game->rules;
	int rc = can ? tb_walk_start(&w, rec, msg, sizeof msg) : 0;
	int started = can && rc == 0;
	if (started)
		w.soft = 1; /* the rules out of memory stop the walk (nomem), not the process */
	if (rc == TB_ENOMEM)
		tb_buf_fail(&h->body);
	else if (can && !started && !(*why = tb_strdup(msg)))
		tb_buf_fail(&h->body);
	if (!can) {
		tb_xw_start(&r.w, "div", "tb-problems");
		tb_xw_attr(&r.w, "role", "alert");
		tb_ht_elem(&r.w, "p", NULL,
		           tb_ht_word(&r, rec->errors ? "html.errors" : "html.norules"));
		if (problems && *problems) {
			tb_xw_start(&r.w, "pre", NULL);
			tb_xw_attr(&r.w, "lang", "en");
			tb_xw_attr(&r.w, "dir", "ltr");
			tb_xw_inline(&r.w);
			tb_ht_text(&r.w, problems);
			tb_xw_end(&r.w);
		}
		tb_xw_end(&r.w);
		*why = tb_strdup(rec->errors ? "the record has errors: it is not replayed"
		                             : "the game has no rules engine: it is not replayed");
		if (!*why)
			tb_buf_fail(&h->body);
	}
	if (started) {
		tb_dia_init(&r.dia, &w.rs, h->o.grayscale, 0);
		r.has_dia = 1;
		tb_xw_start(&r.w, "div", "tb-view");
		tb_xw_start(&r.w, "figure", "tb-figure");
		tb_ht_board(&r);
		tb_xw_start(&r.w, "figcaption", "tb-caption");
		tb_xw_attr(&r.w, "aria-live", "polite");
		tb_xw_inline(&r.w);
		tb_xw_end(&r.w);
		tb_xw_end(&r.w);
		tb_ht_controls(&r);
		tb_html_media_view(&r.w, rec, r.l);
		tb_xw_start(&r.w, "p", "tb-status");
		tb_xw_attr(&r.w, "role", "status");
		tb_xw_inline(&r.w);
		tb_xw_end(&r.w);
		tb_xw_end(&r.w);
		/* the start, then the movetext with its frames */
		char *why0 = w.live ? NULL : tb_ht_stop_text(&r, NULL, &w);
		long f0 = tb_ht_frame(&r, &w, tb_ht_word(&r, "caption.start"), -1, 0, 0, -1, why0);
		tb_xw_start(&r.w, "div", "tb-moves");
		tb_ht_elem(&r.w, "h2", NULL, tb_ht_word(&r, "html.moves"));
		tb_xw_start(&r.w, "div", "tb-movetext");
		tb_xw_attr(&r.w, "dir", "ltr"); /* turns left to right, as a book's */
		tb_xw_inline(&r.w);
		tb_ht_link_start(&r, f0, 0, "tb-turn tb-event");
		tb_ht_text(&r.w, tb_ht_word(&r, "caption.start"));
		tb_xw_end(&r.w);
		if (why0) {
			tb_ht_stop_note(&r, why0);
			r.stopped = 1;
			free(why0);
		}
		tb_ht_movetext(&r, &w, &rec->main, f0);
		tb_ht_text(&r.w, " ");
		tb_xw_start(&r.w, "b", "tb-res");
		tb_ht_text(&r.w, tb_result_text[rec->result]);
		tb_xw_end(&r.w);
		tb_ht_comments(&r, rec->trail);
		tb_ht_app_notes(&r);
		tb_xw_end(&r.w);
		tb_ht_result(&r, &w);
		tb_xw_end(&r.w);
		if (r.stopped && !*why) {
			*why = r.first_stop;
			r.first_stop = NULL;
		}
	}
	tb_ht_tags(&r);
	if (started) {
		tb_ht_data(&r);
		if (w.nomem)
			tb_buf_fail(&h->body);
		tb_walk_free(&w);
	}
	tb_xw_end(&r.w);
	tb_buf_putc(&h->body, '\n');
	if (r.has_dia)
		tb_dia_free(&r.dia);
	int ok = tb_buf_ok(&r.frames) && tb_buf_ok(&r.kinds) && tb_buf_ok(&r.under) &&
	         tb_buf_ok(&r.over) && tb_buf_ok(&r.tmp) && tb_buf_ok(&r.media);
	tb_buf_free(&r.frames);
	tb_buf_free(&r.kinds);
	tb_buf_free(&r.under);
	tb_buf_free(&r.over);
	tb_buf_free(&r.tmp);
	tb_buf_free(&r.media);
	free(r.first_stop);
	free(r.notes);
	if (r.coll && r.app.nomem) /* a piece of the apparatus ran out of memory */
		tb_buf_fail(&h->body);
	if (!ok)
		tb_buf_fail(&h->body); /* the page is spent */
	if (!H_ok(h)) {
		free(*why);
		*why = NULL;
		return TB_ENOMEM;
	}
	return started && !r.stopped ? 0 : 1;
}

/* tb_html_page, but for its last error (at the end of the file). */
static char *H_page(tb_html *h, size_t *len)
{
	if (!H_ok(h)) {
		if (len)
			*len = 0;
		return NULL;
	}
	if (h->o.list) {
		tb_buf out = TB_BUF_SOFT;
		tb_buf_put(&out, h->list.data ? h->list.data : "", h->list.len);
		return tb_buf_detach(&out, len);
	}
	const tb_lang *l = h->lang ? h->lang : tb_lang_find("en");
	tb_buf b = TB_BUF_SOFT;
	tb_buf_printf(&b, "<!DOCTYPE html>\n<html lang=\"%s\" dir=\"%s\">\n<head>\n"
	              "<meta charset=\"utf-8\">\n"
	              "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	              "<meta name=\"generator\" content=\"tablero %s\">\n<title>",
	              l->code, l->rtl ? "rtl" : "ltr", TB_VERSION);
	if (h->nrecs > 1) {
		char n[32];
		snprintf(n, sizeof n, "%ld", h->nrecs);
		char *t = tb_lang_format(l, "html.collection", (const char *[]){n}, 1);
		if (!t)
			tb_buf_fail(&b);
		else
			tb_xml_escape(&b, t, strlen(t), 0);
		tb_buf_puts(&b, ": ");
		free(t);
	}
	tb_xml_escape(&b, h->title.data ? h->title.data : "", h->title.len, 0);
	tb_buf_puts(&b, "</title>\n<style>\n");
	tb_buf_put(&b, tb_html_css, tb_html_css_len);
	/* the diagrams' style sheet, as tablero svg's */
	tb_buf_puts(&b, "\n");
	tb_dia_css(&b, h->o.grayscale, h->games);
	tb_buf_puts(&b, "\n</style>\n</head>\n<body>\n");
	/* their arrowheads and patterns, once */
	tb_buf_puts(&b, "<svg class=\"tb-defs\" width=\"0\" height=\"0\" aria-hidden=\"true\">");
	tb_xw w;
	tb_xw_init(&w, &b);
	w.depth = 1;
	tb_xw_start(&w, "defs", NULL);
	tb_dia_markers(&w);
	tb_xw_end(&w);
	tb_buf_puts(&b, "\n</svg>\n");
	tb_buf_puts(&b, "<noscript><p>");
	const char *ns = tb_lang_text(l, "html.noscript");
	tb_xml_escape(&b, ns, strlen(ns), 0);
	tb_buf_puts(&b, "</p></noscript>\n");
	if (h->nrecs > 1) {
		const char *t = tb_lang_text(l, "html.records");
		tb_buf_puts(&b, "<nav class=\"tb-chooser\" aria-label=\"");
		tb_xml_escape(&b, t, strlen(t), 1);
		tb_buf_puts(&b, "\">\n<h2>");
		tb_xml_escape(&b, t, strlen(t), 0);
		tb_buf_puts(&b, "</h2>\n<ol>\n");
		tb_buf_put(&b, h->nav.data, h->nav.len);
		tb_buf_puts(&b, "</ol>\n</nav>\n");
		tb_html_tree_write(h->tree, &b, l);
	}
	tb_buf_puts(&b, "<main>\n");
	tb_buf_put(&b, h->body.data ? h->body.data : "", h->body.len);
	tb_buf_puts(&b, "</main>\n<script>\n");
	tb_buf_put(&b, tb_html_js, tb_html_js_len);
	tb_buf_puts(&b, "</script>\n</body>\n</html>\n");
	return tb_buf_detach(&b, len);
}

/* ===== The public calls, with their last error (tablero.h, "Errors") ===== */

int tb_html_add(tb_html *h, const tb_record *rec, const char *problems, char **why)
{
	char *text = NULL;
	if (why)
		*why = NULL;
	if (!h || !rec)
		return tb_lasterr_set(h ? &h->err : NULL, TB_EINVAL, "no %s",
		                      h ? "record" : "page");
	int rc = H_add(h, rec, problems, &text);
	return tb_lasterr_why(&h->err, rc, text, why);
}

char *tb_html_page(tb_html *h, size_t *len)
{
	if (len)
		*len = 0;
	if (!h)
		return NULL;
	char *page = H_page(h, len);
	tb_lasterr_why(&h->err, page ? 0 : TB_ENOMEM, NULL, NULL);
	return page;
}

int tb_html_errcode(const tb_html *h) { return tb_lasterr_code(h ? &h->err : NULL); }
const char *tb_html_errmsg(const tb_html *h) { return tb_lasterr_msg(h ? &h->err : NULL); }
