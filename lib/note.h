/*
 * note.h -- what a diagram, a page or a caption says where the rules do
 * not know the position (internal).
 *
 * Where a walk stands after a '?', a '?' point or a gap that more than
 * one turn fits (an open stretch), or where the rules stop, the writers
 * show the last position known and say why, in the record's language:
 * "caben 16 jugadas en 2... ?; se muestra la última posición conocida,
 * tras 2. b2." The words come from the frame the walk stands on (its
 * status, stop, fits and positions: replay.h) through the language
 * tables, never from the walk's English 'why'. spec/replay.md says what
 * every command shows at an open stretch.
 */
#ifndef TB_NOTE_H
#define TB_NOTE_H

#include "lang.h"
#include "typeset.h"
#include "replay_walk.h"

typedef struct tb_note {
	const char *why;      /* its key: "note.fits", "note.refused"... */
	char count[24];       /* {1} of 'why': the turns (sequences, positions) that fit */
	char at[128];         /* {2} of 'why': the node the rules stopped at, numbered
	                         and written ("2... ?", "<gap>") */
	const char *shown;    /* "note.shown", "note.shown.start", or NULL when no
	                         position at all is known */
	char after[128];      /* {1} of 'shown': the last known turn ("2. b2"); ""
	                         for a position the record restates, then */
	long after_ply;       /* the turns before it ("caption.turn" says it) */
	int open;             /* the stretch is open (several positions fit, status
	                         TB_FRAME_OPEN): a warning, not an error */
	char node[128];       /* the node walked last when the rules decide its turn
	                         though the positions stay several ("32... ?"), else "" */
	char turn[64];        /* and that turn ("e5-d5"): "note.decided" says them */
} tb_note;

/* Does walk 'w' stand in an open stretch: no position known (live 0),
 * the frame it stands on TB_FRAME_OPEN, and a last position known? */
int tb_walk_open(const tb_walk *w);

/* Fills 'n' for walk 'w', which does not know its position (live 0).
 * Returns 0 when memory ran out (its texts then cut). */
int tb_note_make(tb_note *n, const tb_walk *w);

/* The note as one sentence in 'l': "why; shown." ('why' alone when no
 * position is known). The caller frees it; NULL when memory ran out. */
char *tb_note_text(const tb_note *n, const tb_lang *l);

/* The same sentence appended to paragraph 'p' (its tokens kept whole
 * and left to right in a right-to-left paragraph). */
void tb_note_para(tb_para *p, const tb_note *n, const tb_lang *l);

#endif
