/*
 * tags.c -- tag pairs: the list read, value checks and canonical order
 * (spec/tgn.md, "Tag pairs"); the rosters' names are tags_names.c's.
 */
#include "tags.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "evidence.h"
#include "rules.h"
#include "xalloc.h"

/* The slot of tag 'name' (TB_TAG_*), or -1 for a tag without one. */
static int S_known(const char *name)
{
	return tb_tag_known(name, strlen(name));
}

/* The hash of a tag's name (FNV-1a). */
static size_t S_name_hash(const char *name)
{
	uint64_t h = 14695981039346656037u;
	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 1099511628211u;
	return (size_t)h;
}

/* Puts index 'i' of l->v (a tag without a slot) in the index, which has
 * room. */
static void S_hash_put(tb_tag_list *l, size_t i)
{
	size_t at = S_name_hash(l->v[i].name) & (l->hcap - 1);
	while (l->hash[at])
		at = (at + 1) & (l->hcap - 1);
	l->hash[at] = i + 1;
}

/* Room in the index for one more tag without a slot, 'l' holding
 * 'have' of them; built at the fifth (the first four are in l->other),
 * doubled when half full. 0 when memory ran out: the index is dropped
 * and the tags are looked for in turn ('failed' is not set: nothing is
 * lost). */
static int S_hash_room(tb_tag_list *l, size_t have)
{
	if (l->hash && 2 * (have + 1) <= l->hcap)
		return 1;
	size_t cap = l->hcap ? 2 * l->hcap : 64;
	size_t *old = l->hash, oldcap = l->hcap;
	l->hash = tb_calloc(cap, sizeof *l->hash);
	l->hcap = l->hash ? cap : 0;
	if (!l->hash) {
		free(old);
		return 0;
	}
	if (old) {
		for (size_t j = 0; j < oldcap; j++)
			if (old[j])
				S_hash_put(l, old[j] - 1);
	} else {
		for (size_t j = 0; j < have; j++)
			S_hash_put(l, l->other[j]);
	}
	free(old);
	return 1;
}

/* The tag named 'name', which no roster slot holds, in 'l', or NULL:
 * among the tags without a slot, whose places are kept when they are
 * few (tb_tag_list.other) -- the sides are looked up so every record --
 * and in the index by their names' hash past that. */
static const tb_tag *S_other(const tb_tag_list *l, const char *name)
{
	size_t few = sizeof l->other / sizeof l->other[0];
	if (l->nother <= few) {
		for (size_t j = 0; j < l->nother; j++)
			if (tb_tag_same(l->v[l->other[j]].name, name))
				return &l->v[l->other[j]];
		return NULL;
	}
	if (l->hash) {
		for (size_t at = S_name_hash(name) & (l->hcap - 1); l->hash[at];
		     at = (at + 1) & (l->hcap - 1))
			if (tb_tag_same(l->v[l->hash[at] - 1].name, name))
				return &l->v[l->hash[at] - 1];
		return NULL;
	}
	for (size_t i = 0; i < l->n; i++)
		if (tb_tag_same(l->v[i].name, name))
			return &l->v[i];
	return NULL;
}

void tb_tag_list_free(tb_tag_list *l)
{
	free(l->v);
	free(l->hash);
	memset(l, 0, sizeof *l);
}

void tb_tag_list_reset(tb_tag_list *l)
{
	tb_tag *v = l->v;
	size_t cap = l->cap;
	free(l->hash);
	memset(l, 0, sizeof *l);
	l->v = v;
	l->cap = cap;
}

/* The roster tag of slot 'k' in 'l', or NULL. */
static tb_tag *S_slot(tb_tag_list *l, int k)
{
	return l->slot[k] ? &l->v[l->slot[k] - 1] : NULL;
}

const tb_tag *tb_tag_list_find(const tb_tag_list *l, const char *name)
{
	int k = S_known(name);
	return k >= 0 ? S_slot((tb_tag_list *)l, k) : S_other(l, name);
}

const tb_tag *tb_tag_list_add(tb_tag_list *l, const tb_tag *t)
{
	return tb_tag_list_add_known(l, t, S_known(t->name));
}

/* *to = *from, field by field: the parser has just written 'from' so
 * (tb_tag_list_add_known), and a whole copy, in wide loads, waited for
 * those narrow stores to land at every tag. */
