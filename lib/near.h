/*
 * near.h -- names a few keystrokes away from one that is known
 * (internal): "did you mean 'pitarra'?" for a game, a tag, a rule
 * option or its value (spec/tgn.md §11, "Did you mean").
 */
#ifndef TB_NEAR_H
#define TB_NEAR_H

#include <stddef.h>

/* The Damerau-Levenshtein distance (optimal string alignment: an
 * insertion, a deletion, a substitution or two neighbours swapped is
 * one edit) between the 'na' bytes at 'a' and the 'nb' at 'b', ASCII
 * letters compared without their case; 'bound' + 1 when it is more than
 * 'bound'. Names longer than 64 bytes are never near another: their
 * distance is 'bound' + 1 unless they are equal but for case (0). */
unsigned tb_edit_distance(const char *a, size_t na, const char *b, size_t nb, unsigned bound);

/* The edits a name of 'n' bytes may be from a known one and still be
 * taken for a slip: 1 up to 4 bytes, 2 beyond (a shorter name is near
 * too much else). */
unsigned tb_near_bound(size_t n);

/* Of the 'n' names at 'names' (NULL entries skipped), the one nearest
 * to 'word' within 'bound' edits, or NULL when none is, or when two
 * are equally near (no guess is better than a wrong one). Borrowed
 * from 'names'. */
const char *tb_near_pick(const char *word, const char *const *names, size_t n,
                         unsigned bound);

#endif
