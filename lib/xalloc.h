/*
 * xalloc.h -- the library's allocations (internal).
 *
 * Every allocation of libtablero's own goes through these, so that the
 * hook of tb_set_alloc_hook (tablero.h) sees it and may make it fail.
 * tb_malloc & co. return NULL when memory runs out and leave the caller
 * to say TB_ENOMEM; tb_x* are for the code not yet made to recover, and
 * abort (after a line on stderr) as the whole library once did.
 */
#ifndef TB_XALLOC_H
#define TB_XALLOC_H

#include <stddef.h>

/* NULL when the allocation failed ('n' 0 allocates a byte). */
void *tb_malloc(size_t n);
void *tb_calloc(size_t n, size_t size);
/* NULL when it failed, and then 'p' is untouched and still the caller's. */
void *tb_realloc(void *p, size_t n);
char *tb_strdup(const char *s);
char *tb_strndup(const char *s, size_t n);

/* As above, but abort the process when memory runs out. */
_Noreturn void tb_oom(void);
void *tb_xmalloc(size_t n);
void *tb_xcalloc(size_t n, size_t size);
void *tb_xrealloc(void *p, size_t n);
char *tb_xstrdup(const char *s);

#endif
