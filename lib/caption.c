/*
 * caption.c -- a diagram's caption and the record's words around it
 * (caption.h): the turn that led to a position, the game and who played
 * it, the result and what it means, tags with their labels, all in a
 * language (lang.h) and as paragraphs of runs (typeset.h) that a renderer
 * sets. What tablero svg, the books and the web pages share.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caption.h"
#include "text_metrics.h"
#include "xalloc.h"

const char *tb_tag_label(const tb_lang *l, const tb_game *g, const char *tag, char *key,
                         size_t n)
{
	for (int side = 0; g && side < 2; side++)
		if (g->side_tag[side] && strcmp(tag, g->side_tag[side]) == 0) {
			snprintf(key, n, "side.%s.%d", g->name, side);
			const char *t = tb_lang_text(l, key);
			if (t)
				return t;
		}
	size_t k = (size_t)snprintf(key, n, "label.");
	for (const char *s = tag; *s && k + 1 < n; s++)
		key[k++] = (char)(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
	key[k] = '\0';
	const char *t = tb_lang_text(l, key);
	return t ? t : tag;
}

static const char *S_player(const tb_record *rec, int side)
{
	const char *v = rec ? tb_record_tag(rec, rec->game->side_tag[side]) : NULL;
	return v && *v && strcmp(v, "?") != 0 ? v : NULL;
}

void tb_record_title(tb_para *p, const tb_record *rec, const tb_lang *l, unsigned flags)
{
	char key[64];
	snprintf(key, sizeof key, "game.%s", rec->game->name);
	const char *title = tb_lang_text(l, key);
	tb_para_puts(p, title ? title : rec->game->title, flags);
	const char *a = S_player(rec, 0), *b = S_player(rec, 1);
	if (!a && !b)
		return;
	tb_para_puts(p, ":", flags | TB_RUN_GLUE);
	tb_para_puts(p, a ? a : "?", tb_embed_flags(a ? a : "?", p->rtl));
	tb_para_puts(p, "–", 0);
	tb_para_puts(p, b ? b : "?", tb_embed_flags(b ? b : "?", p->rtl));
}

void tb_para_value(tb_para *p, const char *value)
{
	/* a Source's timecode ("... @ 00:12:30-00:19:05") reads left to right
	 * whatever the words before it */
	const char *at = strstr(value, " @ ");
	while (at && strstr(at + 3, " @ "))
		at = strstr(at + 3, " @ ");
	/* ... after words written right to left; after words written left to
	 * right the whole value is one such run, the timecode at its end */
	if (at && at[3] >= '0' && at[3] <= '9' && !tb_text_rtl(at + 3, strlen(at + 3)) &&
	    tb_text_rtl(value, (size_t)(at - value))) {
		size_t n = (size_t)(at - value);
		char *head = tb_malloc(n + 1);
		if (!head) {
			tb_buf_fail(&p->text);
			return;
		}
		memcpy(head, value, n);
		head[n] = '\0';
		tb_para_add(p, value, n, tb_embed_flags(head, p->rtl));
		tb_para_add(p, at + 1, strlen(at + 1), TB_RUN_KEEP | (p->rtl ? TB_RUN_LTR : 0));
		free(head);
		return;
	}
	tb_para_puts(p, value, tb_embed_flags(value, p->rtl));
}

/* "Label: value" as one paragraph, the value in its own direction. */
static void S_labelled(tb_para *p, const char *label, const char *value)
{
	tb_para_puts(p, label, 0);
	tb_para_puts(p, ":", TB_RUN_GLUE);
	tb_para_value(p, value);
}

void tb_para_result(tb_para *p, const tb_record *rec, const tb_lang *l)
{
	char key[64];
	const char *what;
	if (rec->result == TB_RESULT_FIRST || rec->result == TB_RESULT_SECOND) {
		snprintf(key, sizeof key, "win.%s.%d", rec->game->name,
		         rec->result == TB_RESULT_SECOND);
		what = tb_lang_text(l, key);
	} else {
		what = tb_lang_text(l, rec->result == TB_RESULT_DRAW ? "result.draw" : "result.other");
	}
	const char *args[2] = {tb_result_text[rec->result], what ? what : ""};
	unsigned af[2] = {TB_RUN_KEEP | (p->rtl ? TB_RUN_LTR : 0), tb_embed_flags(args[1], p->rtl)};
	tb_para_lang(p, l, "caption.result", 0, args, af, 2);
}

/* "After 12... d6xd4" (and "(turn 24 of the record)" when 'full') */
static void S_after(tb_para *p, const tb_view *f, const tb_lang *l, int full)
{
	char n[32];
	snprintf(n, sizeof n, "%ld", f->ply);
	const char *args[1];
	unsigned af[1] = {TB_RUN_KEEP | (p->rtl ? TB_RUN_LTR : 0)};
	if (f->position) {
		tb_para_puts(p, f->position, p->rtl ? TB_RUN_LTR : 0);
		return;
	}
	if (f->noted) { /* "Turn 5 of the record. 16 turns fit 2... ?; the position shown..." */
		args[0] = n;
		tb_para_lang(p, l, "note.asked", 0, args, af, 1);
		tb_note_para(p, &f->note, l);
		return;
	}
	if (!f->ply) {
		tb_para_lang(p, l, "caption.start", 0, NULL, NULL, 0);
		return;
	}
	if (!f->has_last && !f->settled) {
		args[0] = n;
		tb_para_lang(p, l, "caption.restated", 0, args, af, 1);
		return;
	}
	args[0] = f->token;
	tb_para_lang(p, l, "caption.after", 0, args, af, 1);
	if (f->settled) { /* "(reconstructed position, 3 turns fit)" */
		char count[24];
		snprintf(count, sizeof count, "%llu", f->settled);
		const char *ca[1] = {count};
		tb_para_puts(p, "(", 0);
		tb_para_lang(p, l, f->settled_gap ? "caption.settled.gap" : "caption.settled",
		             TB_RUN_GLUE, ca, af, 1);
		tb_para_puts(p, ")", TB_RUN_GLUE);
	} else if (f->reconstructed) {
		tb_para_puts(p, "(", 0);
		tb_para_lang(p, l, "caption.reconstructed", TB_RUN_GLUE, NULL, NULL, 0);
		tb_para_puts(p, ")", TB_RUN_GLUE);
	}
	if (full) {
		args[0] = n;
		tb_para_puts(p, "(", 0);
		tb_para_lang(p, l, "caption.turn", TB_RUN_GLUE, args, af, 1);
		tb_para_puts(p, ")", TB_RUN_GLUE);
	}
}

