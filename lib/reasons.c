/*
 * reasons.c -- the phrasings the rules engines share (reasons.h), and a
 * reason in words (rules.h, tb_why).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "reasons.h"

void tb_why_set(tb_why *w, const char *key, int side, long count, int nargs, ...)
{
	va_list ap;
	va_start(ap, nargs);
	w->key = key;
	w->side = side;
	w->count = count;
	for (int i = 0; i < TB_WHY_ARGS; i++) { /* each cut to its room, as snprintf
	                                          would, for a tenth of its cost */
		const char *a = i < nargs ? va_arg(ap, const char *) : NULL;
		size_t len = a ? strnlen(a, sizeof w->arg[i] - 1) : 0;
		memcpy(w->arg[i], a ? a : "", len);
		w->arg[i][len] = '\0';
	}
	va_end(ap);
}

const char *tb_why_word(char *out, size_t n, const char *key, const char *param)
{
	snprintf(out, n, TB_WHY_WORD "%s%s%s", key, param ? "|" : "", param ? param : "");
	return out;
}

/* Appends 's' ('len' bytes) to 'out' at '*k' (of 'n' bytes, cut). */
static void S_put(char *out, size_t n, size_t *k, const char *s, size_t len)
{
	for (size_t i = 0; i < len && *k + 1 < n; i++)
		out[(*k)++] = s[i];
	out[*k] = '\0';
}

/* 'text' with "{1}".."{4}" replaced by 'args' (each worded by S_arg when
 * 'words') appended to 'out'. */
static void S_fill(char *out, size_t n, size_t *k, const tb_lang *l, const char *text,
                   const char *const *args, int nargs);

/* One item of a words arg, "key" or "key|p1|p2..." ('len' bytes). */
static void S_item(char *out, size_t n, size_t *k, const tb_lang *l, const char *s, size_t len)
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
	const char *t = tb_lang_text(l, key);
	const char *args[4] = {param[0], param[1], param[2], param[3]};
	S_fill(out, n, k, l, t ? t : key, args, 4);
}

/* Arg 'a': as it is, or (TB_WHY_WORD) its words, a list joined. */
static void S_arg(char *out, size_t n, size_t *k, const tb_lang *l, const char *a)
{
	if (a[0] != TB_WHY_WORD[0]) {
		S_put(out, n, k, a, strlen(a));
		return;
	}
	a++;
	size_t items = 1;
	for (const char *p = a; *p; p++)
		items += *p == TB_WHY_ITEM[0];
	for (size_t i = 0; i < items; i++) {
		size_t len = strcspn(a, TB_WHY_ITEM);
		if (i) {
			const char *sep = tb_lang_text(l, i + 1 == items ? "why.list.and" : "why.list.sep");
			S_put(out, n, k, sep ? sep : ", ", strlen(sep ? sep : ", "));
		}
		S_item(out, n, k, l, a, len);
		a += len + (a[len] != '\0');
	}
}

static void S_fill(char *out, size_t n, size_t *k, const tb_lang *l, const char *text,
                   const char *const *args, int nargs)
{
	for (const char *p = text; *p; p++) {
		int i = p[0] == '{' && p[1] >= '1' && p[1] <= '9' && p[2] == '}' ? p[1] - '1' : -1;
		if (i < 0) {
			S_put(out, n, k, p, 1);
			continue;
		}
		if (i < nargs)
			S_arg(out, n, k, l, args[i]);
		p += 2;
	}
}

void tb_why_text(const tb_why *w, const tb_lang *l, char *out, size_t n)
{
	if (!n)
		return;
	*out = '\0';
	if (!w->key)
		return; /* memory ran out explaining */
	char key[96];
	if (w->side >= 0)
		snprintf(key, sizeof key, "%s.%d", w->key, w->side);
	else
		snprintf(key, sizeof key, "%s", w->key);
	const char *text = tb_lang_text_n(l, key, w->count >= 0 ? w->count : 0);
	size_t k = 0;
	const char *args[TB_WHY_ARGS] = {w->arg[0], w->arg[1], w->arg[2], w->arg[3], w->arg[4]};
	S_fill(out, n, &k, l, text ? text : key, args, TB_WHY_ARGS);
}

void tb_say_not_yours(tb_why *why, const tb_game *g, int to_move, const char *pt)
{
	char whose[64], piece[64], a[72], b[72];
	snprintf(whose, sizeof whose, "whose.%s.%d", g->name, to_move);
	snprintf(piece, sizeof piece, "piece.%s.%d", g->name, !to_move);
	tb_why_set(why, "why.notyours", -1, -1, 3, tb_why_word(a, sizeof a, whose, NULL), pt,
	           tb_why_word(b, sizeof b, piece, NULL));
}

void tb_say_nowhere(tb_why *why, const char *pt)
{
	tb_why_set(why, "why.nowhere", -1, -1, 1, pt);
}

void tb_say_empty(tb_why *why, const char *pt, int take)
{
	tb_why_set(why, take ? "why.empty.take" : "why.empty", -1, -1, 1, pt);
}

void tb_say_occupied(tb_why *why, const char *pt)
{
	tb_why_set(why, "why.occupied", -1, -1, 1, pt);
}

void tb_say_no_fit(tb_why *why) { tb_why_set(why, "why.nofit", -1, -1, 0); }
