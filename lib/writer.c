/*
 * writer.c -- the canonical form (spec/tgn.md, "Canonical form").
 *
 * One record, one way to write it: tags in canonical order, one per
 * line; a blank line; the main line with each of the first side's
 * turns starting a line; the result on a line of its own. Variations,
 * comments and NAGs stay inline with the turn they belong to.
 */
#include <string.h>

#include "game.h"
#include "record.h"
#include "writer.h"

typedef struct S_writer {
	tb_buf *b;
	const tb_game *g;
	int bare;       /* the main line's turns only, on one line */
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
	tb_buf_putc(b, '{');
	if (lang) {
		tb_buf_putc(b, '@');
		tb_buf_puts(b, lang);
		if (*text)
			tb_buf_putc(b, ' ');
	} else if (text[0] == '@') {
		tb_buf_putc(b, '\\'); /* not a language */
	}
	tb_write_escaped(b, text, "}\\");
	tb_buf_putc(b, '}');
}

static void S_comment(tb_buf *b, const tb_comment *c)
{
	tb_write_comment(b, c->text, c->lang);
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

/* The first NAG of a move is written as its suffix when it is one of
 * 1..6; on anything else a suffix would be read as another token. */
static void S_nags(tb_buf *b, const tb_node *n)
{
	static const char *const sfx[] = {"", "!", "?", "!!", "??", "!?", "?!"};
	for (unsigned i = 0; i < n->nnags; i++) {
		if (i == 0 && n->kind == TB_NODE_MOVE && !n->reconstructed && n->nags[0] >= 1 &&
		    n->nags[0] <= 6)
			tb_buf_puts(b, sfx[n->nags[0]]);
		else
			tb_buf_put(b, " $", 2), tb_buf_putu(b, n->nags[i]);
	}
}

/* "gap", "gap 3", "gap 2-6" */
static void S_gap(tb_buf *b, long lo, long hi)
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
			if (!w->bare)
				S_comments(w->b, n->alts[i].comments, " ");
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

static void S_line(S_writer *w, const tb_line *line, int main);

/* What follows a turn's body: NAGs, comments, variations. */
static void S_notes(S_writer *w, const tb_node *n)
{
	S_nags(w->b, n);
	S_comments(w->b, n->comments, " ");
	for (const tb_line *v = n->variations; v; v = v->next) {
		tb_buf_puts(w->b, " (");
		S_line(w, v, 0);
		tb_buf_putc(w->b, ')');
	}
}

void tb_write_node(tb_buf *b, const tb_game *g, const tb_node *n, tb_write_part part)
{
	S_writer w = {b, g, part == TB_WRITE_BARE};
	if (part == TB_WRITE_NOTES)
		S_notes(&w, n);
	else
		S_node_body(&w, n);
}

void tb_write_comments(tb_buf *b, const tb_comment *c, const char *sep)
{
	S_comments(b, c, sep);
}

/* Writes 'line': on the main line each of the first side's turns
 * starts a new line of text; a second side's turn is numbered "N..."
 * when it does not follow its first side's turn directly. */
static void S_line(S_writer *w, const tb_line *line, int main)
{
	const char *sep = "";
	if (!w->bare)
		S_comments(w->b, line->lead, "");
	if (line->lead && !w->bare)
		sep = main ? "\n" : " ";
	int need_number = 1;
	for (const tb_node *n = line->first; n; n = n->next) {
		int turn = S_is_turn(n);
		if (turn && n->side == 0) {
			tb_buf_puts(w->b, main && *sep && !w->bare ? "\n" : sep);
			tb_buf_putu(w->b, n->number);
			tb_buf_puts(w->b, ". ");
		} else if (turn && need_number) {
			tb_buf_puts(w->b, sep);
			tb_buf_putu(w->b, n->number);
			tb_buf_puts(w->b, "... ");
		} else {
			tb_buf_puts(w->b, sep);
		}
		S_node_body(w, n);
		if (!w->bare)
			S_notes(w, n);
		need_number = !turn || (!w->bare && (n->comments || n->variations));
		sep = " ";
	}
}

static void S_tags(tb_buf *b, const tb_record *rec)
{
	S_comments(b, rec->lead, "");
	if (rec->lead)
		tb_buf_putc(b, '\n');
	for (size_t i = 0; i < rec->ntags; i++) {
		const tb_tag *t = &rec->tags[i];
		tb_buf_putc(b, '[');
		tb_buf_puts(b, t->name);
		tb_buf_puts(b, " \"");
		tb_write_escaped(b, t->value, "\"\\");
		tb_buf_puts(b, "\"]");
		S_comments(b, t->comments, " ");
		tb_buf_putc(b, '\n');
	}
}

char *tb_record_write(const tb_record *rec, size_t *len)
{
	if (!rec || rec->errors || !rec->game)
		return NULL;
	tb_buf b = TB_BUF_SOFT;
	/* room for about what was read (a record built through the API read
	 * none), and the tags the canonical form adds: one malloc, where
	 * growing from nothing took seven for a usual record */
	tb_buf_grow(&b, rec->bytes + rec->bytes / 4 + 256);
	S_writer w = {&b, rec->game, 0};
	S_tags(&b, rec);
	tb_buf_putc(&b, '\n');
	S_line(&w, &rec->main, 1);
	if (rec->main.first || rec->main.lead)
		tb_buf_putc(&b, '\n');
	tb_buf_puts(&b, tb_result_text[rec->result]);
	S_comments(&b, rec->trail, " ");
	tb_buf_putc(&b, '\n');
	return tb_buf_detach(&b, len);
}

char *tb_record_movetext(const tb_record *rec, size_t *len)
{
	if (!rec || rec->errors || !rec->game)
		return NULL;
	tb_buf b = TB_BUF_SOFT;
	S_writer w = {&b, rec->game, 1};
	S_line(&w, &rec->main, 1);
	if (rec->main.first)
		tb_buf_putc(&b, ' ');
	tb_buf_puts(&b, tb_result_text[rec->result]);
	return tb_buf_detach(&b, len);
}
