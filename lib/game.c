/*
 * game.c -- the registry of games and what their grammars share:
 * points, the scanner, the move builder and the move writer.
 */
#include "game.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The registry is tb_games_built_in (generated from lib/games/); its
 * order is the folders', the lists' is the games' places. */

const tb_game *tb_game_find(const char *name)
{
	for (size_t i = 0; tb_games_built_in[i]; i++)
		if (strcasecmp(tb_games_built_in[i]->name, name) == 0)
			return tb_games_built_in[i];
	return NULL;
}

/* Does 'a' come before 'b' in the lists? */
static int S_before(const tb_game *a, const tb_game *b)
{
	return a->place != b->place ? a->place < b->place : strcmp(a->name, b->name) < 0;
}

const tb_game *tb_game_at(size_t i)
{
	/* the game with i others before it: a handful of games, so counting
	 * beats keeping a sorted copy (nothing to set up, nothing shared) */
	for (size_t k = 0; tb_games_built_in[k]; k++) {
		size_t before = 0;
		for (size_t j = 0; tb_games_built_in[j]; j++)
			before += S_before(tb_games_built_in[j], tb_games_built_in[k]);
		if (before == i)
			return tb_games_built_in[k];
	}
	return NULL;
}

uint64_t tb_game_bit(const tb_game *g)
{
	for (size_t i = 0; g && i < 64 && tb_game_at(i); i++)
		if (tb_game_at(i) == g)
			return (uint64_t)1 << i;
	return 0;
}

unsigned tb_game_kind_number(const tb_game *g, unsigned i, unsigned base,
                             unsigned (*count)(const tb_game *))
{
	for (size_t k = 0; tb_game_at(k); k++) {
		const tb_game *at = tb_game_at(k);
		if (at == g)
			return i < count(g) && base + i <= 255 ? base + i : 0;
		base += count(at);
	}
	return 0;
}

const tb_game *tb_game_kind_owner(unsigned k, unsigned base, unsigned (*count)(const tb_game *),
                                  unsigned *i)
{
	if (k < base)
		return NULL;
	unsigned left = k - base;
	for (size_t n = 0; tb_game_at(n); n++) {
		const tb_game *g = tb_game_at(n);
		unsigned c = count(g);
		if (left < c) {
			*i = left;
			return g;
		}
		left -= c;
	}
	return NULL;
}

void tb_game_names(char *out, size_t n, const char *quote, const char *conj,
                   const char *first_pre, const char *first_post)
{
	size_t count = 0, len = 0;
	while (tb_game_at(count))
		count++;
	out[0] = '\0';
	for (size_t i = 0; i < count && len < n; i++) {
		char sep[32] = ""; /* before the name: ", ", or " and " before the last */
		if (i > 0 && i + 1 < count)
			snprintf(sep, sizeof sep, ", ");
		else if (i > 0)
			snprintf(sep, sizeof sep, " %s ", conj);
		int k = snprintf(out + len, n - len, "%s%s%s%s%s%s", sep, i ? "" : first_pre, quote,
		                 tb_game_at(i)->name, quote, i ? "" : first_post);
		len += k > 0 ? (size_t)k : 0;
	}
}

const char *tb_game_name(const tb_game *g) { return g->name; }
const char *tb_game_title(const tb_game *g) { return g->title; }

int tb_game_option(const tb_game *g, size_t i, const char **key, const char **values,
                   const char **doc)
{
	if (!g || !g->options)
		return 0;
	for (size_t k = 0; k < i; k++)
		if (!g->options[k].key)
			return 0;
	const tb_option *o = &g->options[i];
	if (!o->key)
		return 0;
	if (key)
		*key = o->key;
	if (values)
		*values = o->values;
	if (doc)
		*doc = o->doc;
	return 1;
}

const char *tb_game_side_tag(const tb_game *g, int side)
{
	return g && (side == 0 || side == 1) ? g->side_tag[side] : NULL;
}

