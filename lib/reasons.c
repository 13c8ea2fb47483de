/*
 * reasons.c -- the phrasings the rules engines share (reasons.h), and a
 * reason in words (rules.h, tb_why).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "lang.h"
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
	size_t room = n - 1 - *k; /* (*k < n always: the NUL's room) */
	if (len > room)
		len = room;
	memcpy(out + *k, s, len);
	*k += len;
	out[*k] = '\0';
}

/* 's' ('len' bytes, NUL or not after them) into 'out' (room for
 * 'n' > 0), cut to fit, NUL-terminated: snprintf's "%.*s". */
static void S_copy(char *out, size_t n, const char *s, size_t len)
{
	if (len > n - 1)
		len = n - 1;
	memcpy(out, s, len);
	out[len] = '\0';
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
	S_copy(key, sizeof key, s, bar);
	for (int i = 0; i < 4 && bar < len; i++) {
		size_t from = bar + 1;
		for (bar = from; bar < len && s[bar] != '|'; bar++)
			;
		S_copy(param[i], sizeof param[i], s + from, bar - from);
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

/* The text between the placeholders is copied a run at a time (a
 * remark's words are a hundred bytes or more, and a byte at a time
 * each cost a call and a check). */
static void S_fill(char *out, size_t n, size_t *k, const tb_lang *l, const char *text,
                   const char *const *args, int nargs)
{
	for (const char *p = text; *p;) {
		const char *q = strchr(p, '{');
		if (!q) {
			S_put(out, n, k, p, strlen(p));
			return;
		}
		S_put(out, n, k, p, (size_t)(q - p));
		int i = q[1] >= '1' && q[1] <= '9' && q[2] == '}' ? q[1] - '1' : -1;
		if (i < 0) { /* a brace of the text's own */
			S_put(out, n, k, q, 1);
			p = q + 1;
			continue;
		}
		if (i < nargs)
			S_arg(out, n, k, l, args[i]);
		p = q + 3;
	}
}

/* "key" or "key.<side>" of 'w' into 'out' (96 bytes, cut as snprintf
 * would). */
static void S_key(char *out, const tb_why *w)
{
	enum { ROOM = 96 };
	size_t n = strnlen(w->key, ROOM - 1);
	memcpy(out, w->key, n);
	if (w->side >= 0) {
		char num[16];
		size_t d = sizeof num;
		unsigned long v = (unsigned long)w->side;
		do
			num[--d] = (char)('0' + v % 10);
		while ((v /= 10) && d > 1);
		num[--d] = '.';
		size_t len = sizeof num - d;
		if (len > ROOM - 1 - n)
			len = ROOM - 1 - n;
		memcpy(out + n, num + d, len);
		n += len;
	}
	out[n] = '\0';
}

/* The texts of reasons looked up last, by the key's address, side and
 * number: a validate of a collection words the same few reasons over
 * and over (Asalto's TB407, a capture passed up, every few turns), and
 * building "key.<side>" and looking up its plural forms cost as much as
 * the wording itself. The tables are constant, so an answer stays
 * right; the key's text is kept and compared too, so a key that is not
 * static (rules.h asks that it be) is only looked up again. Keys longer
 * than a slot holds are not kept. */
enum { S_SAID = 64, S_SAID_KEY = 56 };
typedef struct S_said {
	const tb_lang *lang; /* NULL: an empty slot */
	const char *addr;    /* the key's address */
	int side;
	long count;
	const char *text;    /* NULL: no table has it */
	char key[S_SAID_KEY];
} S_said;
static _Thread_local S_said S_said_last[S_SAID];

/* The text of 'w' in 'l' (not NULL), NULL when no table has it. */
static const char *S_text(const tb_why *w, const tb_lang *l)
{
	uintptr_t h = (uintptr_t)w->key ^ ((uintptr_t)l >> 3) ^ (uintptr_t)w->side * 40503u ^
	              (uintptr_t)w->count * 2654435761u;
	S_said *c = &S_said_last[(h ^ h >> 6 ^ h >> 12) % S_SAID];
	if (c->lang == l && c->addr == w->key && c->side == w->side && c->count == w->count &&
	    strcmp(c->key, w->key) == 0)
		return c->text;
	char key[96];
	S_key(key, w);
	const char *text = tb_lang_text_n(l, key, w->count >= 0 ? w->count : 0);
	size_t len = strnlen(w->key, S_SAID_KEY);
	if (len < S_SAID_KEY) {
		*c = (S_said){l, w->key, w->side, w->count, text, ""};
		memcpy(c->key, w->key, len + 1);
	}
	return text;
}

/* tb_why_text, returning the length of what it wrote. */
static size_t S_why_text(const tb_why *w, const tb_lang *l, char *out, size_t n)
{
	if (!n)
		return 0;
	*out = '\0';
	if (!w->key)
		return 0; /* memory ran out explaining */
	const char *text = S_text(w, l ? l : &tb_lang_en);
	char key[96];
	if (!text)
		S_key(key, w); /* no table has it: the key itself */
	size_t k = 0;
	const char *args[TB_WHY_ARGS] = {w->arg[0], w->arg[1], w->arg[2], w->arg[3], w->arg[4]};
	S_fill(out, n, &k, l, text ? text : key, args, TB_WHY_ARGS);
	return k;
}

void tb_why_text(const tb_why *w, const tb_lang *l, char *out, size_t n)
{
	S_why_text(w, l, out, n);
}

void tb_why_put(const tb_why *w, const tb_lang *l, tb_buf *b, size_t n)
{
	if (!n || !tb_buf_grow(b, n))
		return; /* out of memory: 'b' says so (buf.h) */
	b->len += S_why_text(w, l, b->data + b->len, n);
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
