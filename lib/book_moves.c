/*
 * book_moves.c -- a record's text in a book (spec/book.md): its title
 * block, its movetext as paragraphs (comments in their language and
 * direction, variations indented in brackets, readings, gaps and
 * restated positions in words, diagrams referred to by number), and the
 * notes of a collation's apparatus. The movetext follows the one
 * traversal (visit.h), the words are words.c's. Shared through book.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "evidence.h"
#include "game.h"
#include "text_metrics.h"
#include "visit.h"
#include "words.h"
#include "writer.h"

/* ===== The movetext ===== */

/* A turn, which the count counts; a reading is what it follows, its first
 * alternative (a collation's may be a gap, a position or nothing). */
int tb_bk_is_turn(const tb_node *n)
{
	return tb_kind_is_turn(tb_node_followed(n));
}

/* A comment as its own paragraph, in its language and direction;
 * 'prefix' (a reading's alternative) before it. */
static void S_comment(tb_book *b, const tb_comment *c, int level, const char *prefix)
{
	if (!*c->text && c->nmarks && !prefix)
		return; /* author's marks alone: drawn on the diagram, no words to set */
	const char *lang = c->lang ? c->lang : b->lang->code;
	int rtl = tb_comment_rtl(c);
	tb_bk_begin(b, level ? K_VARCOMMENT : K_COMMENT, level, rtl, lang, 1);
	if (prefix) {
		tb_bk_run(b, prefix, TB_RUN_BOLD | TB_RUN_KEEP | (rtl ? TB_RUN_LTR : 0));
		tb_bk_run(b, ":", TB_RUN_GLUE);
	}
	const char *text = c->text;
	if (b->coll) /* "cinta: ...": the sigla in italics */
		tb_app_attribution(&b->app, c, &text);
	tb_bk_run(b, text, 0);
}

void tb_bk_comments(tb_book *b, const tb_comment *c, int level)
{
	for (; c; c = c->next)
		S_comment(b, c, level, NULL);
}

/* ===== The apparatus of a collation (apparatus.c; spec/book.md §8) ===== */

static void S_reading_note(tb_book *b, const tb_node *n);

/* A piece of a note as a run of the paragraph being built. */
void tb_bk_app_piece(void *ctx, const tb_app_piece *p)
{
	tb_book *b = ctx;
	int rtl = b->cur.rtl;
	unsigned glue = p->glue ? TB_RUN_GLUE : 0;
	switch (p->kind) {
	case TB_APP_TURN:
		tb_para_puts(&b->cur, p->text, glue | TB_RUN_BOLD | TB_RUN_KEEP | (rtl ? TB_RUN_LTR : 0));
		break;
	case TB_APP_SIGLUM:
		tb_para_puts(&b->cur, p->text, glue | TB_RUN_ITALIC | TB_RUN_KEEP | tb_embed_flags(p->text, rtl));
		break;
	case TB_APP_LABEL:
		tb_para_puts(&b->cur, p->text, glue | TB_RUN_BOLD);
		break;
	case TB_APP_VALUE:
		tb_para_value(&b->cur, p->text);
		break;
	case TB_APP_PUNCT: /* neutral: the paragraph's direction */
		tb_para_puts(&b->cur, p->text, glue);
		break;
	default: /* words, a comment: in their own direction */
		tb_para_puts(&b->cur, p->text, glue | tb_embed_flags(p->text, rtl));
		break;
	}
}

/* Node 'n' of a line of nesting 'level': a collation's note mark
 * ("d3²") where it has a note, else a reading's "[uncertain reading: or
 * b]". */
static void S_reading_or_mark(tb_book *b, const tb_node *n, int level)
{
	if (b->coll && !level && tb_app_noted(&b->app, n)) {
		char mark[32];
		tb_app_mark(mark, sizeof mark, ++b->app_n);
		tb_bk_run(b, mark, TB_RUN_GLUE | TB_RUN_KEEP);
	} else if (n->kind == TB_NODE_READING) {
		S_reading_note(b, n);
	}
}

/* The witnesses, and the tags that differ, each a note, under the
 * title block. */
