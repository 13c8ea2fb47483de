/*
 * sniff.h -- what a file is when it is not UTF-8 text (internal;
 * spec/tgn.md §2, "Files that are not TGN text").
 *
 * A reader looks at the first TB_SNIFF_BYTES of a file before reading
 * a token: a UTF-16 or UTF-32 file, a compressed file, an archive, an
 * executable, an image, a PDF or any other binary is refused there with
 * one diagnostic (TB112) that names it and the command that converts
 * it, instead of a diagnostic for every odd byte. A Latin-1 or
 * Windows-1252 file is text: its first byte that is not UTF-8 in each
 * record says so (tb_sniff_latin1).
 */
#ifndef TB_SNIFF_H
#define TB_SNIFF_H

#include <stddef.h>

#include "buf.h"

typedef enum tb_sniff_kind {
	TB_SNIFF_TEXT,       /* UTF-8 text, perhaps with a few bad bytes: read it */
	TB_SNIFF_UTF16LE, TB_SNIFF_UTF16BE, TB_SNIFF_UTF32LE, TB_SNIFF_UTF32BE,
	TB_SNIFF_GZIP, TB_SNIFF_BZIP2, TB_SNIFF_XZ, TB_SNIFF_ZSTD, TB_SNIFF_ZIP,
	TB_SNIFF_ELF, TB_SNIFF_PDF, TB_SNIFF_PNG, TB_SNIFF_JPEG,
	TB_SNIFF_BINARY      /* NUL and control bytes: some other binary file */
} tb_sniff_kind;

/* What the 'n' bytes at 'p', a file's first (at most TB_SNIFF_BYTES),
 * say the file is. '*bom' is set to 1 when a UTF-16 or UTF-32 kind
 * comes from a byte order mark, 0 when from NUL bytes between ASCII
 * characters. */
tb_sniff_kind tb_sniff(const unsigned char *p, size_t n, int *bom);

/* The diagnostic refusing a file of kind 'k' (not TB_SNIFF_TEXT) named
 * 'file' (a name in '<...>' is no file: standard input), whose first
 * 'n' bytes are at 'p': its message, a note with the command that
 * converts it ("" when nothing does), and the source line to show (the
 * first line decoded, for UTF-16 and UTF-32; else ""). Appended to the
 * three buffers, which the caller frees. */
void tb_sniff_say(tb_sniff_kind k, int bom, const char *file, const unsigned char *p,
                  size_t n, tb_buf *msg, tb_buf *note, tb_buf *source);

/* For the bytes at 'p' that are not UTF-8 ('n' of them up to the
 * input's end, at least 1): 1 when they read as Latin-1 or
 * Windows-1252 text -- a byte that cannot start a sequence, or a lead
 * byte that no continuation byte follows ("Quer\xE9taro") -- and 0 when
 * they are UTF-8 gone wrong: a lead byte and continuation bytes that
 * are overlong, a surrogate, past U+10FFFF or cut short. */
int tb_sniff_latin1(const unsigned char *p, size_t n);

/* The message and note of a record's first byte 'c' that reads as
 * Windows-1252 (tb_sniff_latin1), in file 'file', appended to 'msg'
 * and 'note'. */
void tb_sniff_say_latin1(unsigned char c, const char *file, tb_buf *msg, tb_buf *note);

#endif
