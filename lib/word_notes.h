/*
 * word_notes.h -- the notes on a move word the game's grammar refused
 * (internal; parser.c): what the word most often is when a transcriber
 * typed it. The error says where the word fails; a note says why a
 * person wrote it so, and what TGN writes (spec/tgn.md, "Words no move
 * reads"):
 *
 *   - a byte order mark at its start (a file joined to another);
 *   - a character that looks like TGN's but is another: a typographic
 *     dash or a minus sign for '-', a multiplication sign for 'x', a
 *     fullwidth or Cyrillic letter, a no-break space inside the word;
 *   - a habit of other notations: a comma after a turn, a move number
 *     without its dot, a result in another form, '??' or '...' for an
 *     unknown turn;
 *   - a turn written with spaces inside it ("c3 - c4", "c3- c4",
 *     "c3 -c4", "c3 x c5"): the words around the refused one, read
 *     together, are one turn of the game.
 *
 * Every note that proposes a word proposes only one the game's grammar
 * reads (the grammar is asked), so no note sends a transcriber to
 * another error. Such a note's diagnostic also carries the proposal
 * typed (tb_diag.fixes): the span written, and what to write there --
 * the word, or the words from the first to the last of a turn written
 * with spaces in it. The notes only add lines and fixes to diagnostics:
 * what is read, and the errors counted, do not change.
 */
#ifndef TB_WORD_NOTES_H
#define TB_WORD_NOTES_H

#include <stddef.h>

#include "game.h"
#include "reader.h"

/* A turn that may go on in the next word: a refused word that is a lone
 * '-' or 'x' or ends in one, waiting for the word after it. */
typedef struct tb_split_turn {
	int open;          /* 0: nothing waits */
	size_t from, upto; /* window bytes of the words so far */
	unsigned line;     /* their line (a turn is not split over lines) */
	unsigned col;      /* the first word's first column (its fix's) */
	size_t diag;       /* the diagnostic the note goes to (tb_diag_note_i) */
} tb_split_turn;

/* Notes, on the diagnostic just made about token 't', that 't' starts
 * with a byte order mark (see above); the parser calls it on other
 * tokens too. */
void tb_word_bom_note(tb_reader *r, const tb_tok *t);

/* Adds the notes on the move word at token 't', which 'g''s grammar
 * refused with the diagnostic just recorded (the last of 'r''s). 'board'
 * is the record's board; 'split' is the parser's and carries a turn
 * that may go on in the next word (tb_word_split_next). Writes nothing
 * but notes; a note that cannot be kept is dropped (as tb_diag_note). */
void tb_word_notes(tb_reader *r, const tb_game *g, const tb_board *board, const tb_tok *t,
                   tb_split_turn *split);

/* Called at each turn word 't' while 'split' is open: when 't' follows
 * the waiting words on their line with only blanks between, and the
 * words read together are one turn of 'g', notes that on the waiting
 * word's diagnostic. Closes 'split' in every case. */
void tb_word_split_next(tb_reader *r, const tb_game *g, const tb_board *board,
                        const tb_tok *t, tb_split_turn *split);

#endif
