/*
 * index.h -- what the files of the index share (internal): the keys of a
 * position (index_key.c), the database (index.c) and its queries
 * (index_query.c, tree_query.c). spec/collection.md is the contract.
 */
#ifndef TB_INDEX_H
#define TB_INDEX_H

#include <sqlite3.h>
#include <stdint.h>

#include "game.h"

/* The schema this tablero writes and reads (PRAGMA user_version), and
 * the file's mark (PRAGMA application_id: "TBIX"). */
#define TB_IX_SCHEMA TB_INDEX_SCHEMA
#define TB_IX_APP_ID 0x54424958

/* What the index keeps of one position (spec/collection.md §3). */
typedef struct tb_ix_key {
	uint64_t exact;        /* the position, whatever its turn number and history */
	uint64_t sym;          /* the least 'exact' of its images under the game's
	                          symmetries: equal for symmetric positions */
	uint64_t images[8];    /* the exact keys of its images, images[0] == exact:
	                          the positions one of whose images it is */
	unsigned nimages;      /* the game's symmetries (1 when none) */
	unsigned m[2];         /* each side's pieces on the board */
	uint8_t bits[2][16];   /* each side's points (bit p of byte p / 8) */
} tb_ix_key;

/* The mixes of a piece's point and kind that a key adds up (index_key.c),
 * kept for the kinds of piece seen, and the images of the points of a
 * board: each made once, not once per piece and image of every position
 * (a fifth of a build of random games was making them). Zeroed before
 * the first use; a caller's own. */
typedef struct tb_ix_mixes {
	unsigned n;
	unsigned last;            /* the kind of piece found last */
	const tb_game *game;      /* the game of game_hash (NULL: none yet) */
	uint64_t game_hash;       /* the FNV-1a of its name, which every key mixes */
	uint64_t what[8];         /* a piece's side, kind and crown */
	uint64_t mix[8][256];     /* of each, the mix at every point */
	int files, ranks;         /* the board 'image' is of (0: none yet) */
	uint8_t image[8][256];    /* each point's image under each symmetry */
} tb_ix_mixes;

/* The key of position 'p' of game 'g' on board 'b', with the mixes kept
 * in 'mx' (NULL: made for this key). Allocates nothing. */
void tb_ix_key_of(const tb_game *g, const tb_board *b, const tb_position *p, tb_ix_mixes *mx,
                  tb_ix_key *out);
/* tb_ix_key_of without the images: 'exact', 'm' and 'bits' alone (sym is
 * exact, nimages 1), for a position that may be known already. */
void tb_ix_key_exact(const tb_game *g, const tb_board *b, const tb_position *p,
                     tb_ix_mixes *mx, tb_ix_key *out);

/* The board of game 'g' under its default options; 0, or -1 when it has none. */
int tb_ix_board(const tb_game *g, tb_board *out);

/* A pattern (spec/collection.md §4.1): points that must hold a side's
 * piece, must be empty, or anything; with its images under the game's
 * symmetries when 'symmetric'. */
typedef struct tb_ix_pattern {
	const tb_game *game;
	int to_move;                 /* -1 either side */
	unsigned n;                  /* images held: 1, or the game's symmetries */
	uint8_t need[8][2][16];      /* per image: points that must hold a side's piece */
	uint8_t empty[8][16];        /* per image: points that must be empty */
} tb_ix_pattern;

/* Reads pattern 's' ("R R:a1,d1 Y:a7 -:d4"): NULL, or why not (written
 * into 'why', 'n' bytes) with '*at' the byte offset of the problem. */
const char *tb_ix_pattern_read(const char *s, const tb_game *only, int symmetric,
                               tb_ix_pattern *out, char *why, size_t n, size_t *at);
/* Does a position with side 'to_move' and points 'bits' match 'pt'? */
int tb_ix_pattern_match(const tb_ix_pattern *pt, int to_move, const uint8_t *bits, size_t nbits);

/* The game whose position notation 's' reads (the first in the games'
 * order, or 'only' when not NULL) and its key; NULL with 'why' and '*at'
 * as tb_ix_pattern_read. */
const tb_game *tb_ix_position_read(const char *s, const tb_game *only, tb_ix_key *out,
                                   int *to_move, char *why, size_t n, size_t *at);

/* FNV-1a, 64 bits, of 'n' bytes: the files' content hash. */
uint64_t tb_ix_fnv(const void *p, size_t n);

#endif