static void S_app_head(tb_book *b)
{
	tb_bk_begin(b, K_NOTE, 0, b->rtl, b->lang->code, 1);
	tb_app_witnesses(&b->app);
	tb_bk_flush(b);
	int head = 0;
	for (size_t i = 0; i < b->rec->ntags; i++) {
		if (!tb_app_tag_noted(&b->app, &b->rec->tags[i]))
			continue;
		if (!head++) {
			tb_bk_begin(b, K_NOTE, 0, b->rtl, b->lang->code, 1);
			tb_para_puts(&b->cur, tb_lang_text(b->lang, "app.tags"), TB_RUN_BOLD);
			tb_bk_flush(b);
		}
		tb_bk_begin(b, K_NOTE, 0, b->rtl, b->lang->code, 1);
		tb_app_tag_note(&b->app, &b->rec->tags[i]);
		tb_bk_flush(b);
	}
}

/* The notes, numbered as the text marks them, after the record's text. */
void tb_bk_app_notes(tb_book *b)
{
	b->nomem |= b->app.nomem; /* the head's, and the comments' sigla */
	if (!b->app_n)
		return;
	b->y += PARA_GAP;
	tb_bk_begin(b, K_META, 0, b->rtl, b->lang->code, 1);
	tb_para_puts(&b->cur, tb_lang_text(b->lang, "app.title"), TB_RUN_BOLD);
	tb_bk_flush(b);
	unsigned k = 0;
	for (const tb_node *n = b->rec->main.first; n; n = n->next) {
		if (!tb_app_noted(&b->app, n))
			continue;
		char num[32];
		snprintf(num, sizeof num, "%u.", ++k);
		tb_bk_begin(b, K_NOTE, 0, b->rtl, b->lang->code, 1);
		tb_para_puts(&b->cur, num, TB_RUN_BOLD | TB_RUN_KEEP | (b->rtl ? TB_RUN_LTR : 0));
		tb_app_note(&b->app, n);
		tb_bk_flush(b);
	}
	b->nomem |= b->app.nomem;
}

/* The figure of node 'n' of the main line (a restated position's, or
 * the position after turn 'ply'), not referred to yet; or -1. */
static long S_fig_at(const tb_book *b, const tb_node *n, long ply)
{
	int position = tb_node_followed(n) == TB_NODE_POSITION;
	for (size_t i = b->fig_from; i < b->nfigs; i++) {
		const tb_bk_fig *f = &b->figs[i];
		if (f->page == -2 && (position ? f->node == n : !f->node && f->ply == ply))
			return (long)i;
	}
	return -1;
}

static void S_ref(tb_book *b, size_t fig)
{
	char n[32];
	snprintf(n, sizeof n, "%ld", b->figs[fig].number);
	char *t = tb_lang_format(b->lang, "book.ref", (const char *[]){n}, 1);
	tb_buf s = TB_BUF_SOFT;
	if (!t)
		tb_buf_fail(&s);
	tb_buf_printf(&s, "(%s)", t ? t : "");
	tb_bk_run(b, tb_bk_text(b, &s), TB_RUN_TIE | TB_RUN_KEEP | tb_embed_flags(t ? t : "", b->cur.rtl));
	if (b->nrefs < sizeof b->refs / sizeof b->refs[0]) {
		b->refs[b->nrefs] = fig;
		b->ref_run[b->nrefs++] = b->cur.nruns - 1;
	}
	b->figs[fig].page = -1; /* referred to: placed after its line */
	tb_buf_free(&s);
	free(t);
}

/* A reading's other alternatives, one run: "[uncertain reading: or b, or c]";
 * "[uncertain reading]" when it has one. */
static void S_reading_note(tb_book *b, const tb_node *n)
{
	tb_buf t = TB_BUF_SOFT;
	tb_buf_printf(&t, "%s%s", tb_lang_text(b->lang, "book.reading"), n->nalts > 1 ? ":" : "");
	for (unsigned a = 1; a < n->nalts; a++) {
		tb_buf_printf(&t, "%s %s ", a > 1 ? "," : "", tb_lang_text(b->lang, "book.or"));
		tb_alt_words(b->lang, &t, &n->alts[a]);
	}
	tb_bk_note_run(b, tb_bk_text(b, &t), TB_RUN_TIE);
	tb_buf_free(&t);
}

/* Does the book stop at node 'n' of the main line? */
static int S_stops_at(const tb_book *b, const tb_node *n)
{
	for (size_t i = 0; i < b->nstops; i++)
		if (b->stops[i].node == n)
			return 1;
	return 0;
}

