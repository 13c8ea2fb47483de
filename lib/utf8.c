/*
 * utf8.c -- UTF-8, checked, counted, read leniently and encoded (utf8.h).
 */
#include "utf8.h"

#include "tablero.h"

size_t tb_utf8_valid(const char *s, size_t n)
{
	uint32_t cp;
	return tb_utf8_decode(s, n, &cp);
}

void tb_utf8_advance(const char *data, size_t from, size_t to, unsigned *line, unsigned *col)
{
	for (size_t i = from; i < to; i++) {
		unsigned char c = (unsigned char)data[i];
		if (c == '\n' || (c == '\r' && (i + 1 >= to || data[i + 1] != '\n'))) {
			++*line;
			*col = 1;
		} else if (c != '\r' && (c & 0xC0) != 0x80) {
			++*col;
		}
	}
}

size_t tb_utf8_length(const char *s, size_t n)
{
	return s && n ? tb_utf8_valid(s, n) : 0;
}

int tb_utf8_ok(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t k = tb_utf8_valid(s + i, n - i);
		if (!k)
			return 0;
		i += k;
	}
	return 1;
}

unsigned tb_utf8_count(const char *s, size_t n)
{
	unsigned c = 0;
	for (size_t i = 0; i < n; c++) {
		size_t k = tb_utf8_valid(s + i, n - i);
		i += k ? k : 1;
	}
	return c;
}

size_t tb_utf8_len_at(const char *s, size_t n)
{
	size_t k = 1;
	while (k < n && ((unsigned char)s[k] & 0xC0) == 0x80)
		k++;
	return n ? k : 0;
}

uint32_t tb_utf8_next(const char *s, size_t *len)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned n = p[0] < 0x80 ? 0 : p[0] >= 0xF0 ? 3 : p[0] >= 0xE0 ? 2 : p[0] >= 0xC0 ? 1 : 9;
	if (n == 9 || p[0] > 0xF4) {
		*len = 1;
		return 0xFFFD;
	}
	uint32_t c = n ? p[0] & (0x3F >> n) : p[0];
	for (unsigned i = 1; i <= n; i++) {
		if ((p[i] & 0xC0) != 0x80) { /* cut short, or a NUL */
			*len = i;
			return 0xFFFD;
		}
		c = c << 6 | (p[i] & 0x3F);
	}
	*len = n + 1;
	return c;
}

size_t tb_utf8_encode(uint32_t cp, char out[4])
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | cp >> 6), out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | cp >> 12), out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | cp >> 18), out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}
