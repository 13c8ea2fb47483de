/*
 * tags_position.c -- a [Position] tag's value read (tb_tags_position),
 * and the values a reader keeps from record to record so as not to read
 * the same text again (tb_tags_position_kept), with the canonical form
 * a reader that builds the tree writes in the tag.
 *
 * Apart from tags.c, which reads the rest of the tag section and calls
 * these, because the memo is a concern of its own (its table, its
 * keys, what a copy of a kept position must be) and the reader frees it
 * by the function set beside it (tb_reader.pos_memo_free), not by a
 * call back up.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "memo_keep.h"
#include "tags.h"
#include "xalloc.h"

tb_position *tb_tags_position(tb_reader *r, tb_arena *a, const tb_game *g,
                              const tb_board *b, const tb_tok *t, const char *s)
{
	tb_syntax_err err = {0, 1, ""};
	tb_position *pos = tb_position_parse(g, b, s, a, &err);
	if (!pos)
		tb_diag_at(r, TB_ERROR, TB_D_POSITION, t->off + 1 + err.offset, err.len, t->line,
		           t->col + 1 + tb_utf8_count(s, err.offset), "bad %s position: %s",
		           g->title, err.msg);
	return pos;
}

/* ===== The memo of [Position] values =====
 * A collection sets up the same few hundred positions again and again,
 * and reading one costs some three thousand instructions (and writing
 * its canonical form, for the tree, a thousand more): a reader keeps
 * the positions it read on a game's plain board -- the board of no
 * [Rules] option -- with no key=value field, by their text, in a table
 * of its own (tb_reader.pos_memo), direct-mapped: a text whose place
 * another took is read again. A position kept is what tb_position_parse
 * made of the text, copied into the record's arena as it made it; a
 * text it refused is never kept (it is read, and told of, every time).
 * Its canonical form (tb_position_write of that position) is kept with
 * it once a reader that builds the tree asks for it (S_pos_canon).
 *
 * What a slot keeps is of its game, the text and the game's plain board
 * alone -- one board a game (tags.c, S_board) -- never of the reader
 * that read it: it keeps no place (a position refused, whose
 * diagnostic has one, is never kept), no word (those of a refusal
 * only), nor anything of the reader's settings (tags.c asks a reader
 * that is neither careful nor without its fast tier; a check's reader
 * asks no canonical form, a building one makes it). So the memo serves
 * any reader after it, on any thread: the reader's thread keeps it
 * when the reader is freed (memo_keep.h), for the next reader. */
enum { S_POS_BITS = 9 }; /* 512 texts */

typedef struct S_pos_kept {
	const tb_game *g;      /* NULL: none kept here (a static table's address) */
	char *text;            /* the value (malloc'd) */
	size_t len;
	tb_position pos;       /* its pieces malloc'd; no extras */
	char *canon;           /* its canonical form (malloc'd), or NULL: not asked yet */
	size_t canon_len;
	int canon_same;        /* the canonical form is 'text' itself */
} S_pos_kept;

struct tb_pos_memo {
	S_pos_kept kept[1u << S_POS_BITS];
};

void tb_pos_memo_free(tb_pos_memo *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < sizeof m->kept / sizeof m->kept[0]; i++) {
		free(m->kept[i].text);
		free(m->kept[i].pos.pieces);
		free(m->kept[i].canon);
	}
	free(m);
}

/* The place of text 's' ('n' bytes) of game 'g' in the memo: of the
 * game's name, not its address, so that which texts share a place is
 * the same in every build (the address moves with the binary's layout). */
static size_t S_pos_slot(const tb_game *g, const char *s, size_t n)
{
	uint64_t h = 0xCBF29CE484222325u;
	for (const char *c = g->name; *c; c++)
		h = (h ^ (unsigned char)*c) * 0x100000001B3u;
	h ^= n;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0x9E3779B97F4A7C15u;
	}
	for (; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001B3u;
	h ^= h >> 29;
	return (size_t)((h * 0xD6E8FEB86659FD93u) >> (64 - S_POS_BITS));
}

/* A copy of position 'p' (no extras) in arena 'a', as tb_position_parse
 * makes it there; NULL when memory ran out. */
