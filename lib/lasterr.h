/*
 * lasterr.h -- a handle's last error (internal): the code and message
 * that tb_X_errcode and tb_X_errmsg give (tablero.h, "Errors").
 *
 * Each handle that has failing operations embeds one tb_lasterr. A
 * function on the handle that can fail clears it when it starts
 * (tb_lasterr_clear) and sets it at each failure (tb_lasterr_set), so
 * that it always tells about the last such call, as SQLite's
 * sqlite3_errcode/sqlite3_errmsg do. The message lives in the handle
 * itself: setting it never allocates, so it works when memory has run
 * out, and a message too long for it is cut.
 */
#ifndef TB_LASTERR_H
#define TB_LASTERR_H

#include <stdarg.h>

#define TB_LASTERR_MAX 512

typedef struct tb_lasterr {
	int code;                  /* 0, or a negative TB_E* */
	char msg[TB_LASTERR_MAX];  /* "" when 'code' is 0 */
} tb_lasterr;

/* 0 and "": the last call succeeded. 'le' may be NULL (nothing done). */
void tb_lasterr_clear(tb_lasterr *le);

/* Sets 'code' and the message made from 'fmt' (printf; NULL: the
 * code's own words, tb_lasterr_text). Returns 'code', for
 * "return tb_lasterr_set(&h->err, TB_EINVAL, ...)". 'le' may be NULL
 * (then only 'code' is returned). */
int tb_lasterr_set(tb_lasterr *le, int code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
int tb_lasterr_vset(tb_lasterr *le, int code, const char *fmt, va_list ap);

/* Sets the last error of a call that returned 'rc' with the message
 * 'text' (malloc'd or NULL; the code's own words then): code 'rc' when
 * it is negative, else 0 with 'text' (a note of a call that succeeded
 * in part) or "". Hands 'text' to '*why' when 'why' is not NULL, else
 * frees it. Returns 'rc'. */
int tb_lasterr_why(tb_lasterr *le, int rc, char *text, char **why);

/* The plain words of status code 'code' ("out of memory" for
 * TB_ENOMEM); static. */
const char *tb_lasterr_text(int code);

/* The code, or TB_EINVAL for a NULL 'le' (a NULL handle); the message,
 * or "no handle (NULL)" for a NULL one. What tb_X_errcode and
 * tb_X_errmsg return. */
int tb_lasterr_code(const tb_lasterr *le);
const char *tb_lasterr_msg(const tb_lasterr *le);

#endif