/* Does 's' hold a crowned piece that has a name of its own (Ocencahuac's
 * Eagle and Tiger: "crowned.<game>.<letter>" in the tables)? */
static int S_named_crown(const tb_ruleset *rs, const tb_state *s)
{
	const char *types = rs->game->piece_types;
	for (int p = 0; *types && p < rs->geo.npoints; p++) {
		uint8_t c = s->cell[p];
		char key[64];
		if (!c || !TB_CELL_CROWNED(c))
			continue;
		snprintf(key, sizeof key, "crowned.%s.%c", rs->game->name, types[TB_CELL_TYPE(c)]);
		if (tb_lang_text(NULL, key))
			return 1;
	}
	return 0;
}

/* "Result: 1-0 (Red wins)" */
static void S_result_line(tb_para *p, const tb_record *rec, const tb_lang *l)
{
	tb_para_puts(p, tb_lang_text(l, "label.result"), 0);
	tb_para_puts(p, ":", TB_RUN_GLUE);
	tb_para_result(p, rec, l);
}

static tb_para *S_next_para(tb_caption *c, const tb_lang *l)
{
	if (c->n == TB_CAP_MAX)
		return NULL;
	tb_para *p = &c->para[c->n++];
	tb_para_init(p, l->rtl, l->code);
	return p;
}

void tb_caption_make(tb_caption *c, const tb_record *rec, const tb_ruleset *rs,
                     const tb_view *f, const tb_lang *l, int mode, long figure,
                     const char *const *tags)
{
	memset(c, 0, sizeof *c);
	if (mode == TB_CAPTION_NONE)
		return;
	int show_result = rec && f->final && rec->result != TB_RESULT_NONE;
	tb_para *p;
	if (mode == TB_CAPTION_SHORT) {
		p = S_next_para(c, l);
		if (figure > 0) {
			char n[32];
			snprintf(n, sizeof n, "%ld", figure);
			const char *args[1] = {n};
			unsigned af[1] = {TB_RUN_BOLD};
			tb_para_lang(p, l, "caption.figure", TB_RUN_BOLD, args, af, 1);
			tb_para_puts(p, ".", TB_RUN_BOLD | TB_RUN_GLUE);
		}
		S_after(p, f, l, 0);
		if (show_result)
			S_result_line(S_next_para(c, l), rec, l);
		return;
	}
	char key[64];
	snprintf(key, sizeof key, "game.%s", rs->game->name);
	p = S_next_para(c, l);
	tb_para_puts(p, tb_lang_text(l, key) ? tb_lang_text(l, key) : rs->game->title, TB_RUN_BOLD);
	for (int side = 0; rec && side < 2; side++) {
		const char *name = S_player(rec, side);
		snprintf(key, sizeof key, "side.%s.%d", rs->game->name, side);
		if (name)
			S_labelled(S_next_para(c, l), tb_lang_text(l, key), name);
	}
	S_after(S_next_para(c, l), f, l, 1);
	if (show_result)
		S_result_line(S_next_para(c, l), rec, l);
	snprintf(key, sizeof key, "caption.crowned.%s", rs->game->name);
	if (!f->position && tb_lang_text(l, key) && S_named_crown(rs, &f->st) &&
	    (p = S_next_para(c, l)))
		tb_para_puts(p, tb_lang_text(l, key), 0);
	for (size_t i = 0; rec && tags && tags[i]; i++) {
		const char *v = tb_record_tag(rec, tags[i]);
		int said = strcmp(tags[i], rs->game->side_tag[0]) == 0 ||
		           strcmp(tags[i], rs->game->side_tag[1]) == 0;
		for (size_t k = 0; k < i && !said; k++)
			said = strcmp(tags[k], tags[i]) == 0;
		if (v && *v && !said && (p = S_next_para(c, l)))
			S_labelled(p, tb_tag_label(l, rs->game, tags[i], key, sizeof key), v);
	}
}

int tb_caption_set(tb_caption *c, tb_xw *w, double x, double y, double width, double size,
                   double line_h, const char *cls)
{
	tb_para_style st = {size, cls, 0};
	int lines = 0;
	for (size_t i = 0; i < c->n; i++)
		lines += tb_para_set(&c->para[i], w, x, y + lines * line_h, width, line_h, &st);
	return lines;
}

int tb_caption_ok(const tb_caption *c)
{
	for (size_t i = 0; i < c->n; i++)
		if (!tb_para_ok(&c->para[i]))
			return 0;
	return 1;
}

void tb_caption_free(tb_caption *c)
{
	for (size_t i = 0; i < c->n; i++)
		tb_para_free(&c->para[i]);
	c->n = 0;
}