const char *tb_opts_get(const tb_opts *o, const char *key)
{
	for (size_t i = 0; i < o->n; i++)
		if (strcmp(o->key[i], key) == 0)
			return o->value[i];
	return NULL;
}

int tb_game_first_side(const tb_game *g, const tb_opts *o)
{
	const char *v = tb_opts_get(o, "first");
	for (int i = 0; v && g->options && g->options[i].key; i++)
		if (strcmp(g->options[i].key, "first") == 0) {
			const char *second = strchr(g->options[i].values, '|');
			size_t len = second ? strcspn(second + 1, "|") : 0;
			return second && strlen(v) == len && memcmp(v, second + 1, len) == 0;
		}
	return 0;
}

int tb_scan_fail(tb_scan *sc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(sc->err->msg, sizeof sc->err->msg, fmt, ap);
	va_end(ap);
	sc->err->offset = sc->i < sc->n ? sc->i : sc->n;
	sc->err->len = 1;
	return -1;
}


/* The value of the Arabic-Indic digit (U+0660-0669) or extended one
 * (U+06F0-06F9, Persian and Urdu) at 's' (n bytes), or -1. */
static int S_indic_digit(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	if (n >= 2 && u[0] == 0xD9 && u[1] >= 0xA0 && u[1] <= 0xA9)
		return u[1] - 0xA0;
	if (n >= 2 && u[0] == 0xDB && u[1] >= 0xB0 && u[1] <= 0xB9)
		return u[1] - 0xB0;
	return -1;
}

int tb_indic_digits(const char *s, size_t n, tb_buf *ascii)
{
	int found = 0;
	for (size_t i = 0; i < n;) {
		int d = S_indic_digit(s + i, n - i);
		if (d >= 0) {
			found = 1;
			tb_buf_putc(ascii, (char)('0' + d));
			i += 2;
		} else {
			tb_buf_putc(ascii, s[i++]);
		}
	}
	return found;
}

/* A rank written in Arabic-Indic digits after the file at 'start':
 * refused, with the point as TGN writes it (spec/tgn.md §6). */
static int S_indic_rank(tb_scan *sc, size_t start)
{
	size_t end = sc->i;
	while (end < sc->n && S_indic_digit(sc->s + end, sc->n - end) >= 0)
		end += 2;
	/* as tb_indic_digits, on the stack: no more fits the message, and
	 * reading a record allocates nothing it could not say it lacked */
	char ascii[sizeof sc->err->msg];
	size_t k = 0;
	for (size_t j = start; j < end && k + 1 < sizeof ascii; k++) {
		int d = S_indic_digit(sc->s + j, end - j);
		ascii[k] = d >= 0 ? (char)('0' + d) : sc->s[j];
		j += d >= 0 ? 2 : 1;
	}
	ascii[k] = '\0';
	tb_scan_fail(sc, "'%.*s' is written with Arabic-Indic digits: TGN writes a rank with the "
	             "digits 0-9 (%s)", (int)(end - start), sc->s + start, ascii);
	sc->err->offset = start;
	sc->err->len = end - start;
	return -1;
}

static inline int S_digit(char c)
{
	return c >= '0' && c <= '9';
}

