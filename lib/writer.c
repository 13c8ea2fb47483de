/*
 * writer.c -- the canonical form (spec/tgn.md, "Canonical form").
 *
 * One record, one way to write it: tags in canonical order, one per
 * line; a blank line; the main line with each of the first side's
 * turns starting a line; the result on a line of its own. Variations,
 * comments and NAGs stay inline with the turn they belong to. The
 * lines are written as the one traversal (visit.h) visits them; the
 * pieces other files write TGN with (writer.h) are this file's.
 */
#include <stdio.h>
#include <string.h>

#include "evidence.h"
#include "game.h"
#include "marks.h"
#include "record.h"
#include "visit.h"
#include "writer.h"

typedef struct S_writer {
	tb_buf *b;
	const tb_game *g;
	int bare;       /* the main line's turns only, on one line */
	int counted;    /* numbered by the count alone, the source's numbers aside */
} S_writer;

void tb_write_escaped(tb_buf *b, const char *s, const char *esc)
{
	for (;;) { /* whole runs between the characters to escape */
		size_t run = strcspn(s, esc);
		tb_buf_put(b, s, run);
		s += run;
		if (!*s)
			return;
		tb_buf_putc(b, '\\');
		tb_buf_putc(b, *s++);
	}
}

void tb_write_comment(tb_buf *b, const char *text, const char *lang)
{
	tb_write_comment_marks(b, text, lang, NULL, 0);
}

void tb_write_comment_marks(tb_buf *b, const char *text, const char *lang, const tb_mark *m,
                            unsigned nmarks)
{
	tb_buf_putc(b, '{');
	if (lang) {
		tb_buf_putc(b, '@');
		tb_buf_puts(b, lang);
		if (*text || nmarks)
			tb_buf_putc(b, ' ');
	}
	if (nmarks) { /* first: an ASCII run at the start, whatever the text's direction */
		tb_marks_write(b, m, nmarks);
		if (*text)
			tb_buf_putc(b, ' ');
	} else if (!lang && text[0] == '@') {
		tb_buf_putc(b, '\\'); /* not a language */
	}
	tb_write_escaped(b, text, "}\\");
	tb_buf_putc(b, '}');
}

void tb_write_tag(tb_buf *b, const char *name, const char *value)
{
	tb_buf_putc(b, '[');
	tb_buf_puts(b, name);
	tb_buf_puts(b, " \"");
	tb_write_escaped(b, value, "\"\\");
	tb_buf_puts(b, "\"]");
}

/* A comment, and its evidence link right after its '}'. */
static void S_comment(tb_buf *b, const tb_comment *c)
{
	tb_write_comment_marks(b, c->text, c->lang, c->marks, c->nmarks);
	if (c->evidence)
		tb_ev_write(b, c->evidence);
}

/* Writes each comment of 'c' preceded by 'sep', the first, and by a
 * space, the others. */
static void S_comments(tb_buf *b, const tb_comment *c, const char *sep)
{
	for (; c; c = c->next, sep = " ") {
		tb_buf_puts(b, sep);
		S_comment(b, c);
	}
}

/* "gap", "gap 3", "gap 2-6" */
static void S_gap(tb_buf *b, long lo, long hi) /* a gap's int32_t counts */
{
	tb_buf_puts(b, "gap");
	if (lo >= 0)
		tb_buf_printf(b, " %ld", lo);
	if (hi > lo)
		tb_buf_printf(b, "-%ld", hi);
}

void tb_write_alt(tb_buf *b, const tb_game *g, const tb_alt *a)
{
	switch (a->kind) {
	case TB_NODE_OMITTED:
		tb_buf_puts(b, "omitted");
		break;
	case TB_NODE_GAP:
		S_gap(b, a->gap_min, a->gap_max);
		break;
	case TB_NODE_POSITION:
		tb_buf_puts(b, "position \"");
		tb_position_write(b, g, a->position);
		tb_buf_putc(b, '"');
		break;
	default:
		if (a->reconstructed)
			tb_buf_puts(b, "reconstructed ");
		tb_turn_write(b, a->kind, &a->move);
		break;
	}
}

static void S_node_body(S_writer *w, const tb_node *n)
{
	switch (n->kind) {
	case TB_NODE_READING:
		tb_buf_putc(w->b, '<');
		for (unsigned i = 0; i < n->nalts; i++) {
			if (i)
				tb_buf_puts(w->b, " | ");
			tb_write_alt(w->b, w->g, &n->alts[i]);
			if (!w->bare) {
				tb_ev_write(w->b, n->alts[i].evidence);
				S_comments(w->b, n->alts[i].comments, " ");
			}
		}
		tb_buf_putc(w->b, '>');
		break;
	case TB_NODE_GAP:
		tb_buf_putc(w->b, '<');
		S_gap(w->b, n->gap_min, n->gap_max);
		tb_buf_putc(w->b, '>');
		break;
	case TB_NODE_POSITION:
		tb_buf_puts(w->b, "<position \"");
		tb_position_write(w->b, w->g, n->position);
		tb_buf_puts(w->b, "\">");
		break;
	default:
		if (n->reconstructed && !w->bare)
			tb_buf_puts(w->b, "<reconstructed ");
		tb_turn_write(w->b, n->kind, &n->move);
		if (n->reconstructed && !w->bare)
			tb_buf_putc(w->b, '>');
		break;
	}
}

