/*
 * tb_rules_test.h -- the harness the rules tests share
 * (test_pitarra_rules.c, test_asalto_rules.c, test_ocencahuac_rules.c):
 * the library's engine through the public API (L_new), the tokens it
 * gives in a position (L_tokens, L_collect, L_tokens_at), a list of
 * tokens written by hand (L_tokens_read), two sets of tokens compared
 * (L_same_set_as), a setting's [Rules] value (S_rules_tag) and a row of
 * the option settings compared (S_setting); and, for a test that
 * defines V_TURNS, what tb_reader_validate reports of a record, turn
 * by turn (V_seen, V_validate).
 *
 * Header-only, as tb_test.h (included first). Before including it, a
 * test defines
 *   TT_GAME    the game's name ("pitarra")
 *   TT_MAX     room for the tokens of one position
 *   TT_TOKLEN  room for one token, its NUL included
 */
#ifndef TB_RULES_TEST_H
#define TB_RULES_TEST_H

#if !defined(TT_GAME) || !defined(TT_MAX) || !defined(TT_TOKLEN)
#error "define TT_GAME, TT_MAX and TT_TOKLEN before including tb_rules_test.h"
#endif

/* An engine of the game at 'pos' (NULL: the start) under 'rules'. */
static inline tb_engine *L_new(const char *rules, const char *pos)
{
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_game_find(TT_GAME), rules, pos, &why);
	if (!e)
		print_message("tb_engine_new(\"%s\", \"%s\"): %s\n", rules ? rules : "(null)",
		              pos ? pos : "(start)", why ? why : "?");
	free(why);
	assert_non_null(e);
	return e;
}

typedef struct L_tokens {
	size_t n;
	char tok[TT_MAX][TT_TOKLEN];
	unsigned long long count[TT_MAX];
} L_tokens;

/* tb_engine_divide's callback: each token and its count into an
 * L_tokens. */
static inline void L_collect(void *ctx, const char *token, unsigned long long n)
{
	L_tokens *t = ctx;
	assert_true(t->n < TT_MAX);
	assert_true(strlen(token) < sizeof t->tok[0]);
	memcpy(t->tok[t->n], token, strlen(token) + 1);
	t->count[t->n++] = n;
}

/* The library's tokens in 'pos' under 'rules', sorted. */
static inline void L_tokens_at(const char *rules, const char *pos, L_tokens *out)
{
	tb_engine *e = L_new(rules, pos);
	out->n = 0;
	size_t n = tb_engine_divide(e, 1, L_collect, out);
	tb_engine_free(e);
	assert_int_equal(n, out->n);
	qsort(out->tok, out->n, sizeof out->tok[0], tt_strcmp);
}

/* The tokens of 'want', separated by spaces (a list written by hand),
 * into 'out', sorted. */
static inline void L_tokens_read(L_tokens *out, const char *want)
{
	out->n = 0;
	char copy[4096];
	snprintf(copy, sizeof copy, "%s", want);
	for (char *w = strtok(copy, " "); w; w = strtok(NULL, " "))
		memcpy(out->tok[out->n++], w, strlen(w) + 1);
	qsort(out->tok, out->n, sizeof out->tok[0], tt_strcmp);
}

/* Are the sorted sets 'a' and 'b' the same? Prints both, and returns
 * 0, when they differ (or either has a token twice). */
static inline int L_same_set_as(const char *rules, const char *pos, const L_tokens *a,
                                const L_tokens *b, const char *a_is, const char *b_is)
{
	return tt_same_tokens(rules, pos, TT_TOKS(a), TT_TOKS(b), a_is, b_is);
}

/* The [Rules] value for a setting. */
static inline void S_rules_tag(const char *rules, char *buf, size_t n)
{
	snprintf(buf, n, TT_GAME "%s%s", *rules ? "; " : "", rules);
}

typedef struct S_setting {
	const char *rules;
	/* perft claim of test 2 against the defaults, on the common
	 * positions: 1 some count differs (the positions exercise the
	 * option), 0 none differs (a default written out, a limit beyond
	 * the depth, a position that says who is to move), -1 no claim */
	int changes;
} S_setting;

/* ===== Records replayed by tb_reader_validate (when V_TURNS is defined:
 * the turns a record holds) ===== */

#ifdef V_TURNS
/* What tb_reader_validate reported, turn by turn. */
typedef struct V_seen {
	size_t n;
	char tok[V_TURNS][TT_TOKLEN];
	char pos[V_TURNS][256];
} V_seen;

static inline void V_turn(void *ctx, const tb_turn_report *t)
{
	V_seen *v = ctx;
	if (v->n < V_TURNS) {
		snprintf(v->tok[v->n], sizeof v->tok[0], "%s", t->token);
		snprintf(v->pos[v->n], sizeof v->pos[0], "%s", t->position);
	}
	v->n++;
}

/* Replays 'text'; returns its error count; the diagnostics go to
 * '*diags' (the caller frees it) when 'diags' is not NULL. */
static inline int V_validate(const char *text, V_seen *v, char **diags)
{
	tb_reader *r;
	tb_record *rec = tt_parse(text, &r);
	if (v)
		v->n = 0;
	int errors = tb_reader_validate(r, rec, v ? V_turn : NULL, v);
	if (diags) {
		tt_str out = {0};
		tt_diags(&out, r);
		*diags = tt_take(&out);
	}
	tb_record_free(rec);
	tb_reader_free(r);
	return errors;
}
#endif

#endif
