/*
 * html_record.c -- a record's section of the web page (spec/html.md)
 * around its board: its tags, its result, the controls that step
 * through it, the board (diagram.c's, drawn once) and the record's data
 * (its frames and kinds of piece as JSON); and the HTML helpers every
 * part of the page writes with. Shared through html.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caption.h"
#include "game.h"
#include "html.h"
#include "html_media.h"
#include "text_metrics.h"
#include "words.h"
#include "writer.h"

/* ===== HTML helpers ===== */

/* <name class="cls">text</name> */
void tb_ht_elem(tb_xw *w, const char *name, const char *cls, const char *text)
{
	tb_xw_start(w, name, cls);
	tb_xw_inline(w);
	tb_ht_text(w, text);
	tb_xw_end(w);
}

/* <bdi class="cls" name="value">text</bdi>: text isolated from the
 * direction around it ('cls' NULL: no class; 'name' or 'value' NULL: no
 * attribute). */
void tb_ht_bdi(tb_xw *w, const char *cls, const char *name, const char *value, const char *text)
{
	tb_xw_start(w, "bdi", cls);
	if (name && value)
		tb_xw_attr(w, name, value);
	tb_xw_inline(w);
	tb_ht_text(w, text);
	tb_xw_end(w);
}

/* lang and dir of a text of language 'lang' (NULL: unsaid) */
void tb_ht_lang_dir(tb_xw *w, const char *lang, const char *text)
{
	if (lang && *lang)
		tb_xw_attr(w, "lang", lang);
	int rtl = lang && *lang ? tb_lang_tag_rtl(lang) : tb_text_rtl(text, strlen(text));
	tb_xw_attr(w, "dir", rtl ? "rtl" : "ltr");
}

/* ===== The record around the board ===== */

/* A tag's value; a timecode at its end ("شريط 4 @ 00:31:05-00:58:20")
 * isolated left to right, or after Arabic words its two times would
 * change places (two Arabic numbers around a hyphen, UAX #9 W2). */
static void H_value(tb_ht_rec *r, const char *value)
{
	const char *at = strstr(value, " @ ");
	while (at && strstr(at + 3, " @ "))
		at = strstr(at + 3, " @ ");
	if (!at || at[3] < '0' || at[3] > '9') {
		tb_ht_text(&r->w, value);
		return;
	}
	tb_buf t = TB_BUF_SOFT;
	tb_buf_put(&t, value, (size_t)(at - value) + 1);
	tb_ht_text(&r->w, tb_ht_s(r, &t));
	tb_ht_bdi(&r->w, NULL, "dir", "ltr", at + 1);
	tb_buf_free(&t);
}

void tb_ht_tags(tb_ht_rec *r)
{
	tb_xw *w = &r->w;
	tb_xw_start(w, "table", "tb-tags");
	tb_ht_elem(w, "caption", NULL, tb_ht_word(r, "html.tags"));
	tb_xw_start(w, "tbody", NULL);
	const char *name, *value;
	char key[64];
	for (size_t i = 0; tb_record_tag_at(r->rec, i, &name, &value); i++) {
		tb_xw_start(w, "tr", NULL);
		tb_xw_start(w, "th", NULL);
		tb_xw_attr(w, "scope", "row");
		tb_xw_inline(w);
		/* the label in the page's words; the tag's own name, the
		 * notation's and not a word of any language, stays out of
		 * sight, for scripts */
		tb_xw_attr(w, "data-tag", name);
		tb_ht_text(w, tb_tag_label(r->l, r->rec->game, name, key, sizeof key));
		tb_xw_end(w);
		tb_xw_start(w, "td", NULL);
		tb_xw_attr(w, "dir", "auto");
		tb_xw_inline(w);
		H_value(r, value);
		tb_xw_end(w);
		tb_xw_end(w);
	}
	tb_xw_end(w);
	tb_xw_end(w);
}