void tb_bk_stop_note(tb_book *b, const tb_node *n)
{
	for (size_t i = 0; i < b->nstops; i++) {
		if (b->stops[i].node != n)
			continue;
		tb_buf where = TB_BUF_SOFT;
		if (n && tb_bk_is_turn(n) && n->number)
			tb_buf_printf(&where, "%u%s ", n->number, n->side == 1 ? "..." : ".");
		if (n)
			tb_write_node(&where, b->rec->game, n, TB_WRITE_BARE);
		tb_bk_begin(b, K_NOTE, 0, b->rtl, b->lang->code, 1);
		if (b->stops[i].open) { /* "Caben 16 jugadas en 2... ?; se muestra ..." */
			tb_note_para(&b->cur, &b->stops[i].note, b->lang);
			tb_para_puts(&b->cur, ".", TB_RUN_GLUE);
			tb_buf_free(&where);
			tb_bk_flush(b);
			continue;
		}
		const char *args[1] = {tb_bk_text(b, &where)};
		unsigned af[1] = {TB_RUN_KEEP | TB_RUN_BOLD | (b->rtl ? TB_RUN_LTR : 0)};
		tb_para_lang(&b->cur, b->lang, n ? "book.stopped" : "book.stopped.start", 0, args, af, 1);
		tb_buf_free(&where);
		tb_bk_flush(b);
	}
}

/* The time of link 'e' as the margin shows it: where it starts
 * ("0:41:24.5"), into b->time; out of memory spends the book. */
static void S_time_text(tb_book *b, const tb_evidence *e)
{
	tb_buf t = TB_BUF_SOFT;
	tb_ev_write_time(&t, e->from, -1);
	snprintf(b->time, sizeof b->time, "%s", tb_buf_ok(&t) ? t.data : "");
	b->nomem |= !tb_buf_ok(&t);
	tb_buf_free(&t);
}

/* One turn of a line: its number when needed, token, NAGs (all of
 * them here, the first as a suffix), the diagram it has; its comments
 * and variations, which end the paragraph, follow. */
static void S_turn(tb_book *b, const tb_node *n, int level, int *need_number, long ply)
{
	tb_buf t = TB_BUF_SOFT;
	int timed = b->o.times && n->evidence && n->evidence->from >= 0;
	tb_bk_begin(b, level ? K_VAR : K_MOVES, level, 0, NULL, timed);
	if (timed) { /* its own paragraph, numbered, its time in the margin */
		S_time_text(b, n->evidence);
		*need_number = 1;
	}
	if (n->kind == TB_NODE_UNKNOWN) /* "23... ?", never read as a NAG's "?" */
		*need_number = 1;
	if (n->number && (n->side == 0 || *need_number)) {
		tb_buf_printf(&t, "%u%s", n->number, n->side == 1 ? "..." : ".");
		tb_bk_run(b, tb_bk_text(b, &t), TB_RUN_KEEP);
		tb_buf_clear(&t);
	}
	tb_token_words(&t, n);
	for (unsigned i = 0; i < n->nnags; i++) { /* the suffix, glued */
		const char *s = tb_nag_text(n->nags[i], i == 0);
		if (i == 0 && n->nags[0] >= 1 && n->nags[0] <= 6 && !n->reconstructed)
			tb_buf_puts(&t, s);
	}
	tb_bk_run(b, tb_bk_text(b, &t), TB_RUN_BOLD | TB_RUN_KEEP | TB_RUN_TIE);
	for (unsigned i = 0; i < n->nnags; i++) {
		if (i == 0 && n->nags[0] >= 1 && n->nags[0] <= 6 && !n->reconstructed)
			continue;
		const char *s = tb_nag_text(n->nags[i], 0);
		char dollar[16];
		snprintf(dollar, sizeof dollar, "$%u", n->nags[i]);
		if (!s || *s)
			tb_bk_run(b, s ? s : dollar, TB_RUN_TIE | TB_RUN_KEEP);
	}
	if (n->kind == TB_NODE_UNKNOWN)
		tb_bk_note_run(b, tb_lang_text(b->lang, "book.unknown"), TB_RUN_TIE);
	S_reading_or_mark(b, n, level); /* [uncertain reading: or b, or c], one run */
	long fig = level ? -1 : S_fig_at(b, n, ply);
	if (fig >= 0)
		S_ref(b, (size_t)fig);
	*need_number = 0;
	tb_buf_free(&t);
}

/* Does turn 'n' have comments (its own, or its alternatives') or
 * variations after it? The next turn is then numbered. */
