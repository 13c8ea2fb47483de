/*
 * why_plain.h -- a reason worded plainly (R_why_text): reasons.c's
 * tb_why_text and lang.c's look-ups as they were before the texts were
 * kept per key and the words copied a run at a time -- every table
 * scanned, "KEY.<form>" and "key.<side>" made by snprintf, a byte at a
 * time -- for the tests that hold the fast wording to it (test_why.c,
 * test_remarks.c).
 * A deliberate copy of the old code, the tests' oracle: keep it apart.
 *
 * Header-only, as tb_test.h (included first, then game.h, lang.h and
 * rules.h).
 */
#ifndef TB_WHY_PLAIN_H
#define TB_WHY_PLAIN_H

static inline const char *R_lookup(const tb_lang_entry *e, const char *key)
{
	for (; e && e->key; e++)
		if (strcmp(e->key, key) == 0)
			return e->text;
	return NULL;
}

/* The house's table, then the games' words, in 'l' alone. */
static inline const char *R_scan(const tb_lang *l, const char *key)
{
	const char *t = R_lookup(l->entries, key);
	for (size_t i = 0; !t && tb_games_built_in[i]; i++)
		for (const tb_game_words *w = tb_games_built_in[i]->words; !t && w && w->lang; w++)
			if (strcmp(w->lang, l->code) == 0)
				t = R_lookup(w->entries, key);
	return t;
}

static inline const char *R_text(const tb_lang *l, const char *key)
{
	const char *t = l ? R_scan(l, key) : NULL;
	return t ? t : R_scan(&tb_lang_en, key);
}

static inline const char *R_text_n1(const tb_lang *l, const char *key, long n)
{
	char k[128];
	const char *forms[] = {l->plural ? l->plural(n) : "other", "other"};
	for (int i = 0; i < 2; i++) {
		int len = snprintf(k, sizeof k, "%s.%s", key, forms[i]);
		if (len < 0 || (size_t)len >= sizeof k)
			continue;
		const char *t = R_scan(l, k);
		if (t)
			return t;
	}
	return R_scan(l, key);
}

static inline const char *R_text_n(const tb_lang *l, const char *key, long n)
{
	const char *t = l ? R_text_n1(l, key, n) : NULL;
	return t ? t : R_text_n1(&tb_lang_en, key, n);
}

static inline void R_put(char *out, size_t n, size_t *k, const char *s, size_t len)
{
	for (size_t i = 0; i < len && *k + 1 < n; i++)
		out[(*k)++] = s[i];
	out[*k] = '\0';
}

static inline void R_fill(char *out, size_t n, size_t *k, const tb_lang *l, const char *text,
                          const char *const *args, int nargs);

static inline void R_item(char *out, size_t n, size_t *k, const tb_lang *l, const char *s,
                          size_t len)
{
	char key[96], param[4][96] = {"", "", "", ""};
	size_t bar = 0;
	while (bar < len && s[bar] != '|')
		bar++;
	snprintf(key, sizeof key, "%.*s", (int)bar, s);
	for (int i = 0; i < 4 && bar < len; i++) {
		size_t from = bar + 1;
		for (bar = from; bar < len && s[bar] != '|'; bar++)
			;
		snprintf(param[i], sizeof param[i], "%.*s", (int)(bar - from), s + from);
	}
	const char *t = R_text(l, key);
	const char *args[4] = {param[0], param[1], param[2], param[3]};
	R_fill(out, n, k, l, t ? t : key, args, 4);
}

static inline void R_arg(char *out, size_t n, size_t *k, const tb_lang *l, const char *a)
{
	if (a[0] != TB_WHY_WORD[0]) {
		R_put(out, n, k, a, strlen(a));
		return;
	}
	a++;
	size_t items = 1;
	for (const char *p = a; *p; p++)
		items += *p == TB_WHY_ITEM[0];
	for (size_t i = 0; i < items; i++) {
		size_t len = strcspn(a, TB_WHY_ITEM);
		if (i) {
			const char *sep = R_text(l, i + 1 == items ? "why.list.and" : "why.list.sep");
			R_put(out, n, k, sep ? sep : ", ", strlen(sep ? sep : ", "));
		}
		R_item(out, n, k, l, a, len);
		a += len + (a[len] != '\0');
	}
}

static inline void R_fill(char *out, size_t n, size_t *k, const tb_lang *l, const char *text,
                          const char *const *args, int nargs)
{
	for (const char *p = text; *p; p++) {
		int i = p[0] == '{' && p[1] >= '1' && p[1] <= '9' && p[2] == '}' ? p[1] - '1' : -1;
		if (i < 0) {
			R_put(out, n, k, p, 1);
			continue;
		}
		if (i < nargs)
			R_arg(out, n, k, l, args[i]);
		p += 2;
	}
}

static inline void R_why_text(const tb_why *w, const tb_lang *l, char *out, size_t n)
{
	if (!n)
		return;
	*out = '\0';
	if (!w->key)
		return;
	char key[96];
	if (w->side >= 0)
		snprintf(key, sizeof key, "%s.%d", w->key, w->side);
	else
		snprintf(key, sizeof key, "%s", w->key);
	const char *text = R_text_n(l, key, w->count >= 0 ? w->count : 0);
	size_t k = 0;
	const char *args[TB_WHY_ARGS] = {w->arg[0], w->arg[1], w->arg[2], w->arg[3], w->arg[4]};
	R_fill(out, n, &k, l, text ? text : key, args, TB_WHY_ARGS);
}

#endif