static void S_tag_copy(tb_tag *to, const tb_tag *from)
{
	to->name = from->name;
	to->value = from->value;
	to->span.line = from->span.line;
	to->span.col = from->span.col;
	to->span.end_line = from->span.end_line;
	to->span.end_col = from->span.end_col;
	to->span.off = from->span.off;
	to->comments = from->comments;
	to->value_line = from->value_line;
	to->value_col = from->value_col;
	to->value_off = from->value_off;
}

/* A new last tag of 'l', for roster slot 'k' (or -1), its fields unset;
 * NULL when memory runs out ('failed' set). */
static tb_tag *S_push(tb_tag_list *l, int k)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 16;
		tb_tag *v = tb_realloc(l->v, cap * sizeof *v);
		if (!v) { /* the caller checks 'failed' once */
			l->failed = 1;
			return NULL;
		}
		l->v = v;
		l->cap = cap;
	}
	size_t few = sizeof l->other / sizeof l->other[0];
	if (k >= 0)
		l->slot[k] = l->n + 1;
	else if (l->nother < few)
		l->other[l->nother] = l->n;
	/* past four, into the index once the tag's name is written
	 * (S_index) */
	if (k < 0)
		l->nother++;
	return &l->v[l->n++];
}

/* Puts the last tag of 'l', its name written, in the index of the tags
 * without a slot when there are more than four of them. */
static void S_index(tb_tag_list *l, int k)
{
	size_t few = sizeof l->other / sizeof l->other[0];
	if (k >= 0 || l->nother <= few)
		return;
	if ((l->hash || l->nother == few + 1) && S_hash_room(l, l->nother - 1))
		S_hash_put(l, l->n - 1);
}

const tb_tag *tb_tag_list_add_known(tb_tag_list *l, const tb_tag *t, int k)
{
	const tb_tag *first = k >= 0 ? S_slot(l, k) : S_other(l, t->name);
	if (first)
		return first;
	tb_tag *n = S_push(l, k);
	if (n) {
		S_tag_copy(n, t);
		S_index(l, k);
	}
	return NULL;
}

tb_tag *tb_tag_list_push(tb_tag_list *l, const char *name, int k)
{
	if (k >= 0 ? S_slot(l, k) != NULL : S_other(l, name) != NULL)
		return NULL;
	tb_tag *n = S_push(l, k);
	if (n) {
		n->name = name;
		S_index(l, k);
	}
	return n;
}

/* A diagnostic over the value of tag 't'. */
static void S_diag_value(tb_reader *r, int code, const tb_tag *t, const char *fmt,
                         const char *arg)
	__attribute__((format(printf, 4, 0)));
static void S_diag_value(tb_reader *r, int code, const tb_tag *t, const char *fmt,
                         const char *arg)
{
	tb_diag_at(r, TB_ERROR, code, t->value_off, strlen(t->value) + 2, t->value_line,
	           t->value_col, fmt, arg);
}

/* The bytes of room a reader keeps between records (tb_reader.room). */
enum { S_ROOM_KEPT = 4096 };

/* ===== Values ===== */

/* Date -> YYYY.MM.DD with '?' for unknown digits; "YYYY-MM-DD",
 * "YYYY" and "YYYY.MM" are read and written in the canonical form. The
 * format, ranges included, is the pattern's (tagfmt.c). */
static const char *S_date(tb_arena *a, const char *v)
{
	if (!tb_tag_format_matches(TB_TAGFMT_DATE, v))
		return NULL;
	/* 4, 7 or 10 bytes (the pattern's): canonical when ten, dotted (a
	 * '.' fifth is 7 or 10 bytes, a '.' eighth then 10) */
	if (v[4] == '.' && v[7] == '.')
		return v;
	size_t n = strlen(v);
	char d[11] = "????.??.??";
	memcpy(d, v, n);
	d[4] = d[7] = '.';
	return tb_arena_strndup(a, d, 10);
}

/* The result a [Result] value 'v' gives (TB_RESULT_OTHER for "*" and
 * "?"), or 0 for none: by its first byte, twice a record. */