static int S_has_notes(const tb_node *n)
{
	int alt_comments = 0;
	for (unsigned a = 0; n->kind == TB_NODE_READING && a < n->nalts; a++)
		alt_comments |= n->alts[a].comments != NULL;
	return alt_comments || n->comments || n->variations;
}

static void S_gap(tb_book *b, const tb_node *n)
{
	char *text = tb_gap_words(b->lang, n->gap_min, n->gap_max);
	b->nomem |= !text;
	tb_bk_note_run(b, text ? text : "", 0);
	free(text);
}

/* A node of a line that is not a turn: a gap, a restated position
 * (its diagram's reference), nothing (a reading's "omitted"), or a
 * reading's note. */
static void S_other(tb_book *b, const tb_node *n, int level, int *need_number, long ply)
{
	uint8_t k = tb_node_followed(n); /* a reading: its first alternative */
	if (k == TB_NODE_GAP) {
		tb_bk_begin(b, level ? K_VAR : K_MOVES, level, 0, NULL, 0);
		S_gap(b, n);
		*need_number = 1;
	} else if (k == TB_NODE_POSITION) {
		tb_bk_begin(b, level ? K_VAR : K_MOVES, level, 0, NULL, 0);
		tb_bk_note_run(b, tb_lang_text(b->lang, "book.position"), 0);
		long fig = level ? -1 : S_fig_at(b, n, ply);
		if (fig >= 0)
			S_ref(b, (size_t)fig);
		*need_number = 1;
	} else if (k == TB_NODE_OMITTED) {
		tb_bk_begin(b, level ? K_VAR : K_MOVES, level, 0, NULL, 0);
		tb_bk_note_run(b, tb_lang_text(b->lang, "book.omitted"), 0);
		*need_number = 1;
	}
	if (n->kind == TB_NODE_READING || (b->coll && !level))
		S_reading_or_mark(b, n, level);
}

/* Where the book stands in one line of the movetext. */
typedef struct S_at {
	int need_number;  /* the next turn is numbered, even the second side's */
	long ply;         /* turns counted, from the main line's start */
} S_at;

/* The main line, from turn 'ply' on, through the one traversal
 * (visit.h): each turn and note as S_turn and S_other write it, the
 * comments each a paragraph of its own (an alternative's after its
 * words), a turn's variations each a paragraph in brackets, a level
 * deeper, from the ply before that turn. The variations of a node that
 * is not a turn are left out. */
void tb_bk_movetext(tb_book *b, const tb_line *main, long ply)
{
	S_at at[TB_MAX_DEPTH + 2];
	tb_buf t = TB_BUF_SOFT; /* an alternative's words */
	tb_visit v;
	tb_visit_init(&v, main);
	int skipped = 0; /* the variation left is one skipped: no bracket */
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		int level = (int)v.depth;
		S_at *a = &at[v.depth];
		switch (ev) {
		case TB_VISIT_LINE_ENTER:
			if (!v.depth) {
				*a = (S_at){1, ply};
			} else if (!tb_bk_is_turn(v.node)) {
				tb_visit_skip(&v);
				skipped = 1;
			} else {
				*a = (S_at){1, at[v.depth - 1].ply - 1};
				tb_bk_flush(b);
				b->paren = 1;
			}
			break;
		case TB_VISIT_LINE_EXIT:
			if (!v.depth || skipped) {
				skipped = 0;
				break;
			}
			b->paren = 0;
			if (!b->cur_open)
				tb_bk_begin(b, K_VAR, level, 0, NULL, 1);
			/* left open: a variation that ends with this one closes here too */
			tb_para_puts(&b->cur, ")", TB_RUN_GLUE);
			break;
		case TB_VISIT_NODE_ENTER:
			if (tb_bk_is_turn(v.node))
				S_turn(b, v.node, level, &a->need_number, ++a->ply);
			else
				S_other(b, v.node, level, &a->need_number, a->ply);
			break;
		case TB_VISIT_COMMENT:
			if (b->coll && !level && v.at != TB_VISIT_AT_LEAD &&
			    tb_app_in_note(&b->app, v.node, v.comment))
				break; /* said in the node's note */
			if (v.at == TB_VISIT_AT_ALT && v.index == 0) { /* the words it follows */
				tb_buf_clear(&t);
				tb_alt_words(b->lang, &t, v.alt);
			}
			S_comment(b, v.comment, level, v.at == TB_VISIT_AT_ALT ? tb_bk_text(b, &t) : NULL);
			break;
		case TB_VISIT_NODE_EXIT:
			if (tb_bk_is_turn(v.node) && S_has_notes(v.node))
				a->need_number = 1;
			if (!level && S_stops_at(b, v.node)) {
				tb_bk_flush(b);
				tb_bk_stop_note(b, v.node);
				a->need_number = 1;
			}
			break;
		default:
			break;
		}
	}
	tb_buf_free(&t);
}