/* A turn of the count: not a gap, a restatement, or a reading whose
 * first alternative is one of those or nothing. */
static int S_is_turn(const tb_node *n)
{
	return tb_kind_is_turn(tb_node_followed(n));
}

/* The number to write before node 'n' of a line, after 'prev' (NULL:
 * the line's first), as plies (2 * number + side); -1 for none. A turn
 * is numbered as the source's numbers run (tb_node_written_ply): when
 * it is the first side's by them, when 'need' says (something stands
 * before it), and where those numbers moved off the count or back
 * (its 'ahead' is not its predecessor's). A gap, a restated position
 * or a reading that follows one is numbered only where a number written
 * before it moved them, and when the turn before it tells the count
 * there. A number past 999999 (which only a count running on from a
 * large one reaches) is none: the reader would refuse it, and a turn
 * may go unnumbered. */
static long S_number_before(const S_writer *w, const tb_node *n, const tb_node *prev,
                            int need)
{
	long ply = -1;
	long ahead = w->counted ? 0 : n->ahead;
	int moved = ahead != (prev && !w->counted ? prev->ahead : 0);
	if (S_is_turn(n)) {
		ply = tb_node_written_ply(n) - n->ahead + ahead;
		if (ply % 2 && !need && !moved)
			ply = -1;
	} else if (!w->counted) {
		return tb_node_number_moved(n, prev);
	}
	return ply >= 2 && ply / 2 <= 999999 ? ply : -1;
}

int tb_node_number_written(const tb_node *n, const tb_node *prev, char w[32])
{
	long ply;
	if (S_is_turn(n) && n->side < 2) {
		if (n->ahead == 0)
			return 0;
		ply = tb_node_written_ply(n);
		ply = ply >= 2 && ply / 2 <= 999999 ? ply : -1;
	} else if ((ply = tb_node_number_moved(n, prev)) < 0) {
		return 0;
	}
	w[0] = '\0';
	if (ply >= 0)
		snprintf(w, 32, "%ld%s", ply / 2, ply % 2 ? "..." : ".");
	return 1;
}

long tb_node_number_moved(const tb_node *n, const tb_node *prev)
{
	if (S_is_turn(n) || !prev || !S_is_turn(prev) || n->ahead == prev->ahead)
		return -1;
	long ply = 2L * prev->number + (prev->side & 1) + 1 + n->ahead;
	return ply >= 2 && ply / 2 <= 999999 ? ply : -1;
}

/* Node 'n' of a line at nesting 'depth', after 'prev' (NULL: the
 * line's first, 'lead' when comments stand before it): its separator
 * and number (S_number_before), then its body. So a move number that
 * disagrees with the count is written as it was, and the turns after it
 * are numbered on from it (spec/tgn.md 5.1). On the main line each node
 * numbered for the first side starts a new line of text; one numbered
 * for the second side is numbered "N..." when it does not follow its
 * first side's turn directly. */
static void S_node(S_writer *w, const tb_node *n, const tb_node *prev, int lead,
                   unsigned depth)
{
	/* the separator before it: a character, not a string (this runs at
	 * every turn written) */
	char sep = prev ? ' ' : lead && !w->bare ? depth == 0 ? '\n' : ' ' : 0;
	int need = !prev || !S_is_turn(prev) || (!w->bare && (prev->comments || prev->variations));
	long ply = S_number_before(w, n, prev, need);
	if (ply >= 0 && ply % 2 == 0 && sep && depth == 0 && !w->bare)
		sep = '\n';
	if (sep)
		tb_buf_putc(w->b, sep);
	if (ply >= 0) {
		tb_buf_putu(w->b, (unsigned)(ply / 2));
		if (ply % 2 == 0)
			tb_buf_put(w->b, ". ", 2);
		else
			tb_buf_put(w->b, "... ", 4);
	}
	S_node_body(w, n);
}

/* The first NAG of a move is written as its suffix when it is one of
 * 1..6; on anything else a suffix would be read as another token. */
static void S_nag(tb_buf *b, const tb_node *n, unsigned i)
{
	static const char *const sfx[] = {"", "!", "?", "!!", "??", "!?", "?!"};
	if (i == 0 && n->kind == TB_NODE_MOVE && !n->reconstructed && n->nags[0] >= 1 &&
	    n->nags[0] <= 6)
		tb_buf_puts(b, sfx[n->nags[0]]);
	else
		tb_buf_put(b, " $", 2), tb_buf_putu(b, n->nags[i]);
}