static int S_result_value(const char *v)
{
	switch (v[0]) {
	case '*':
	case '?':
		return v[1] == '\0' ? TB_RESULT_OTHER : 0;
	case '1':
		return tb_tag_same(v, "1-0") ? TB_RESULT_FIRST : tb_tag_same(v, "1/2-1/2") ? TB_RESULT_DRAW : 0;
	case '0':
		return tb_tag_same(v, "0-1") ? TB_RESULT_SECOND : 0;
	default:
		return 0;
	}
}

static int S_opt_cmp(const void *a, const void *b)
{
	const char *const *x = a, *const *y = b;
	return strcmp(*x, *y);
}

static const char *S_trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	return s;
}

static int S_key_ok(const char *k, size_t n)
{
	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!islower((unsigned char)k[i]) && !isdigit((unsigned char)k[i]) && k[i] != '_')
			return 0;
	return 1;
}

/* The option 'key'='value' under its new name, if the game renamed it. */
static void S_rename(const tb_game *g, tb_opts *opts, const char **key, const char **value)
{
	for (const tb_option_rename *rn = g->renames; rn && rn->key; rn++)
		if (strcmp(rn->key, *key) == 0 && (!rn->value || strcmp(rn->value, *value) == 0)) {
			opts->renamed[opts->nrenamed++] = rn;
			*key = rn->new_key;
			*value = rn->new_value ? rn->new_value : *value;
			return;
		}
}

const char *tb_rules_read(tb_arena *a, const tb_game *g, const char *value, tb_opts *opts,
                          const char **canon, const char **arg)
{
	opts->n = 0;
	opts->nrenamed = 0;
	*canon = value;
	if (strcmp(value, "?") == 0)
		return NULL;
	char *copy = tb_arena_strndup(a, value, strlen(value));
	if (!copy) /* out of memory in a soft arena: 'failed' says so */
		return "out of memory";
	char *item = copy, *semi = strchr(copy, ';');
	if (semi)
		*semi = '\0';
	if (strcasecmp(S_trim(item), g->name) != 0) {
		*arg = g->name;
		return "[Rules] must start with the game's name, '%s', then '; key=value' options";
	}
	while (semi) {
		item = semi + 1;
		if ((semi = strchr(item, ';')))
			*semi = '\0';
		char *kv = (char *)S_trim(item);
		if (!*kv)
			continue;
		char *eq = strchr(kv, '=');
		const char *val = eq ? S_trim(eq + 1) : "";
		if (eq)
			*eq = '\0';
		const char *key = S_trim(kv);
		if (!eq || !S_key_ok(key, strlen(key)) || !*val || strpbrk(val, " \t")) {
			*arg = kv;
			return "rule option '%s' must be written key=value (lower-case key)";
		}
		if (opts->n < TB_MAX_OPTS)
			S_rename(g, opts, &key, &val);
		if (opts->n == TB_MAX_OPTS) {
			*arg = key;
			return "too many rule options at '%s'";
		}
		if (tb_opts_get(opts, key)) {
			*arg = key;
			return "rule option '%s' is given twice";
		}
		opts->key[opts->n] = key;
		opts->value[opts->n++] = val;
	}
	/* sort by key, keeping each value with its key */
	const char *pairs[TB_MAX_OPTS][2];
	for (size_t i = 0; i < opts->n; i++)
		pairs[i][0] = opts->key[i], pairs[i][1] = opts->value[i];
	qsort(pairs, opts->n, sizeof pairs[0], S_opt_cmp);
	tb_buf b = TB_BUF_SOFT;
	tb_buf_puts(&b, g->name);
	for (size_t i = 0; i < opts->n; i++) {
		opts->key[i] = pairs[i][0];
		opts->value[i] = pairs[i][1];
		tb_buf_printf(&b, "; %s=%s", pairs[i][0], pairs[i][1]);
	}
	tb_arena_held h = tb_arena_hold(a);
	*canon = tb_buf_ok(&b) ? tb_arena_strndup(a, b.data, b.len) : NULL;
	tb_buf_free(&b);
	tb_arena_release(a, h, *canon != NULL);
	if (!*canon) /* out of memory in a soft arena: 'failed' says so */
		*canon = value;
	return NULL;
}

/* ===== Checking and ordering ===== */

