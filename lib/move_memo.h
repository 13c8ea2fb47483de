/*
 * move_memo.h -- the memo of move words (internal; move_memo.c, and
 * the fast tier of the movetext, parse_fast.c, which fills it and reads
 * it inline in its scan).
 *
 * A collection writes the same few thousand words again and again, and
 * a game's grammar costs some hundred instructions a word: the words
 * seen are kept, with what the fast tier's S_move_word said, per game
 * and board (a [Rules] option may change the board), in a table
 * direct-mapped: a word whose place another took is read by the grammar
 * again. A word's move is kept beside it when it has few parts
 * (tb_memo_move) and the reader that read it built the tree: a reader
 * building the tree reads the word again by a look-up and a copy.
 *
 * What an entry says is of the word's bytes, the game and the board
 * alone -- S_move_word reads nothing of the reader -- so a memo serves
 * any reader after the one that made it (memo_keep.h: a thread keeps
 * it from reader to reader): a checking reader, which keeps no move,
 * leaves an entry without its parts (TB_MEMO_HAS_PARTS unset), and a
 * building one then reads such a word by the grammar again. A board is
 * keyed by its game's address -- the games are static tables, there
 * for the whole process -- and a copy of the board (plain bytes).
 */
#ifndef TB_MOVE_MEMO_H
#define TB_MOVE_MEMO_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "game.h"

typedef struct tb_move_memo tb_move_memo;

enum {
	TB_MEMO_WORD = 15,     /* the longest word kept (bytes) */
	TB_MEMO_BITS = 12,     /* 4096 words a board */
	TB_MEMO_BOARDS = 4,    /* the boards kept: a collection's games, plain */
	TB_MEMO_PARTS = 7,     /* the most parts kept of a move (tb_memo_move: 16 bytes) */
	TB_MEMO_SAID = 7,      /* the bits of a word's tail that hold 1 + what was said */
	TB_MEMO_HAS_PARTS = 8, /* the bit of its tail: its parts are kept */
};

/* A word kept: its first 8 bytes, then 7 more, its length, whether its
 * parts are kept, and 1 + what S_move_word said (-1 to 6); all 0 when
 * no word is kept there. */
typedef struct tb_memo_word {
	uint64_t head;
	uint64_t tail;        /* bytes 8 to 14 << 8 | n << 4 | has parts << 3 | (said + 1) */
} tb_memo_word;

/* The move of the word kept in the same slot, when its tail says so. */
typedef struct tb_memo_move {
	tb_part parts[TB_MEMO_PARTS]; /* first: the 16 bytes are copied as one */
	uint8_t n, crown;
} tb_memo_move;
_Static_assert(sizeof(tb_memo_move) == 16 && offsetof(tb_memo_move, parts) == 0,
               "S_tree_turn copies a kept move's parts as 16 bytes");

/* The table of one game on one board. */
typedef struct tb_memo_board {
	const tb_game *g;     /* NULL: not in use (a static table's address) */
	tb_board b;
	tb_memo_word w[1u << TB_MEMO_BITS];
	tb_memo_move m[1u << TB_MEMO_BITS]; /* read only by a reader that builds */
} tb_memo_board;

struct tb_move_memo {
	tb_memo_board boards[TB_MEMO_BOARDS];
	unsigned next;        /* the board to be replaced next */
};

/* The memo's table for game 'g' on board 'b' in '*mp' (made there when
 * NULL): the one kept, or one made (a board kept longest replaced).
 * NULL when memory ran out: no memo. */
tb_memo_board *tb_move_memo_board(tb_move_memo **mp, const tb_game *g, const tb_board *b);

/* Frees memo 'm' (NULL: nothing). */
void tb_move_memo_free(tb_move_memo *m);

static inline uint64_t tb_memo_load8(const char *s)
{
	uint64_t v;
	memcpy(&v, s, 8);
	return v;
}

static inline uint64_t tb_memo_load4(const char *s)
{
	uint32_t v;
	memcpy(&v, s, 4);
	return v;
}

/* The 'n' bytes at 'w' (1 <= n <= TB_MEMO_WORD) as a key: 'head' bytes
 * 0 to 7, 'tail' bytes 8 to 14 (little-endian, 0 past the word) << 8 |
 * n << 4. 'room' is the bytes readable from 'w' on (n at least): with
 * 16, two loads, the bytes past the word masked off; else loads that
 * stay within the word. */
static inline void tb_memo_key(const char *w, size_t n, size_t room, uint64_t *head,
                               uint64_t *tail)
{
	uint64_t h = 0, t = 0;
#if !(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
	/* the loads and masks below take a word's first byte as the lowest:
	 * where that is not known to hold, the same key byte by byte */
	(void)room;
	for (size_t i = 0; i < n; i++) /* bytes 0 to 7 in 'h', 8 on in 't' */
		*(i < 8 ? &h : &t) |= (uint64_t)(unsigned char)w[i] << (8 * (i & 7));
	*head = h;
	*tail = t << 8 | (uint64_t)n << 4;
	return;
#endif
	if (room >= 16) {
		h = tb_memo_load8(w);
		t = tb_memo_load8(w + 8);
		if (n < 8) {
			h &= ((uint64_t)1 << (8 * n)) - 1;
			t = 0;
		} else {
			t &= ((uint64_t)1 << (8 * (n - 8))) - 1; /* n - 8 <= 7 */
		}
	} else if (n >= 8) {
		h = tb_memo_load8(w);
		if (n > 8) /* the last 8 bytes, of which the word's 8 to n-1 the top */
			t = tb_memo_load8(w + n - 8) >> (8 * (16 - n));
	} else if (n >= 4) { /* two loads that overlap, the overlap alike */
		h = tb_memo_load4(w) | tb_memo_load4(w + n - 4) << (8 * (n - 4));
	} else {
		for (size_t i = 0; i < n; i++)
			h |= (uint64_t)(unsigned char)w[i] << (8 * i);
	}
	*head = h;
	*tail = t << 8 | (uint64_t)n << 4;
}

/* What S_move_word said of the word kept in slot 'e'. */
static inline int tb_memo_said(const tb_memo_word *e)
{
	return (int)(e->tail & TB_MEMO_SAID) - 1;
}

/* The slot of table 'x' for key 'head', 'tail' (tb_memo_key). */
static inline tb_memo_word *tb_memo_slot(tb_memo_board *x, uint64_t head, uint64_t tail)
{
	uint64_t h = (head ^ (tail * 0x9E3779B97F4A7C15u)) * 0xD6E8FEB86659FD93u;
	return &x->w[h >> (64 - TB_MEMO_BITS)];
}

/* Does slot 'e' keep the word of key 'head', 'tail'? */
static inline int tb_memo_holds(const tb_memo_word *e, uint64_t head, uint64_t tail)
{
	return e->head == head && (e->tail & ~(uint64_t)15) == tail;
}

/* What table 'x' keeps of the 'n' bytes at 'w' (1 <= n <= TB_MEMO_WORD,
 * 'room' readable): S_move_word's answer, its slot in '*ep' when 'ep'
 * is not NULL (a building scan's); or -2 when it keeps none. */
static inline int tb_memo_kept(tb_memo_board *x, const char *w, size_t n, size_t room,
                               tb_memo_word **ep)
{
	uint64_t head, tail;
	tb_memo_key(w, n, room, &head, &tail);
	tb_memo_word *e = tb_memo_slot(x, head, tail);
	if (ep)
		*ep = e;
	return tb_memo_holds(e, head, tail) ? tb_memo_said(e) : -2;
}

#endif
