/*
 * access.c -- whether a record's [Access] forbids publishing it
 * (spec/tgn.md, "Access"; tablero.h, tb_record_access_forbids).
 *
 * [Access] is free text in the archive's words ("consulta en sala; no
 * publicar nombres", "Restringido: menores de edad"), so the decision is
 * a reading of those words: each language's table lists, under
 * "access.forbid", the phrases that forbid publication ('|' between
 * them). Every language's list is tried on every record, because an
 * archive writes its conditions in its own language whatever the game's.
 * The comparison folds case, the Spanish accents and the Arabic short
 * vowels, and wants a phrase to stand as whole words; a phrase after a
 * negation ("no restringido", "unrestricted", "غير مقيد") does not count.
 * Refusing too much is the safe side: an editor who has the archive's
 * leave publishes with --ignore-access.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "lang.h"
#include "tablero.h"
#include "utf8.h"

/* 'text' folded into 'b': ASCII letters lower-case, á é í ó ú ü ñ (either
 * case) as their base letter, the Arabic short vowels, shadda, sukun,
 * dagger alif and tatweel dropped; everything else as it is. */
static void S_fold(const char *text, size_t n, tb_buf *b)
{
	static const struct { uint32_t cp; char base; } latin[] = {
		{0xE1, 'a'}, {0xE9, 'e'}, {0xED, 'i'}, {0xF3, 'o'}, {0xFA, 'u'}, {0xFC, 'u'},
		{0xF1, 'n'}, {0xC1, 'a'}, {0xC9, 'e'}, {0xCD, 'i'}, {0xD3, 'o'}, {0xDA, 'u'},
		{0xDC, 'u'}, {0xD1, 'n'},
	};
	for (const char *p = text, *end = text + n; p < end;) {
		size_t len;
		uint32_t cp = tb_utf8_next(p, &len);
		int done = 0;
		if (cp < 0x80) {
			tb_buf_putc(b, (char)(cp >= 'A' && cp <= 'Z' ? cp - 'A' + 'a' : cp));
			done = 1;
		}
		for (size_t i = 0; !done && i < sizeof latin / sizeof latin[0]; i++)
			if (latin[i].cp == cp) {
				tb_buf_putc(b, latin[i].base);
				done = 1;
			}
		if (!done && !((cp >= 0x64B && cp <= 0x652) || cp == 0x670 || cp == 0x640))
			tb_buf_put(b, p, len);
		p += len;
	}
}

static int S_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (unsigned char)c >= 0x80;
}

/* 1 when the word before 'at' in 's' negates what follows. */
static int S_negated(const char *s, const char *at)
{
	static const char *const neg[] = {"no", "not", "non", "sin", "\xd8\xba\xd9\x8a\xd8\xb1", NULL};
	const char *e = at;
	while (e > s && e[-1] == ' ')
		e--;
	const char *w = e;
	while (w > s && S_letter(w[-1]))
		w--;
	for (size_t i = 0; neg[i]; i++)
		if ((size_t)(e - w) == strlen(neg[i]) && strncmp(w, neg[i], (size_t)(e - w)) == 0)
			return 1;
	return 0;
}

/* Where folded phrase 'ph' ('n' bytes) stands in folded 's' as whole
 * words, not negated; NULL if nowhere. */
static const char *S_find(const char *s, const char *ph, size_t n)
{
	for (const char *at = s; (at = strstr(at, ph)) != NULL; at++) {
		int before = at == s || !S_letter(at[-1]); /* not "unrestricted" */
		int after = !S_letter(at[n]);
		if (before && after && !S_negated(s, at))
			return at;
	}
	return NULL;
}

int tb_record_access_forbids(const tb_record *rec, char *phrase, size_t n)
{
	const char *value = rec ? tb_record_tag(rec, "Access") : NULL;
	if (!value || !*value)
		return 0;
	tb_buf v = TB_BUF_SOFT, ph = TB_BUF_SOFT;
	S_fold(value, strlen(value), &v);
	int found = 0;
	const tb_lang *l;
	for (size_t i = 0; !found && (l = tb_lang_at(i)) != NULL; i++) {
		const char *list = tb_lang_text(l, "access.forbid");
		for (const char *p = list; !found && p && *p;) {
			size_t len = strcspn(p, "|");
			tb_buf_clear(&ph);
			S_fold(p, len, &ph);
			/* a value of Arabic vowel signs alone folds to nothing */
			if (tb_buf_ok(&v) && v.len && tb_buf_ok(&ph) && ph.len &&
			    S_find(v.data, ph.data, ph.len)) {
				found = 1;
				if (phrase && n)
					snprintf(phrase, n, "%.*s", (int)len, p);
			}
			p += len + (p[len] == '|');
		}
	}
	int oom = !found && (!tb_buf_ok(&v) || !tb_buf_ok(&ph));
	tb_buf_free(&v);
	tb_buf_free(&ph);
	return oom ? TB_ENOMEM : found;
}