/* [Recording] and [Facsimile] (evidence.c; spec/tgn.md 8.6). */
static void S_check_media(tb_reader *r, tb_tag_list *l)
{
	tb_tag *t;
	const char *why;
	char msg[96];
	if ((t = S_slot(l, TB_TAG_RECORDING)) && (why = tb_recording_check(t->value)))
		S_diag_value(r, TB_D_MEDIA, t, "%s", why);
	if ((t = S_slot(l, TB_TAG_FACSIMILE)) &&
	    (why = tb_facsimile_check(t->value, msg, sizeof msg)))
		S_diag_value(r, TB_D_MEDIA, t, "%s", why);
}

static void S_check_values(tb_reader *r, tb_record *rec, tb_tag_list *l)
{
	tb_tag *t;
	if ((t = S_slot(l, TB_TAG_DATE)) && !tb_tag_same(t->value, "?")) {
		const char *d = S_date(&rec->arena, t->value);
		if (d)
			t->value = d;
		else
			S_diag_value(r, TB_D_DATE, t,
			             "Date must be YYYY.MM.DD with '?' for unknown digits, as in "
			             "\"1998.07.??\"%s", "");
	}
	if ((t = S_slot(l, TB_TAG_RESULT))) {
		int v = S_result_value(t->value);
		if (v)
			t->value = tb_result_text[v];
		else
			S_diag_value(r, TB_D_RESULT_TAG, t,
			             "Result must be 1-0, 0-1, 1/2-1/2 or *, not \"%s\"", t->value);
	}
	if ((t = S_slot(l, TB_TAG_SOURCE)) && !tb_tag_format_matches(TB_TAGFMT_SOURCE, t->value))
		S_diag_value(r, TB_D_SOURCE, t,
		             "a Source timecode is written '@ HH:MM:SS' or "
		             "'@ HH:MM:SS-HH:MM:SS' at its end%s", "");
	S_check_media(r, l);
}

/* *to = *from, but for the unused ends of the arrays (most of the bytes). */
static void S_opts_copy(tb_opts *to, const tb_opts *from)
{
	to->n = from->n;
	memcpy(to->key, from->key, from->n * sizeof *from->key);
	memcpy(to->value, from->value, from->n * sizeof *from->value);
	to->nrenamed = from->nrenamed;
	memcpy(to->renamed, from->renamed, from->nrenamed * sizeof *from->renamed);
}

/* The board of game 'g' under options 'o' into 'b' (g->board). Most
 * records give no option, and a game's board without one is the same
 * every time: it is kept per thread for each game (plain values,
 * nothing to free when a thread ends), as rules.c keeps a ruleset. */
static const char *S_board(const tb_game *g, tb_board *b, const tb_opts *o)
{
	static _Thread_local struct {
		const tb_game *g;
		tb_board b;
	} plain[4];
	size_t i = 0;
	if (o->n == 0) {
		for (; i < sizeof plain / sizeof plain[0] && plain[i].g; i++)
			if (plain[i].g == g) {
				*b = plain[i].b;
				return NULL;
			}
	}
	const char *why = g->board(b, o);
	if (!why && o->n == 0 && i < sizeof plain / sizeof plain[0]) {
		plain[i].g = g;
		plain[i].b = *b;
	}
	return why;
}

/* tb_game_find(v), by the games found before: a record names its game
 * in its own spelling most often, and a few of them are kept per
 * thread (plain values), each compared with the value byte by byte, by
 * its length and two loads (tb_tag_same_n) -- a game's name is found by
 * tb_game_find as it is written, whatever the locale -- before
 * tb_game_find's comparing of the value with every game's name, each
 * record. A value spelt otherwise is asked of tb_game_find. */
static const tb_game *S_game_named(const char *v)
{
	enum { S_FOUND = 4 };
	static _Thread_local struct {
		const tb_game *g;
		size_t len; /* its name's, 4 to 16 */
	} found[S_FOUND];
	static _Thread_local unsigned next;
	size_t n = strlen(v);
	for (unsigned i = 0; i < S_FOUND && found[i].g; i++)
		if (found[i].len == n && tb_tag_same_n(v, found[i].g->name, n))
			return found[i].g;
	const tb_game *g = tb_game_find(v);
	if (g && n >= 4 && n <= 16 && tb_tag_same(v, g->name)) {
		found[next].g = g;
		found[next].len = n;
		next = (next + 1) % S_FOUND;
	}
	return g;
}

