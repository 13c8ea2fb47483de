/*
 * canonical_keeps.h -- which warnings a record's canonical form keeps
 * (spec/tgn.md §10), for the tests that write a record and read it back
 * (tests/spec_runner.c's fixed point, tests/fuzz/fuzz_build.c): such a
 * record reads back clean but for these. Header-only, since each test
 * program is built on its own.
 */
#ifndef TB_CANONICAL_KEEPS_H
#define TB_CANONICAL_KEEPS_H

#include "tablero.h"

/* 1 when 'd' is a warning the canonical form keeps, as written:
 * - TB213, an extension tag whose name is a slip of a roster's: it is
 *   legal, and kept as named;
 * - TB215, a tag value with a blank at its edge: kept as written;
 * - TB302, a move number that disagrees with the count: a number given
 *   so, and the turns numbered on from it, are kept as given (§5.1);
 * - TB317, times in the recording in a record without [Recording]: kept,
 *   and no [Recording] invented;
 * - TB320, author's marks in a comment that follows no turn: kept as the
 *   comment's text. */
static inline int tt_canonical_keeps(const tb_diag *d)
{
	if (d->severity != TB_WARNING)
		return 0;
	switch (d->code) {
	case 213:
	case 215:
	case 302:
	case 317:
	case 320:
		return 1;
	default:
		return 0;
	}
}

#endif
