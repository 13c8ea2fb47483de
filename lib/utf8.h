/*
 * utf8.h -- UTF-8, decoded, checked, counted and encoded in one place
 * (internal).
 *
 * Two readings of the bytes, each for its callers:
 *   strict (tb_utf8_decode, tb_utf8_valid, tb_utf8_ok): what the reader
 *     takes as UTF-8 (spec/tgn.md, "Characters"): no overlong form, no
 *     surrogate, nothing past U+10FFFF;
 *   lenient (tb_utf8_next): text the reader has already checked, read
 *     for its code points (widths, direction, XML escaping), a bad byte
 *     as U+FFFD.
 * The strict decoder is inline: the lexer's loop over comments and
 * strings calls it at every character that is not ASCII.
 */
#ifndef TB_UTF8_H
#define TB_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* The length of the valid UTF-8 sequence at 's' (at most 'n' bytes,
 * n >= 1), or 0: a bad lead or continuation byte, a sequence cut short,
 * an overlong form, a surrogate or a value past U+10FFFF. '*cp' is set
 * to the value the lead and continuation bytes give whenever they are
 * well-formed (so also for an overlong form, a surrogate or a value too
 * large), and left alone otherwise. */
static inline size_t tb_utf8_decode(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len = u[0] < 0x80 ? 1 : (u[0] & 0xE0) == 0xC0 ? 2 : (u[0] & 0xF0) == 0xE0 ? 3
	           : (u[0] & 0xF8) == 0xF0 ? 4 : 0;
	if (!len || len > n)
		return 0;
	uint32_t v = len == 1 ? u[0] : (uint32_t)u[0] & (0x7Fu >> len);
	for (size_t k = 1; k < len; k++) {
		if ((u[k] & 0xC0) != 0x80)
			return 0;
		v = (v << 6) | (u[k] & 0x3Fu);
	}
	static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
	*cp = v;
	if (v < min[len] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	return len;
}

/* The length of the valid UTF-8 sequence at 's' (at most 'n' bytes,
 * n >= 1), or 0 (tb_utf8_decode). Out of line: the lexer's runs of
 * plain text call it only at a byte past ASCII, and inline it made
 * them too big for the compiler to inline where they are hot. */
size_t tb_utf8_valid(const char *s, size_t n);

/* Is s[0..n) well-formed UTF-8 (strict, as tb_utf8_decode)? */
int tb_utf8_ok(const char *s, size_t n);

/* Counts characters as the lexer does: a valid UTF-8 sequence is one,
 * and so is each byte that is not part of one. */
unsigned tb_utf8_count(const char *s, size_t n);

/* Moves the place '*line':'*col' of offset 'from' of 'data' on to
 * offset 'to', as the lexer counts places: a line ends at LF, CR LF or
 * CR (a CR whose LF is past 'to' too), a column is a character (each
 * byte but UTF-8's continuation bytes). */
void tb_utf8_advance(const char *data, size_t from, size_t to, unsigned *line, unsigned *col);

/* Length in bytes of the character at 's' (at most 'n'): its lead and
 * the continuation bytes after it; 0 when n is 0. */
size_t tb_utf8_len_at(const char *s, size_t n);

/* The code point at 's' (valid UTF-8 as the reader checked it; a bad
 * byte reads as U+FFFD), its length in '*len' (at least 1, never past
 * a NUL). */
uint32_t tb_utf8_next(const char *s, size_t *len);

/* Code point 'cp' (a Unicode scalar value) as UTF-8 into 'out'; returns
 * its length, 1 to 4. */
size_t tb_utf8_encode(uint32_t cp, char out[4]);

/* The bits set in the 16-bit mask 'v' (no POPCNT in x86-64's baseline):
 * the continuation bytes of a 16-byte block, which the lexer and the
 * tag section's fast tier take from its bytes to count its columns. */
static inline unsigned tb_utf8_bits16(unsigned v)
{
	v = v - ((v >> 1) & 0x5555);
	v = (v & 0x3333) + ((v >> 2) & 0x3333);
	v = (v + (v >> 4)) & 0x0F0F;
	return (v + (v >> 8)) & 0x1F;
}

#endif