/* The fix of an unknown game's name [Game 't'] to 'name' (the value's
 * span, its quotes kept): when the value is written as read, without
 * escapes, so that its span is what the fix replaces. */
static void S_game_fix(tb_reader *r, const tb_tag *t, const char *name)
{
	size_t n = strlen(t->value), off = t->value_off;
	if (!t->value_line || off > r->len || n + 2 > r->len - off || r->data[off] != '"' ||
	    memcmp(r->data + off + 1, t->value, n) != 0 || r->data[off + 1 + n] != '"')
		return;
	char text[40]; /* a game's name is short */
	int k = snprintf(text, sizeof text, "\"%s\"", name);
	if (k > 0 && (size_t)k < sizeof text)
		tb_diag_propose(r, off, n + 2, t->value_line, t->value_col, text, (size_t)k, 0);
}

/* Reads the values that decide how the moves are read: the game, its
 * rules (for the board) and the start position. */
static const tb_game *S_game(tb_reader *r, tb_record *rec, tb_tag_list *l,
                             tb_board *board)
{
	tb_tag *t = S_slot(l, TB_TAG_GAME);
	if (!t) {
		char names[256];
		tb_game_names(names, sizeof names, "\"", "or", "[Game ", "]");
		tb_diag_tok(r, TB_ERROR, TB_D_NO_GAME,
		            "this record has no [Game] tag, so its moves cannot be read (add %s)",
		            names);
		return NULL;
	}
	/* r->no_fast, the tests' slow way, asks tb_game_find each time */
	const tb_game *g = r->no_fast ? tb_game_find(t->value) : S_game_named(t->value);
	if (!g) {
		char names[256], msg[sizeof names + 64];
		tb_game_names(names, sizeof names, "", "and", "", "");
		snprintf(msg, sizeof msg, "unknown game \"%%s\"; tablero knows %s", names);
		S_diag_value(r, TB_D_GAME, t, msg, t->value);
		const tb_game *near = tb_game_nearest(t->value);
		if (near) {
			tb_diag_note(r, "did you mean \"%s\"?", tb_game_name(near));
			S_game_fix(r, t, tb_game_name(near));
		}
		return NULL;
	}
	t->value = g->name;
	tb_opts opts;
	const char *arg = "", *why = NULL;
	opts.n = opts.nrenamed = 0;
	/* a value read before: kept (tb_tags_rules_kept); r->no_fast, the
	 * tests' slow way, reads each the whole way; "?", which has no
	 * option and is read in a few instructions, is never kept: not
	 * looked for */
	if ((t = S_slot(l, TB_TAG_RULES)) && !r->no_fast &&
	    !(t->value[0] == '?' && t->value[1] == '\0') &&
	    tb_tags_rules_kept(&rec->arena, g, t->value, &opts, &t->value, board)) {
		/* its options, canonical spelling and board set: no word */
	} else if (t) {
		char msg[320];
		const char *written = t->value;
		int keep = !r->no_fast;
		/* "?", most records' value: the pattern matches it and
		 * tb_rules_read reads no option of it, its spelling as written
		 * (test_tags holds them to it), so neither is asked; r->no_fast
		 * asks them (the tests' slow way) */
		int unknown = keep && t->value[0] == '?' && t->value[1] == '\0';
		int shaped = unknown ? 1 : tb_tag_format_matches(TB_TAGFMT_RULES, t->value);
		if (shaped < 0) { /* PCRE2 out of memory: the reader says so */
			tb_reader_nomem(r);
			shaped = 1;
			keep = 0;
		}
		why = unknown ? NULL : tb_rules_read(&rec->arena, g, t->value, &opts, &t->value, &arg);
		if (!why && !shaped) /* the reader is laxer than the pattern */
			why = "[Rules] is written 'game; key=value; ...'%s";
		/* (no option: none to check) */
		if (!why && opts.n && (why = tb_options_check(g, &opts, msg, sizeof msg)))
			arg = why, why = "%s"; /* it quotes the record: text, never a format */
		if (!why && (why = S_board(g, board, &opts)))
			arg = why, why = "%s";
		if (why)
			S_diag_value(r, TB_D_RULES, t, why, arg);
		else if (keep && t->value != written)
			/* with options or none ("asalto", a random record's); "?"
			 * is not read (t->value still 'written'), nor a value
			 * whose canonical spelling tb_rules_read ran out of memory
			 * making, and left as written */
			tb_tags_rules_keep(g, written, &opts, t->value, board);
		for (size_t i = 0; !why && i < opts.nrenamed; i++) {
			const tb_option_rename *rn = opts.renamed[i];
			tb_diag_at(r, TB_WARNING, TB_D_RULES_RENAMED, t->value_off, strlen(t->value) + 2,
			           t->value_line, t->value_col,
			           "rule option %s=%s is now written %s=%s, the same rule (tablero fmt "
			           "writes the new name)", rn->key, rn->value ? rn->value : "…",
			           rn->new_key, rn->new_value ? rn->new_value : "…");
		}
	}
	if (!t || why) {
		opts.n = 0;
		S_board(g, board, &opts);
	}
	S_opts_copy(&rec->opts, &opts); /* strings in the record's arena */
	if ((t = S_slot(l, TB_TAG_POSITION))) {
		tb_tok tok = {.type = TK_STRING, .off = t->value_off, .len = strlen(t->value) + 2,
		              .line = t->value_line, .col = t->value_col};
		/* on the plain board, by the memo of positions read (with
		 * their canonical form, for the tree) */
		int memo = !r->no_fast && !r->careful && rec->opts.n == 0;
		const char *canon = NULL;
		rec->start = memo ? tb_tags_position_kept(r, &rec->arena, g, board, &tok, t->value,
		                                          r->check_only ? NULL : &canon)
		                  : tb_tags_position(r, &rec->arena, g, board, &tok, t->value);
		/* canonical: kept, or written in the reader's room for it;
		 * read to check only (parse_sink.h), it stays as written */
		if (canon) {
			t->value = canon;
		} else if (rec->start && !r->check_only) {
			tb_buf_clear(&r->room);
			tb_position_write(&r->room, g, rec->start);
			if (!tb_buf_ok(&r->room))
				tb_reader_nomem(r); /* the room stays failed: spent */
			t->value = tb_arena_strndup(&rec->arena, r->room.data ? r->room.data : "",
			                            r->room.len);
			if (r->room.cap > S_ROOM_KEPT)
				tb_buf_free(&r->room);
		}
	}
	return g;
}

