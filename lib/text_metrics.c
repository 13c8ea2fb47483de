/*
 * text_metrics.c -- widths, direction and line breaks of text (text_metrics.h).
 */
#include "text_metrics.h"

#include <string.h>

#include "utf8.h"

/* Zero width: bidirectional controls, joiners and marks the renderer
 * does not draw. */
static int S_invisible(uint32_t c)
{
	return (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
	       (c >= 0x2060 && c <= 0x206F) || c == 0xFEFF;
}

static unsigned S_advance(uint32_t c, int bold)
{
	if (S_invisible(c))
		return 0;
	for (const tb_font_range *r = tb_font_ranges; r->last; r++)
		if (c >= r->first && c <= r->last)
			return tb_font_widths[bold ? 1 : 0][r->off + (c - r->first)];
	return 2048;
}

static const tb_font_joining *S_joining(uint32_t c)
{
	if (c < 0x0600 || c > 0x06FF)
		return NULL;
	size_t lo = 0, hi = 0;
	while (tb_font_arabic[hi].cp)
		hi++;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (tb_font_arabic[mid].cp == c)
			return &tb_font_arabic[mid];
		if (tb_font_arabic[mid].cp < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Arabic marks: they neither join nor break a joining. */
static int S_transparent(uint32_t c)
{
	return (c >= 0x0610 && c <= 0x061A) || (c >= 0x064B && c <= 0x065F) || c == 0x0670 ||
	       (c >= 0x06D6 && c <= 0x06DC) || (c >= 0x06DF && c <= 0x06E4) || c == 0x06E7 ||
	       c == 0x06E8 || (c >= 0x06EA && c <= 0x06ED);
}

/* Does the character after 's[i..n)' (marks passed over) join to what
 * is before it? */
static int S_joins_back(const char *s, size_t i, size_t n)
{
	size_t len;
	for (; i < n; i += len) {
		uint32_t c = tb_utf8_next(s + i, &len);
		if (S_transparent(c))
			continue;
		return S_joining(c) != NULL || c == 0x0640 || c == 0x200D;
	}
	return 0;
}

double tb_text_em(const char *s, size_t n, int bold)
{
	unsigned long units = 0;
	size_t len;
	int before = 0; /* the character before joins to this one */
	for (size_t i = 0; i < n; i += len) {
		uint32_t c = tb_utf8_next(s + i, &len);
		if (i + len > n)
			len = n - i;
		const tb_font_joining *j = S_joining(c);
		if (!j) {
			units += S_advance(c, bold);
			if (!S_transparent(c))
				before = c == 0x0640 || c == 0x200D; /* tatweel, joiner */
			continue;
		}
		int after = j->join == 'D' && S_joins_back(s, i + len, n);
		int form = before ? (after ? 3 : 1) : (after ? 2 : 0);
		unsigned w = j->w[bold ? 1 : 0][form];
		units += w ? w : S_advance(c, bold);
		before = j->join == 'D';
	}
	return (double)units / 2048.0;
}

int tb_text_rtl(const char *s, size_t n)
{
	size_t len;
	for (size_t i = 0; i < n && s[i]; i += len) {
		uint32_t c = tb_utf8_next(s + i, &len);
		if ((c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) ||
		    (c >= 0xFE70 && c <= 0xFEFC) || (c >= 0x10800 && c <= 0x10FFF) ||
		    (c >= 0x1E800 && c <= 0x1EFFF))
			return 1;
		if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == 0xAA || c == 0xB5 ||
		    c == 0xBA || (c >= 0xC0 && c < 0x0590 && c != 0xD7 && c != 0xF7 &&
		                  !(c >= 0x02B9 && c <= 0x036F)))
			return 0;
	}
	return 0;
}

int tb_lang_tag_rtl(const char *tag)
{
	static const char *const rtl[] = {"ar", "arc", "ckb", "dv", "fa", "he", "ks", "ku-Arab",
	                                  "ps", "sd", "syr", "ug", "ur", "yi", NULL};
	if (!tag)
		return 0;
	size_t n = strcspn(tag, "-_");
	for (int i = 0; rtl[i]; i++)
		if (strlen(rtl[i]) == n && strncmp(tag, rtl[i], n) == 0)
			return 1;
	return strstr(tag, "-Arab") || strstr(tag, "-Hebr");
}

size_t tb_text_fit(const char *s, size_t n, double max_em, int bold, size_t *skip)
{
	unsigned long units = 0, max = (unsigned long)(max_em * 2048.0);
	size_t len, brk = 0, brk_skip = 0, i = 0;
	*skip = 0;
	while (i < n) {
		uint32_t c = tb_utf8_next(s + i, &len);
		if (i + len > n)
			len = n - i;
		if (c == ' ') { /* a break before it, the space left out */
			brk = i;
			brk_skip = 1;
		}
		units += S_advance(c, bold);
		if (units > max && c != ' ') {
			if (brk) {
				*skip = brk_skip;
				return brk;
			}
			return i ? i : len; /* a word wider than the line: cut it */
		}
		i += len;
		if (c == ',' && i < n && s[i] != ' ') { /* "c1,d1": a break after it */
			brk = i;
			brk_skip = 0;
		}
	}
	return n;
}