int tb_scan_point_any(tb_scan *sc, tb_point *out)
{
	size_t start = sc->i;
	if (tb_scan_accept(sc, '?')) {
		*out = TB_PT_UNKNOWN;
		return 0;
	}
	/* ASCII letters and digits, whatever the caller's locale (a program
	 * that calls setlocale, as Python does, must read the same turns) */
	unsigned char c0 = sc->i < sc->n ? (unsigned char)sc->s[sc->i] : 0;
	if (!((c0 | 0x20) >= 'a' && (c0 | 0x20) <= 'z'))
		return tb_scan_fail(sc, sc->i >= sc->n ? "a point is missing at the end"
		                                       : "expected a point here");
	sc->i++;
	int file = (c0 | 0x20) - 'a';
	unsigned rank = 0, digits = 0;
	if (sc->i + 1 < sc->n && sc->s[sc->i] == '0' && S_digit(sc->s[sc->i + 1])) {
		sc->i = start;
		return tb_scan_fail(sc, "a rank is written without leading zeros");
	}
	while (sc->i < sc->n && S_digit(sc->s[sc->i]) && digits < 3) {
		rank = rank * 10 + (unsigned)(sc->s[sc->i++] - '0');
		digits++;
	}
	if (!digits && S_indic_digit(sc->s + sc->i, sc->n - sc->i) >= 0)
		return S_indic_rank(sc, start);
	if (!digits) {
		sc->i = start;
		return tb_scan_fail(sc, "expected a point (a file letter and a rank number) here");
	}
	const tb_board *b = sc->board;
	if (file >= b->files || rank < 1 || rank > b->ranks ||
	    !b->valid[TB_PT(file, rank - 1)]) {
		/* kept, when the caller takes it and a point can hold it: the
		 * first such point of the token is the one described */
		int keep = sc->offboard && file < TB_MAX_FILES && rank >= 1 && rank <= TB_MAX_RANKS;
		tb_syntax_err *e = keep ? sc->offboard : sc->err;
		if (!keep || !e->len) {
			snprintf(e->msg, sizeof e->msg, "'%.*s' is not a point of the %s board",
			         (int)(sc->i - start), sc->s + start, sc->game_title);
			e->offset = start;
			e->len = sc->i - start;
		}
		if (!keep)
			return -1;
	}
	*out = TB_PT(file, rank - 1);
	return 0;
}

void tb_point_alike(const tb_board *b, tb_point p, tb_buf *out)
{
	tb_point v[2 * (TB_MAX_FILES + TB_MAX_RANKS)];
	size_t n = 0;
	for (int r = 0; r < b->ranks; r++) /* its file */
		if (r != TB_PT_RANK(p) && b->valid[TB_PT(TB_PT_FILE(p), r)])
			v[n++] = TB_PT(TB_PT_FILE(p), r);
	for (int f = 0; f < b->files && TB_PT_RANK(p) < b->ranks; f++) /* its rank */
		if (f != TB_PT_FILE(p) && b->valid[TB_PT(f, TB_PT_RANK(p))])
			v[n++] = TB_PT(f, TB_PT_RANK(p));
	for (size_t i = 0; i < n; i++) {
		tb_buf_puts(out, i == 0 ? "" : i + 1 == n ? " or " : ", ");
		tb_point_write(out, v[i]);
	}
}

int tb_is_point(const tb_board *b, const char *s, tb_buf *canon)
{
	tb_syntax_err err;
	tb_scan sc = {s, strlen(s), 0, b, "", &err, NULL};
	tb_point p;
	if (tb_scan_point(&sc, &p) || sc.i != sc.n || p == TB_PT_UNKNOWN)
		return 0;
	if (canon)
		tb_point_write(canon, p);
	return 1;
}

int tb_mb_full(tb_scan *sc)
{
	return tb_scan_fail(sc, "a turn has at most %d parts", TB_MAX_PARTS);
}

tb_point tb_point_symmetry(const tb_board *b, unsigned k, tb_point p)
{
	if (p == TB_PT_NONE || p == TB_PT_UNKNOWN)
		return p;
	int f = TB_PT_FILE(p), r = TB_PT_RANK(p);
	if (k & 4) {
		int t = f;
		f = r;
		r = t;
	}
	if (k & 1)
		f = b->files - 1 - f;
	if (k & 2)
		r = b->ranks - 1 - r;
	return TB_PT(f, r);
}

void tb_point_write(tb_buf *b, tb_point p)
{
	char s[4]; /* one append: a point is written a few times a turn */
	tb_buf_put(b, s, tb_point_chars(s, p));
}