static void S_put(tb_record *rec, size_t *n, const tb_tag *t)
{
	S_tag_copy(&rec->tags[(*n)++], t);
}

/* Stores the tags in canonical order: the seven (completed with
 * unknowns), the archival roster, then the others as written. The
 * sides' tags are 'side' (tb_tags_check_names found them). Every roster tag
 * is placed by its slot, so the others are the tags without one but
 * the sides: when they are few their places are kept in order
 * (l->other), and they are taken from there; past four, the tags
 * placed are marked and the rest taken in turn. */
static void S_order(tb_record *rec, tb_tag_list *l, const tb_game *g, const tb_tag *const side[2])
{
	static const char *const defaults[] = {"?", "?", "????.??.??", "?", "?", "*"};
	/* the seven: their slots, but for the sides (-1), named by the game */
	static const int seven[7] = {TB_TAG_GAME, TB_TAG_RULES, TB_TAG_SITE, TB_TAG_DATE,
	                             -1, -1, TB_TAG_RESULT};
	rec->tags = tb_arena_alloc(&rec->arena, (l->n + 7) * sizeof *rec->tags);
	size_t n = 0, listed = l->nother <= sizeof l->other / sizeof l->other[0];
	/* past four others, which tags are placed; on the stack for any
	 * usual record: a small malloc freed per record costs malloc a
	 * consolidation a record */
	uint8_t few[64];
	uint8_t *used = listed ? NULL : l->n < sizeof few ? few : tb_calloc(l->n + 1, 1);
	if (used == few)
		memset(few, 0, l->n);
	if (!rec->tags || (!listed && !used)) { /* out of memory (the arena has no jump) */
		l->failed = 1;
		rec->ntags = 0;
		if (used != few)
			free(used);
		return;
	}
	for (int i = 0; i < 7; i++) {
		const char *name = seven[i] >= 0 ? tb_tag_names[seven[i]]
		                 : g ? g->side_tag[i - 4] : NULL;
		if (!name)
			continue;
		const tb_tag *t = seven[i] >= 0 ? S_slot(l, seven[i]) : side[i - 4];
		if (t) {
			if (used)
				used[t - l->v] = 1;
			S_put(rec, &n, t);
		} else if (i > 0) {
			tb_tag d = {0};
			d.name = name;
			d.value = defaults[i - 1];
			S_put(rec, &n, &d);
		}
	}
	for (int k = TB_TAG_ARCHIVAL; k < TB_KNOWN_TAGS; k++) {
		const tb_tag *t = S_slot(l, k);
		if (t) {
			if (used)
				used[t - l->v] = 1;
			S_put(rec, &n, t);
		}
	}
	/* (a side is placed only where the game names it: side[] is set
	 * only then) */
	for (size_t j = 0; listed && j < l->nother; j++) {
		const tb_tag *t = &l->v[l->other[j]];
		if (t != side[0] && t != side[1])
			S_put(rec, &n, t);
	}
	for (size_t i = 0; used && i < l->n; i++)
		if (!used[i])
			S_put(rec, &n, &l->v[i]);
	if (used != few)
		free(used);
	rec->ntags = n;
}