/* ===== The title block ===== */

static void S_meta(tb_book *b, const char *label, const char *value)
{
	if (!value || !*value || strcmp(value, "?") == 0)
		return;
	tb_bk_begin(b, K_META, 0, b->rtl, b->lang->code, 1);
	tb_para_puts(&b->cur, label, TB_RUN_BOLD);
	tb_para_puts(&b->cur, ":", TB_RUN_GLUE | TB_RUN_BOLD);
	tb_para_value(&b->cur, value);
	tb_bk_flush(b);
	b->y -= PARA_GAP * 0.75; /* the block's lines close together */
}

void tb_bk_title_block(tb_book *b)
{
	const tb_record *rec = b->rec;
	const tb_game *g = rec->game;
	char key[64];
	snprintf(key, sizeof key, "game.%s", g->name);
	tb_bk_begin(b, K_TITLE, 0, b->rtl, b->lang->code, 1);
	const char *title = tb_lang_text(b->lang, key);
	tb_para_puts(&b->cur, title ? title : g->title, TB_RUN_BOLD);
	tb_bk_flush(b);
	for (int side = 0; side < 2; side++) {
		snprintf(key, sizeof key, "side.%s.%d", g->name, side);
		S_meta(b, tb_lang_text(b->lang, key), tb_record_tag(rec, g->side_tag[side]));
	}
	static const char *const tags[] = {"Event",    "Site",     "Date",        "Round",
	                                   "Source",   "Informant", "Recorder", "Transcriber",
	                                   "Annotator", NULL};
	for (int i = 0; tags[i]; i++)
		S_meta(b, tb_tag_label(b->lang, g, tags[i], key, sizeof key), tb_record_tag(rec, tags[i]));
	if (rec->result != TB_RESULT_NONE) { /* "Result: 1-0 (Red wins)" */
		tb_bk_begin(b, K_META, 0, b->rtl, b->lang->code, 1);
		tb_para_puts(&b->cur, tb_lang_text(b->lang, "label.result"), TB_RUN_BOLD);
		tb_para_puts(&b->cur, ":", TB_RUN_GLUE | TB_RUN_BOLD);
		tb_para_result(&b->cur, rec, b->lang);
		tb_bk_flush(b);
	}
	b->y += PARA_GAP * 2;
	const char *notes = tb_record_tag(rec, "Notes");
	if (notes && *notes && strcmp(notes, "?") != 0) {
		tb_bk_begin(b, K_COMMENT, 0, tb_text_rtl(notes, strlen(notes)), b->lang->code, 1);
		tb_para_puts(&b->cur, tb_lang_text(b->lang, "label.notes"), TB_RUN_BOLD);
		tb_para_puts(&b->cur, ":", TB_RUN_GLUE | TB_RUN_BOLD);
		tb_para_puts(&b->cur, notes, 0);
		tb_bk_flush(b);
	}
	int reconstructed = 0;
	for (const tb_node *n = rec->main.first; n; n = n->next)
		reconstructed |= n->reconstructed || (n->kind == TB_NODE_READING && n->alts[0].reconstructed);
	if (reconstructed) {
		tb_bk_begin(b, K_NOTE, 0, b->rtl, b->lang->code, 1);
		tb_para_puts(&b->cur, tb_lang_text(b->lang, "book.reconstructed"), 0);
		tb_bk_flush(b);
	}
	/* comments before the tags and after each */
	if (b->coll)
		S_app_head(b);
	tb_bk_comments(b, rec->lead, 0);
	for (size_t i = 0; i < rec->ntags; i++)
		for (const tb_comment *c = rec->tags[i].comments; c; c = c->next)
			if (!b->coll || !tb_app_tag_in_note(&b->app, &rec->tags[i], c))
				S_comment(b, c, 0, NULL);
	tb_bk_flush(b);
	b->y += PARA_GAP;
}