/* Writes what cursor 'v' (just started) visits: a line, nesting 0 the
 * main line; or, 'notes' set, a node's notes -- its NAGs, comments and
 * variations, not its body. A reading's alternatives are its body's
 * (S_node_body); bare, the line's turns alone, nothing after them. */
static void S_visit(S_writer *w, tb_visit *v, int notes)
{
	v->quiet = TB_VISIT_QUIET(TB_VISIT_NODE_EXIT) | TB_VISIT_QUIET(TB_VISIT_ALT_ENTER) |
	           TB_VISIT_QUIET(TB_VISIT_ALT_EXIT);
	for (int ev; (ev = tb_visit_next(v)) != TB_VISIT_DONE;) {
		if (ev == TB_VISIT_NODE_ENTER) { /* the common event, before the switch */
			if (notes && v->depth == 0)
				continue;
			S_node(w, v->node, v->prev, v->line->lead != NULL, v->depth);
			if (w->bare)
				tb_visit_skip(v);
			continue;
		}
		switch (ev) {
		case TB_VISIT_LINE_ENTER:
			if (v->depth)
				tb_buf_puts(w->b, " (");
			break;
		case TB_VISIT_LINE_EXIT:
			if (v->depth)
				tb_buf_putc(w->b, ')');
			break;
		case TB_VISIT_NAG:
			S_nag(w->b, v->node, v->index);
			break;
		case TB_VISIT_EVIDENCE:
			if (!w->bare)
				tb_ev_write(w->b, v->evidence);
			break;
		case TB_VISIT_COMMENT:
			if (w->bare || v->at == TB_VISIT_AT_ALT)
				break;
			tb_buf_puts(w->b, v->at == TB_VISIT_AT_LEAD && v->index == 0 ? "" : " ");
			S_comment(w->b, v->comment);
			break;
		default:
			break;
		}
	}
}

/* Writes line 'line', the main line. */
static void S_line(S_writer *w, const tb_line *line)
{
	tb_visit v;
	tb_visit_init(&v, line);
	S_visit(w, &v, 0);
}

void tb_write_node(tb_buf *b, const tb_game *g, const tb_node *n, tb_write_part part)
{
	S_writer w = {b, g, part == TB_WRITE_BARE, 0};
	if (part == TB_WRITE_NOTES) {
		tb_visit v;
		tb_visit_init_node(&v, n);
		S_visit(&w, &v, 1);
	} else
		S_node_body(&w, n);
}

void tb_write_comments(tb_buf *b, const tb_comment *c, const char *sep)
{
	S_comments(b, c, sep);
}

static void S_tags(tb_buf *b, const tb_record *rec)
{
	S_comments(b, rec->lead, "");
	if (rec->lead)
		tb_buf_putc(b, '\n');
	for (size_t i = 0; i < rec->ntags; i++) {
		const tb_tag *t = &rec->tags[i];
		tb_write_tag(b, t->name, t->value);
		S_comments(b, t->comments, " ");
		tb_buf_putc(b, '\n');
	}
}

/* The canonical form of 'rec', numbered by the count alone when
 * 'counted'. */
static char *S_record_write(const tb_record *rec, size_t *len, int counted)
{
	if (!rec || rec->errors || !rec->game)
		return NULL;
	tb_buf b = TB_BUF_SOFT;
	/* room for about what was read (a record built through the API read
	 * none), and the tags the canonical form adds: one malloc, where
	 * growing from nothing took seven for a usual record */
	tb_buf_grow(&b, rec->bytes + rec->bytes / 4 + 256);
	S_writer w = {&b, rec->game, 0, counted};
	S_tags(&b, rec);
	tb_buf_putc(&b, '\n');
	S_line(&w, &rec->main);
	if (rec->main.first || rec->main.lead)
		tb_buf_putc(&b, '\n');
	tb_buf_puts(&b, tb_result_text[rec->result]);
	S_comments(&b, rec->trail, " ");
	tb_buf_putc(&b, '\n');
	return tb_buf_detach(&b, len);
}

char *tb_record_write(const tb_record *rec, size_t *len)
{
	return S_record_write(rec, len, 0);
}

char *tb_record_write_counted(const tb_record *rec, size_t *len)
{
	return S_record_write(rec, len, 1);
}

char *tb_record_movetext(const tb_record *rec, size_t *len)
{
	if (!rec || rec->errors || !rec->game)
		return NULL;
	tb_buf b = TB_BUF_SOFT;
	S_writer w = {&b, rec->game, 1, 0};
	S_line(&w, &rec->main);
	if (rec->main.first)
		tb_buf_putc(&b, ' ');
	tb_buf_puts(&b, tb_result_text[rec->result]);
	return tb_buf_detach(&b, len);
}