const tb_game *tb_tags_finish(tb_reader *r, tb_record *rec, tb_tag_list *l,
                              tb_board *board)
{
	/* Without [Game] the warnings on tag names come first, before the
	 * error at the movetext that they most often explain ([game] is not
	 * [Game]): a transcriber reads the cause first. No game would help
	 * them (S_near_tag takes every game's sides). */
	const tb_tag *side[2];
	int no_game = !S_slot(l, TB_TAG_GAME);
	if (no_game)
		tb_tags_check_names(r, l, NULL, side);
	S_check_values(r, rec, l);
	const tb_game *g = S_game(r, rec, l, board);
	if (!no_game)
		tb_tags_check_names(r, l, g, side);
	rec->game = g;
	S_order(rec, l, g, side);
	return g;
}

/* The index of [Result] in rec->tags, or rec->ntags: most often the
 * seventh, where S_order puts it when the game is known. */
static size_t S_result_at(const tb_record *rec)
{
	/* the roster's own string (S_tag) is the usual name: no need to compare */
	const char *res = tb_tag_names[TB_TAG_RESULT];
	if (rec->ntags > 6 && (rec->tags[6].name == res || tb_tag_same(rec->tags[6].name, res)))
		return 6;
	size_t i = 0;
	while (i < rec->ntags && !tb_tag_same(rec->tags[i].name, "Result"))
		i++;
	return i;
}

tb_result tb_tags_result(const tb_record *rec)
{
	size_t i = S_result_at(rec);
	const char *v = i < rec->ntags ? rec->tags[i].value : NULL;
	int k = v ? S_result_value(v) : 0;
	return k ? (tb_result)k : TB_RESULT_OTHER;
}

void tb_tags_set_result(tb_record *rec, tb_result res, unsigned line, unsigned col,
                        size_t off)
{
	size_t i = S_result_at(rec); /* a record has one [Result] at most */
	if (i >= rec->ntags)
		return;
	tb_tag *t = &rec->tags[i];
	t->value = tb_result_text[res];
	if (!t->value_line && line) { /* not written: where the movetext says it */
		t->value_line = line;
		t->value_col = col;
		t->value_off = off;
	}
}

const char *tb_record_tag(const tb_record *rec, const char *name)
{
	/* asked a few times a record (validate, the writers): most names
	 * differ from the one asked in their first byte, looked at first */
	const char c = name[0];
	for (size_t i = 0; i < rec->ntags; i++)
		if (rec->tags[i].name[0] == c && tb_tag_same(rec->tags[i].name, name))
			return rec->tags[i].value;
	return NULL;
}

int tb_record_tag_at(const tb_record *rec, size_t i, const char **name,
                     const char **value)
{
	if (i >= rec->ntags)
		return 0;
	*name = rec->tags[i].name;
	*value = rec->tags[i].value;
	return 1;
}
