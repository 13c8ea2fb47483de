/*
 * writer.h -- pieces of the canonical writer that the XML reader uses
 * to write TGN text (internal).
 */
#ifndef TB_WRITER_H
#define TB_WRITER_H

#include "buf.h"

/* Appends 's', with a backslash before each character in 'esc'. */
void tb_write_escaped(tb_buf *b, const char *s, const char *esc);
/* Appends a comment "{@lang text}" (lang may be NULL), escaped. */
void tb_write_comment(tb_buf *b, const char *text, const char *lang);

#endif
