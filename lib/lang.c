/*
 * lang.c -- the registry of languages and the lookups (lang.h).
 */
#include "lang.h"

#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "game.h"

/* The registry: a language is one table and one line here. */
static const tb_lang *const S_langs[] = {
	&tb_lang_en,
	&tb_lang_es,
	&tb_lang_ar,
	NULL
};

const tb_lang *tb_lang_find(const char *tag)
{
	if (!tag)
		return NULL;
	size_t n = strcspn(tag, "-_");
	for (size_t i = 0; S_langs[i]; i++)
		if (strlen(S_langs[i]->code) == n && strncasecmp(tag, S_langs[i]->code, n) == 0)
			return S_langs[i];
	return NULL;
}

const tb_lang *tb_lang_at(size_t i)
{
	return i < sizeof S_langs / sizeof S_langs[0] ? S_langs[i] : NULL;
}

const char *tb_lang_code(const tb_lang *l) { return l->code; }

int tb_lang_rtl(const tb_lang *l) { return l->rtl; }

static const char *S_lookup(const tb_lang_entry *e, const char *key)
{
	for (; e->key; e++)
		if (strcmp(e->key, key) == 0)
			return e->text;
	return NULL;
}

/* The text of 'key' in language 'l' as the tables have it: the house's
 * table, then the games' (each game's words in that language, game.h). */
static const char *S_text_scan(const tb_lang *l, const char *key)
{
	const char *t = S_lookup(l->entries, key);
	for (size_t i = 0; !t && tb_games_built_in[i]; i++)
		for (const tb_game_words *w = tb_games_built_in[i]->words; !t && w && w->lang; w++)
			if (strcmp(w->lang, l->code) == 0)
				t = S_lookup(w->entries, key);
	return t;
}

/* The answers of S_text_scan this thread gave last, by a hash of the
 * language and the key (a slot holds the last of its keys). The scan
 * compares the key with each of hundreds of keys, and a diagnostic asks
 * for a few texts -- a warning every few turns of a record took a
 * quarter of validating it; the tables are constant, so an answer,
 * NULL too, stays right. Keys longer than a slot holds are not kept. */
enum { S_CACHED = 256, S_KEY_MAX = 56 };
typedef struct S_cached {
	const tb_lang *lang;  /* NULL: an empty slot */
	const char *text;
	char key[S_KEY_MAX];
} S_cached;
static _Thread_local S_cached S_cache[S_CACHED];

static const char *S_text(const tb_lang *l, const char *key)
{
	uint32_t h = 2166136261u; /* FNV-1a, the language's address mixed in */
	size_t n = 0;
	for (; key[n] && n < S_KEY_MAX; n++)
		h = (h ^ (unsigned char)key[n]) * 16777619u;
	if (n == S_KEY_MAX)
		return S_text_scan(l, key);
	h ^= (uint32_t)((uintptr_t)l >> 4);
	S_cached *c = &S_cache[(h * 16777619u) >> 24];
	if (c->lang == l && memcmp(c->key, key, n + 1) == 0)
		return c->text;
	c->lang = l;
	c->text = S_text_scan(l, key);
	memcpy(c->key, key, n + 1);
	return c->text;
}

const char *tb_lang_text(const tb_lang *l, const char *key)
{
	const char *t = l ? S_text(l, key) : NULL;
	return t ? t : S_text(&tb_lang_en, key);
}

void tb_lang_fill(tb_buf *b, const char *text, const char *const *args, size_t nargs)
{
	for (const char *p = text; *p; p++) {
		if (p[0] == '{' && p[1] >= '1' && p[1] <= '9' && p[2] == '}') {
			size_t k = (size_t)(p[1] - '1');
			tb_buf_puts(b, k < nargs && args[k] ? args[k] : "");
			p += 2;
		} else {
			tb_buf_putc(b, *p);
		}
	}
}

char *tb_lang_format(const tb_lang *l, const char *key, const char *const *args, size_t nargs)
{
	const char *t = tb_lang_text(l, key);
	if (!t)
		return NULL;
	tb_buf b = TB_BUF_SOFT; /* out of memory: NULL, which every caller checks */
	tb_lang_fill(&b, t, args, nargs);
	return tb_buf_detach(&b, NULL);
}

/* "KEY.<form>", else "KEY.other", else "KEY", in 'l' alone. */
static const char *S_text_n(const tb_lang *l, const char *key, long n)
{
	char k[128];
	const char *forms[] = {l->plural ? l->plural(n) : "other", "other"};
	size_t kn = strlen(key);
	int nforms = strcmp(forms[0], "other") == 0 ? 1 : 2; /* "other" once: asked again,
	                                                        the same answer */
	for (int i = 0; i < nforms; i++) {
		size_t fn = strlen(forms[i]);
		if (kn + 1 + fn >= sizeof k)
			continue; /* longer than any key */
		memcpy(k, key, kn); /* "KEY.<form>" (snprintf took a third of the lookup) */
		k[kn] = '.';
		memcpy(k + kn + 1, forms[i], fn + 1);
		const char *t = S_text(l, k);
		if (t)
			return t;
	}
	return S_text(l, key);
}

const char *tb_lang_text_n(const tb_lang *l, const char *key, long n)
{
	const char *t = l ? S_text_n(l, key, n) : NULL;
	return t ? t : S_text_n(&tb_lang_en, key, n);
}

const tb_lang *tb_record_lang(const tb_record *rec)
{
	const tb_lang *l = rec ? tb_lang_find(tb_record_tag(rec, "Language")) : NULL;
	return l ? l : &tb_lang_en;
}