static tb_position *S_pos_copy(tb_arena *a, const tb_position *p)
{
	tb_position *c = tb_arena_alloc(a, sizeof *c);
	if (!c)
		return NULL;
	*c = *p;
	c->pieces = tb_arena_alloc(a, (p->npieces ? p->npieces : 1) * sizeof *p->pieces);
	c->extras = tb_arena_alloc(a, sizeof *c->extras);
	if (!c->pieces || !c->extras)
		return NULL;
	memcpy(c->pieces, p->pieces, p->npieces * sizeof *p->pieces);
	return c;
}

/* Keeps position 'p', read from text 's' ('n' bytes) of game 'g', at
 * place 'i' of the memo (made at the first): nothing when memory ran
 * out, or when 'p' has extras. */
static void S_pos_keep(tb_pos_memo **mp, size_t i, const tb_game *g, const char *s, size_t n,
                       const tb_position *p)
{
	if (p->nextras)
		return;
	if (!*mp && !(*mp = tb_calloc(1, sizeof **mp)))
		return;
	S_pos_kept *k = &(*mp)->kept[i];
	char *text = tb_malloc(n + 1);
	tb_piece *pieces = tb_malloc((p->npieces ? p->npieces : 1) * sizeof *pieces);
	if (!text || !pieces) {
		free(text);
		free(pieces);
		return;
	}
	free(k->text);
	free(k->pos.pieces);
	free(k->canon);
	k->canon = NULL;
	memcpy(text, s, n + 1);
	memcpy(pieces, p->pieces, p->npieces * sizeof *pieces);
	k->g = g;
	k->text = text;
	k->len = n;
	k->pos = *p;
	k->pos.pieces = pieces;
	k->pos.extras = NULL;
}

/* The canonical form of position 'k' keeps (tb_position_write), made
 * at the first asking and kept with it: 's', its text, itself when
 * that is the form already (most are written so), else a copy in arena
 * 'a'. NULL when memory ran out: the caller writes it the whole way,
 * and says so if it runs out too. */
static const char *S_pos_canon(tb_arena *a, S_pos_kept *k, const char *s)
{
	if (!k->canon) {
		tb_buf w = TB_BUF_SOFT;
		tb_position_write(&w, k->g, &k->pos);
		char *c = tb_buf_ok(&w) ? tb_malloc(w.len + 1) : NULL;
		if (c) {
			memcpy(c, w.data ? w.data : "", w.len);
			c[w.len] = '\0';
			k->canon = c;
			k->canon_len = w.len;
			k->canon_same = w.len == k->len && memcmp(c, k->text, w.len) == 0;
		}
		tb_buf_free(&w);
		if (!c)
			return NULL;
	}
	return k->canon_same ? s : tb_arena_strndup(a, k->canon, k->canon_len);
}

tb_position *tb_tags_position_kept(tb_reader *r, tb_arena *a, const tb_game *g,
                                   const tb_board *b, const tb_tok *t, const char *s,
                                   const char **canon)
{
	size_t n = strlen(s), i = S_pos_slot(g, s, n);
	if (!r->pos_memo && (r->pos_memo = tb_memo_take_positions())) /* a reader's before */
		r->pos_memo_free = tb_pos_memo_free;
	S_pos_kept *k = r->pos_memo ? &r->pos_memo->kept[i] : NULL;
	if (canon)
		*canon = NULL;
	if (k && k->g == g && k->len == n && memcmp(k->text, s, n) == 0) {
		tb_position *c = S_pos_copy(a, &k->pos);
		if (c && canon)
			*canon = S_pos_canon(a, k, s);
		if (c)
			return c;
	}
	tb_position *p = tb_tags_position(r, a, g, b, t, s);
	if (p) {
		S_pos_keep(&r->pos_memo, i, g, s, n, p);
		r->pos_memo_free = tb_pos_memo_free; /* the reader frees it so */
		k = r->pos_memo ? &r->pos_memo->kept[i] : NULL;
		if (canon && k && k->g == g && k->text && k->len == n && memcmp(k->text, s, n) == 0)
			*canon = S_pos_canon(a, k, s);
	}
	return p;
}