/* The result, what it means, and how the game ended by the rules. */
void tb_ht_result(tb_ht_rec *r, const tb_walk *w)
{
	tb_xw *x = &r->w;
	tb_para p;
	tb_para_init(&p, r->l->rtl, r->l->code);
	tb_para_result(&p, r->rec, r->l);
	tb_buf t = TB_BUF_SOFT;
	tb_para_plain(&p, &t);
	tb_para_free(&p);
	while (tb_buf_ok(&t) && t.len && (t.data[t.len - 1] == '\n' || t.data[t.len - 1] == ' '))
		t.data[--t.len] = '\0';
	tb_xw_start(x, "dl", "tb-result");
	tb_ht_elem(x, "dt", NULL, tb_ht_word(r, "label.result"));
	tb_ht_elem(x, "dd", "tb-result-value", tb_ht_s(r, &t));
	tb_result res;
	char why[256] = "";
	const char *end = NULL;
	if (w && w->live && tb_rules_over_in(&w->rs, &w->st, r->l, &res, why, sizeof why))
		end = why;
	tb_ht_elem(x, "dt", NULL, tb_ht_word(r, "html.ended"));
	tb_xw_start(x, "dd", "tb-ending");
	tb_xw_inline(x);
	if (end) { /* the result as written, isolated ("0-1" reads left to
		            * right on an Arabic page), then the rules' words in
		            * the page's language */
		tb_ht_bdi(x, NULL, "dir", "ltr", tb_result_text[res]);
		tb_buf_clear(&t);
		tb_buf_printf(&t, " (%s)", end);
		tb_ht_text(x, tb_ht_s(r, &t));
	} else {
		tb_ht_text(x, tb_ht_word(r, w && w->live ? "html.notover" : "html.notknown"));
	}
	tb_xw_end(x);
	tb_xw_end(x);
	tb_buf_free(&t);
}

/* The controls: labelled buttons, each a symbol and its words. */
void tb_ht_controls(tb_ht_rec *r)
{
	static const char *const b[][3] = {
		/* symbols every font has (DejaVu lacks the media controls) */
		{"first", "html.first", "\xC2\xAB"},     /* « */
		{"prev", "html.prev", "\xE2\x80\xB9"},    /* ‹ */
		{"next", "html.next", "\xE2\x80\xBA"},    /* › */
		{"last", "html.last", "\xC2\xBB"},      /* » */
	};
	tb_xw *w = &r->w;
	tb_xw_start(w, "div", "tb-controls");
	tb_xw_attr(w, "role", "group");
	tb_xw_attr(w, "aria-label", tb_ht_word(r, "html.replay"));
	for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
		tb_xw_start(w, "button", "tb-btn");
		tb_xw_attr(w, "type", "button");
		tb_xw_attr(w, "data-go", b[i][0]);
		tb_xw_attr(w, "aria-label", tb_ht_word(r, b[i][1]));
		tb_xw_attr(w, "title", tb_ht_word(r, b[i][1]));
		tb_xw_inline(w);
		tb_xw_start(w, "span", NULL);
		tb_xw_attr(w, "aria-hidden", "true");
		tb_ht_text(w, b[i][2]);
		tb_xw_end(w);
		tb_xw_end(w);
	}
	tb_xw_start(w, "button", "tb-btn tb-leave");
	tb_xw_attr(w, "type", "button");
	tb_xw_attr(w, "data-go", "leave");
	tb_xw_attr(w, "hidden", "hidden");
	tb_xw_inline(w);
	tb_ht_text(w, tb_ht_word(r, "html.leave"));
	tb_xw_end(w);
	tb_xw_end(w);
}

/* The board: diagram.c's, once; the pieces and marks are the script's. */
void tb_ht_board(tb_ht_rec *r)
{
	tb_xw *w = &r->w;
	tb_buf v = TB_BUF_SOFT;
	tb_buf_puts(&v, "0 0 ");
	tb_num(&v, r->dia.width);
	tb_buf_putc(&v, ' ');
	tb_num(&v, r->dia.height);
	tb_xw_start(w, "svg", "tablero tb-board");
	tb_xw_attr(w, "viewBox", tb_ht_s(r, &v));
	tb_xw_attr(w, "role", "img");
	tb_xw_attr(w, "aria-label", tb_ht_word(r, "html.board"));
	tb_xw_start(w, "g", "diagram");
	tb_dia_board(&r->dia, w);
	tb_xw_start(w, "g", "tb-under");
	tb_xw_end(w);
	tb_xw_start(w, "g", "tb-pieces");
	tb_xw_end(w);
	tb_xw_start(w, "g", "tb-over");
	tb_xw_end(w);
	tb_xw_end(w);
	tb_xw_start(w, "text", "tb-unknown-mark");
	tb_xw_num(w, "x", r->dia.bx + r->dia.bw / 2);
	tb_xw_num(w, "y", r->dia.by + r->dia.bh / 2 + 8);
	tb_xw_inline(w);
	tb_ht_text(w, "?");
	tb_xw_end(w);
	tb_xw_end(w);
	tb_buf_free(&v);
}

