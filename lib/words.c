/*
 * words.c -- the movetext in words (words.h): a turn's token as the
 * books and the web pages print it, NAGs as symbols, gaps and a
 * reading's alternatives in a language, a comment's direction.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "text_metrics.h"
#include "words.h"

int tb_comment_rtl(const tb_comment *c)
{
	if (c->lang)
		return tb_lang_tag_rtl(c->lang);
	return tb_text_rtl(c->text, strlen(c->text));
}

const char *tb_nag_text(unsigned nag, int first)
{
	static const char *const sfx[] = {"", "!", "?", "!!", "??", "!?", "?!"};
	if (first && nag >= 1 && nag <= 6)
		return sfx[nag];
	switch (nag) {
	case 10: return "=";
	case 13: return "∞";
	case 14: return "+=";
	case 15: return "=+";
	case 16: return "±";
	case 17: return "∓";
	case 18: return "+−";
	case 19: return "−+";
	case TB_NAG_DIAGRAM: return "";
	default: return NULL;
	}
}

/* A gap in the book's words: "faltan 2 jugadas". The caller frees it. */
char *tb_gap_words(const tb_lang *l, long min, long max)
{
	char lo[32], hi[32];
	snprintf(lo, sizeof lo, "%ld", min);
	snprintf(hi, sizeof hi, "%ld", max);
	const char *args[2] = {lo, hi};
	const char *key = "book.gap";
	if (min >= 0 && max == min)
		key = min == 1 ? "book.gap.one" : "book.gap.n";
	else if (min >= 0 && max > min)
		key = "book.gap.range";
	else if (min > 0)
		key = "book.gap.atleast";
	return tb_lang_format(l, key, args, 2);
}

/* A reading's alternative: a turn as written, or a collation's gap,
 * restated position or nothing, in the book's words. */
void tb_alt_words(const tb_lang *l, tb_buf *t, const tb_alt *a)
{
	switch (a->kind) {
	case TB_NODE_GAP: {
		char *g = tb_gap_words(l, a->gap_min, a->gap_max);
		if (g)
			tb_buf_puts(t, g);
		else /* out of memory */
			tb_buf_fail(t);
		free(g);
		break;
	}
	case TB_NODE_POSITION:
		tb_buf_puts(t, tb_lang_text(l, "book.position"));
		break;
	case TB_NODE_OMITTED:
		tb_buf_puts(t, tb_lang_text(l, "book.omitted"));
		break;
	default:
		tb_turn_write(t, a->kind, &a->move);
		break;
	}
}

/* A turn's token: the move as written (a reconstructed one in square
 * brackets), a reading's first alternative. */
void tb_token_words(tb_buf *t, const tb_node *n)
{
	if (n->kind == TB_NODE_READING && !n->alts[0].reconstructed)
		tb_turn_write(t, n->alts[0].kind, &n->alts[0].move);
	else if (n->kind == TB_NODE_READING) {
		tb_buf_putc(t, '[');
		tb_turn_write(t, n->alts[0].kind, &n->alts[0].move);
		tb_buf_putc(t, ']');
	} else if (n->reconstructed) {
		tb_buf_putc(t, '[');
		tb_turn_write(t, n->kind, &n->move);
		tb_buf_putc(t, ']');
	} else
		tb_turn_write(t, n->kind, &n->move);
}
