/*
 * words.h -- the movetext in words (internal; words.c): how the books
 * and the web pages (book.c, html.c) say a turn, a NAG, a gap, a
 * reading's alternative and a comment's direction, in a language.
 */
#ifndef TB_WORDS_H
#define TB_WORDS_H

#include "buf.h"
#include "lang.h"
#include "record.h"

/* A comment's direction: its language's, else its text's. */
int tb_comment_rtl(const tb_comment *c);
/* NAG 'nag' as a symbol ("!", "±"): 'first' a turn's first NAG, which
 * may be a suffix; "" for one that is no text ($220, a diagram); NULL
 * for one without a symbol (written "$N"). */
const char *tb_nag_text(unsigned nag, int first);
/* A gap in 'l''s words: "faltan 2 jugadas". The caller frees it; NULL
 * when memory ran out. */
char *tb_gap_words(const tb_lang *l, long min, long max);
/* A reading's alternative into 't': a turn as written, or a collation's
 * gap, restated position or nothing, in 'l''s words. */
void tb_alt_words(const tb_lang *l, tb_buf *t, const tb_alt *a);
/* A turn's token into 't': the move as written (a reconstructed one in
 * square brackets), a reading's first alternative. */
void tb_token_words(tb_buf *t, const tb_node *n);

#endif