/* The record's data for the script: the points, kinds, sides' names,
 * frames. */
void tb_ht_data(tb_ht_rec *r)
{
	tb_buf b = TB_BUF_SOFT;
	const tb_ruleset *rs = r->dia.rs;
	tb_buf_puts(&b, "{\"game\":");
	tb_buf_jstr(&b, rs->game->name, strlen(rs->game->name));
	tb_buf_puts(&b, ",\"pts\":[");
	for (int p = 0; p < rs->geo.npoints; p++) {
		double x, y;
		tb_dia_point(&r->dia, p, &x, &y);
		tb_buf_puts(&b, p ? ",[" : "[");
		tb_num(&b, x);
		tb_buf_putc(&b, ',');
		tb_num(&b, y);
		tb_buf_puts(&b, ",\"");
		tb_buf_putc(&b, (char)('a' + (int)rs->geo.points[p].x));
		tb_buf_printf(&b, "%d\"]", (int)rs->geo.points[p].y + 1);
	}
	tb_buf_puts(&b, "],\"kinds\":[");
	tb_buf_put(&b, r->kinds.data ? r->kinds.data : "", r->kinds.len);
	tb_buf_puts(&b, "],\"cls\":[");
	for (int s = 0; s < 2; s++) {
		if (s)
			tb_buf_putc(&b, ',');
		tb_buf_jstr(&b, rs->game->piece_class[s], strlen(rs->game->piece_class[s]));
	}
	tb_buf_puts(&b, "],\"sides\":[");
	for (int s = 0; s < 2; s++) {
		char key[64];
		snprintf(key, sizeof key, "side.%s.%d", rs->game->name, s);
		const char *t = tb_ht_word(r, key);
		if (s)
			tb_buf_putc(&b, ',');
		tb_buf_jstr(&b, t ? t : "", t ? strlen(t) : 0);
	}
	tb_buf_puts(&b, "],\"r\":");
	tb_num(&b, TB_DIA_PIECE_R);
	tb_buf_puts(&b, ",\"cr\":");
	tb_num(&b, TB_DIA_CROWN_R);
	tb_buf_puts(&b, ",\"dy\":");
	tb_num(&b, TB_DIA_LABEL_DY);
	tb_buf_printf(&b, ",\"sq\":%d", rs->game->square_pieces ? 1 : 0);
	tb_ht_jkey(&b, "unknown", tb_ht_word(r, "html.unknown"));
	tb_ht_jkey(&b, "empty", tb_ht_word(r, "html.empty"));
	tb_html_media_data(&b, r->rec, &r->media);
	tb_buf_puts(&b, ",\"f\":[");
	tb_buf_put(&b, r->frames.data ? r->frames.data : "", r->frames.len);
	tb_buf_puts(&b, "]}");
	tb_xw_start(&r->w, "script", "tb-data");
	tb_xw_attr(&r->w, "type", "application/json");
	tb_xw_inline(&r->w);
	tb_xw_raw(&r->w, tb_ht_s(r, &b), tb_buf_ok(&b) ? b.len : 0); /* escaped by H_jstr: no '<' */
	tb_ht_s(r, &r->kinds);
	tb_ht_s(r, &r->frames);
	tb_xw_end(&r->w);
	tb_buf_free(&b);
}

void tb_ht_title(tb_ht_rec *r, tb_buf *out)
{
	tb_para p;
	tb_para_init(&p, r->l->rtl, r->l->code);
	tb_record_title(&p, r->rec, r->l, 0);
	tb_para_plain(&p, out);
	tb_para_free(&p);
	while (tb_buf_ok(out) && out->len && (out->data[out->len - 1] == '\n' || out->data[out->len - 1] == ' '))
		out->data[--out->len] = '\0';
}

/* tb_html_add, but for its last error (at the end of the file). */
