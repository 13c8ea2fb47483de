/*
 * tags_rules.c -- the memo of [Rules] values (tb_tags_rules_kept,
 * tb_tags_rules_keep): what a value read before came to, kept per
 * thread so as not to read the same text again.
 *
 * Apart from tags.c, which reads the [Rules] value and calls these,
 * because the memo is a concern of its own (its table, what a value
 * kept must be); it calls nothing of tags.c back.
 */
#include <stdint.h>
#include <string.h>

#include "tags.h"

/* ===== The memo of [Rules] values =====
 * A [Rules] value costs its pattern, tb_rules_read (a copy, a sort, a
 * printf), tb_options_check and the board: a thousand instructions with
 * no option (the game's name, as random records write it), some
 * thousands with options, and a collection writes the same few values
 * again and again. What they make of a value that passes them all with
 * no option renamed (no word said) is of the game and the value's bytes
 * alone: kept per thread, as tags.c's S_board keeps a plain board, a
 * few values of a few games (plain values, nothing to free when a
 * thread ends) -- eight: each game's name and an option or two. A value
 * that fails, renames an option, is longer than kept, or ran PCRE2 out
 * of memory is read the whole way each time; "?" is never asked for. */
enum { S_RULES_KEPT = 8, S_RULES_TEXT = 128 };

typedef struct S_rules_memo {
	const tb_game *g;            /* NULL: none kept */
	size_t len;                  /* the value's bytes */
	char value[S_RULES_TEXT];
	size_t canon_len;            /* the canonical spelling's */
	char canon[S_RULES_TEXT];
	size_t pairs_len;            /* "key\0value\0" for each option, in order */
	char pairs[2 * S_RULES_TEXT];
	size_t n;                    /* the options */
	uint8_t key[TB_MAX_OPTS], val[TB_MAX_OPTS]; /* their offsets in 'pairs' */
	tb_board board;
} S_rules_memo;

static _Thread_local S_rules_memo S_rules[S_RULES_KEPT];
static _Thread_local unsigned S_rules_next;

/* [Rules] value 'value' of game 'g' as kept: its options into 'opts'
 * (strings in 'a'), its canonical spelling into '*canon' and its board
 * into 'board'; 0 when none is kept (or memory ran out: the whole way
 * then says so). */
int tb_tags_rules_kept(tb_arena *a, const tb_game *g, const char *value, tb_opts *opts,
                       const char **canon, tb_board *board)
{
	size_t len = strlen(value);
	for (unsigned i = 0; i < S_RULES_KEPT; i++) {
		const S_rules_memo *m = &S_rules[i];
		if (m->g != g || m->len != len || memcmp(m->value, value, len) != 0)
			continue;
		/* (no option: no pairs to copy) */
		char *pairs = m->pairs_len ? tb_arena_copy(a, m->pairs, m->pairs_len) : NULL;
		char *c = pairs || !m->pairs_len ? tb_arena_strndup(a, m->canon, m->canon_len) : NULL;
		if (!c)
			return 0;
		opts->n = m->n;
		opts->nrenamed = 0;
		for (size_t k = 0; k < m->n; k++) {
			opts->key[k] = pairs + m->key[k];
			opts->value[k] = pairs + m->val[k];
		}
		*canon = c;
		*board = m->board;
		return 1;
	}
	return 0;
}

/* Keeps what [Rules] value 'value' of game 'g' came to: options 'opts'
 * (none renamed), canonical spelling 'canon', board 'board' -- when it
 * fits. */
void tb_tags_rules_keep(const tb_game *g, const char *value, const tb_opts *opts,
                        const char *canon, const tb_board *board)
{
	size_t len = strlen(value), clen = strlen(canon), at = 0;
	if (len > S_RULES_TEXT || clen > S_RULES_TEXT || opts->nrenamed)
		return;
	S_rules_memo m;
	for (size_t k = 0; k < opts->n; k++) {
		size_t kn = strlen(opts->key[k]) + 1, vn = strlen(opts->value[k]) + 1;
		if (at + kn + vn > sizeof m.pairs)
			return;
		m.key[k] = (uint8_t)at;
		memcpy(m.pairs + at, opts->key[k], kn);
		at += kn;
		m.val[k] = (uint8_t)at;
		memcpy(m.pairs + at, opts->value[k], vn);
		at += vn;
	}
	m.g = g;
	m.len = len;
	memcpy(m.value, value, len);
	m.canon_len = clen;
	memcpy(m.canon, canon, clen);
	m.pairs_len = at;
	m.n = opts->n;
	m.board = *board;
	S_rules[S_rules_next] = m;
	S_rules_next = (S_rules_next + 1) % S_RULES_KEPT;
}
