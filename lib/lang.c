/*
 * lang.c -- the registry of languages and the lookups (lang.h).
 */
#include "lang.h"

#include <pthread.h>
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

/* Each language's texts by key, made once a process: the house's
 * table, then the games' words in that language, the first text of a
 * key kept (S_text_scan's answer). Open addressing by an FNV-1a hash of
 * the key. A diagnostic asks for a few texts, and validate words
 * thousands of notes on a collection with errors: the scan compares a
 * key with each of hundreds (and a cache of the last answers missed on
 * the plural forms' keys, made in a buffer). In static storage, so that
 * making it allocates nothing and cannot fail; a language with more
 * keys than S_SLOTS * 3 / 4 is not indexed, and is scanned (S_full). */
enum { S_SLOTS = 2048, S_NLANGS = sizeof S_langs / sizeof S_langs[0] - 1 };
typedef struct S_slot {
	const char *key; /* NULL: empty */
	const char *text;
	uint32_t hash;
} S_slot;
static S_slot S_index[S_NLANGS][S_SLOTS];
static int S_full[S_NLANGS];
static pthread_once_t S_once = PTHREAD_ONCE_INIT;

static uint32_t S_hash(const char *key)
{
	uint32_t h = 2166136261u;
	for (; *key; key++)
		h = (h ^ (unsigned char)*key) * 16777619u;
	return h;
}

/* The slot of 'key' (hash 'h') in 'ix': its own, or the empty one where
 * it would go. The table is never full (S_add stops at three quarters). */
static S_slot *S_probe(S_slot *ix, const char *key, uint32_t h)
{
	for (uint32_t i = h & (S_SLOTS - 1);; i = (i + 1) & (S_SLOTS - 1))
		if (!ix[i].key || (ix[i].hash == h && strcmp(ix[i].key, key) == 0))
			return &ix[i];
}

/* Puts 'e''s keys not in 'ix' yet; 0 when 'ix' has no room left. */
static int S_add(S_slot *ix, size_t *n, const tb_lang_entry *e)
{
	for (; e && e->key; e++) {
		uint32_t h = S_hash(e->key);
		S_slot *s = S_probe(ix, e->key, h);
		if (s->key)
			continue; /* the first text of a key is the one */
		if (++*n > S_SLOTS * 3 / 4)
			return 0;
		*s = (S_slot){e->key, e->text, h};
	}
	return 1;
}

static void S_build(void)
{
	for (size_t k = 0; k < S_NLANGS; k++) {
		const tb_lang *l = S_langs[k];
		size_t n = 0;
		int ok = S_add(S_index[k], &n, l->entries);
		for (size_t i = 0; ok && tb_games_built_in[i]; i++)
			for (const tb_game_words *w = tb_games_built_in[i]->words; ok && w && w->lang; w++)
				if (strcmp(w->lang, l->code) == 0)
					ok = S_add(S_index[k], &n, w->entries);
		S_full[k] = !ok;
	}
}

static const char *S_text(const tb_lang *l, const char *key)
{
	(void)pthread_once(&S_once, S_build);
	for (size_t k = 0; k < S_NLANGS; k++)
		if (S_langs[k] == l) {
			if (S_full[k])
				break;
			return S_probe(S_index[k], key, S_hash(key))->text;
		}
	return S_text_scan(l, key); /* a language not in the registry, or not indexed */
}

const char *tb_lang_text(const tb_lang *l, const char *key)
{
	const char *t = l ? S_text(l, key) : NULL;
	return t ? t : S_text(&tb_lang_en, key);
}

void tb_lang_fill(tb_buf *b, const char *text, const char *const *args, size_t nargs)
{
	const char *p = text;
	for (const char *q; (q = strchr(p, '{')); p = q + 1) {
		if (q[1] >= '1' && q[1] <= '9' && q[2] == '}') {
			tb_buf_put(b, p, (size_t)(q - p));
			size_t k = (size_t)(q[1] - '1');
			tb_buf_puts(b, k < nargs && args[k] ? args[k] : "");
			q += 2;
		} else {
			tb_buf_put(b, p, (size_t)(q - p) + 1); /* a '{' that is no argument */
		}
	}
	tb_buf_puts(b, p);
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
