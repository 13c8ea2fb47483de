/*
 * xalloc.h -- allocation that aborts on failure (internal).
 *
 * Like cmark's default allocator: out of memory is not a condition a
 * record parser can recover from, and checking every allocation would
 * hide the logic. Inputs are bounded (TB_MAX_RECORD), so memory is too.
 */
#ifndef TB_XALLOC_H
#define TB_XALLOC_H

#include <stddef.h>

void *tb_xmalloc(size_t n);
void *tb_xcalloc(size_t n, size_t size);
void *tb_xrealloc(void *p, size_t n);
char *tb_xstrdup(const char *s);

#endif
