/*
 * test_remarks.c -- Asalto's remarks (TB407, a capture passed up, no
 * huff after it) as validate tells them, word for word as the plain
 * wording gives them: random games under every rule set the tests check
 * (each option's values, and huffs with the other options that shape a
 * capture), read in every language, and each remark's diagnostic -- its
 * message "token: reason", its note "position ...", and the fault
 * tb_reader_validate_faults gives of it (token, reason, position) --
 * against the words made here the slow way: the remark asked of the
 * rules on a replay of the record, worded by why_plain.h, the token and
 * position written by the library's writers, joined by snprintf
 * (validate.c words them straight into one buffer, with no printf).
 */
#include "tb_test.h"

#include "buf.h"
#include "game.h"
#include "lang.h"
#include "record.h"
#include "rules.h"
#include "tb_rules_inner.h"
#include "why_plain.h"

/* A remark the replay expects at a place of the record. */
typedef struct S_want {
	unsigned line, col;
	const char *key; /* the reason's */
	char token[64], reason[480], position[400];
} S_want;

typedef struct S_wants {
	S_want v[512];
	size_t n;
} S_wants;

/* The position 's' in notation, into 'out'. */
static void S_position_text(const tb_ruleset *rs, const tb_state *s, char *out, size_t n)
{
	tb_arena a = {0};
	tb_position p;
	assert_int_equal(tb_rules_save(rs, s, &a, &p), 0);
	tb_buf b = TB_BUF_SOFT;
	tb_position_write(&b, rs->game, &p);
	assert_true(tb_buf_ok(&b) && b.data);
	snprintf(out, n, "%s", b.data);
	tb_buf_free(&b);
	tb_arena_free(&a);
}

/* Every turn of the record's main line replayed, and what the rules
 * remark on, worded plainly in 'l', into 'w'. */
static void S_replay(const tb_record *rec, const tb_lang *l, S_wants *w)
{
	tb_ruleset rs;
	char why[320] = "";
	assert_null(tb_ruleset_init(&rs, rec->game, &rec->opts, why, sizeof why));
	tb_state st;
	assert_int_equal(rec->game->rules->load(&rs, rec->start, &st, why, sizeof why), 0);
	tb_turns turns = {NULL, 0};
	w->n = 0;
	for (const tb_node *n = rec->main.first; n; n = n->next) {
		const tb_turn *t = n->kind == TB_NODE_MOVE ? tb_turn_find(&rs, &st, &n->move, &turns)
		                   : n->kind == TB_NODE_PASS ? tb_pass_find(&rs, &st, &turns) : NULL;
		if (!t)
			fail_msg("a random game's turn not found, at %u:%u", n->span.line, n->span.col);
		tb_state before = st;
		rs.rules->play(&rs, &st, t, NULL);
		tb_why r;
		if (!rs.rules->remark || !rs.rules->remark(&rs, &before, t, &st, &r))
			continue;
		assert_true(w->n < sizeof w->v / sizeof w->v[0]);
		S_want *x = &w->v[w->n++];
		x->line = n->span.line;
		x->col = n->span.col;
		x->key = r.key;
		tb_buf tok = TB_BUF_SOFT;
		tb_turn_write(&tok, n->kind, &n->move);
		assert_true(tb_buf_ok(&tok) && tok.data);
		snprintf(x->token, sizeof x->token, "%s", tok.data);
		tb_buf_free(&tok);
		R_why_text(&r, l, x->reason, sizeof x->reason);
		S_position_text(&rs, &before, x->position, sizeof x->position);
	}
	tb_turns_free(&turns);
}

static const S_want *S_wanted(const S_wants *w, unsigned line, unsigned col)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->v[i].line == line && w->v[i].col == col)
			return &w->v[i];
	return NULL;
}

typedef struct S_faults {
	const S_wants *w;
	unsigned long told;
} S_faults;

/* tb_fault_fn: a TB407's fault says what the replay wants. */
static void S_fault(void *ctx, const tb_fault *f)
{
	S_faults *c = ctx;
	if (f->code != 407)
		return;
	const S_want *x = S_wanted(c->w, f->line, f->col);
	if (!x)
		fail_msg("a fault TB407 at %u:%u where no remark is", f->line, f->col);
	char msg[600];
	snprintf(msg, sizeof msg, "%s: %s", x->token, x->reason);
	if (strcmp(f->message, msg) != 0 || !f->token || strcmp(f->token, x->token) != 0 ||
	    strcmp(f->reason, x->reason) != 0 || !f->position ||
	    strcmp(f->position, x->position) != 0)
		fail_msg("the fault at %u:%u: '%s' / '%s' / '%s' / '%s', not '%s' / '%s' / '%s' / '%s'",
		         f->line, f->col, f->message, f->token ? f->token : "(null)", f->reason,
		         f->position ? f->position : "(null)", msg, x->token, x->reason, x->position);
	c->told++;
}

/* The remarks told, by their reason's key. */
static const char *const S_keys[] = {"why.asalto.passed", "why.asalto.passed_two",
                                     "why.asalto.passed_chain"};
static unsigned long S_by_key[3];

/* Validates record 'text' in 'l' (NULL: the default), with faults told
 * or not; every TB407 is one the replay wants, word for word. Returns
 * how many there were. */
static unsigned long S_check(const char *text, size_t len, const tb_lang *l, int faults)
{
	tb_reader *r = tb_reader_new_mem(text, len, "t.tgn");
	assert_non_null(r);
	tb_record *rec = NULL;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	if (l)
		tb_reader_set_lang(r, l);
	static S_wants w;
	S_replay(rec, l, &w);
	S_faults c = {&w, 0};
	int rc = faults ? tb_reader_validate_faults(r, rec, NULL, NULL, S_fault, &c)
	                : tb_reader_validate(r, rec, NULL, NULL);
	assert_true(rc >= 0);
	unsigned long told = 0;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		if (d->code != 407)
			continue;
		const S_want *x = S_wanted(&w, d->line, d->col);
		if (!x)
			fail_msg("TB407 at %u:%u where no remark is: %s", d->line, d->col, d->message);
		char msg[600], note[420];
		snprintf(msg, sizeof msg, "%s: %s", x->token, x->reason);
		/* the note in the language's words too (the position as written) */
		snprintf(note, sizeof note, "%s%s", tb_lang_text(l, "val.position"), x->position);
		if (strcmp(d->message, msg) != 0 || !d->note || strcmp(d->note, note) != 0)
			fail_msg("TB407 at %u:%u in %s:\n'%s'\n'%s'\nnot\n'%s'\n'%s'", d->line, d->col,
			         l ? tb_lang_code(l) : "the default", d->message,
			         d->note ? d->note : "(null)", msg, note);
		told++;
		for (int k = 0; k < 3; k++)
			S_by_key[k] += x->key && strcmp(x->key, S_keys[k]) == 0;
	}
	if (faults && c.told != told)
		fail_msg("%lu TB407 told as faults, %lu as diagnostics", c.told, told);
	tb_record_free(rec);
	tb_reader_free(r);
	return told;
}

/* "key=value; ..." of options 'o'. */
static void S_rules(const tb_opts *o, char *out, size_t n)
{
	size_t k = 0;
	out[0] = '\0';
	for (size_t i = 0; i < o->n; i++)
		k += (size_t)snprintf(out + k, n - k, "%s%s=%s", i ? "; " : "", o->key[i], o->value[i]);
}

static void test_remarks_as_plain(void **state)
{
	(void)state;
	const tb_game *g = tb_game_find("asalto");
	assert_non_null(g);
	tb_opts configs[40];
	size_t nconfigs = tt_configs(g, configs, 32);
	char rules[40][128];
	for (size_t i = 0; i < nconfigs; i++)
		S_rules(&configs[i], rules[i], sizeof rules[i]);
	static const char *const more[] = {
		"huff=automatic; huff_target=mover", "huff=automatic; chain=zigzag",
		"huff=automatic; chain=straight", "huff_target=mover; chain=one_turn",
		"huff=automatic; diagonals=none", "huff=optional; chain=right_angles",
	};
	for (size_t i = 0; i < sizeof more / sizeof more[0]; i++)
		snprintf(rules[nconfigs++], sizeof rules[0], "%s", more[i]);
	unsigned seeds = TT_SANITIZED ? 8 : 60;
	unsigned long told = 0, records = 0;
	for (size_t i = 0; i < nconfigs; i++) {
		char *why = NULL;
		tb_engine *e = tb_engine_new(g, *rules[i] ? rules[i] : NULL, NULL, &why);
		if (!e)
			fail_msg("asalto under '%s': %s", rules[i], why ? why : "?");
		unsigned long here = 0;
		for (unsigned seed = 1; seed <= seeds; seed++) {
			size_t len = 0;
			char *text = tb_engine_random_game(e, seed, 60 + seed * 4, &len);
			assert_non_null(text);
			for (size_t k = 0; k <= 3; k++) {
				const tb_lang *l = k < 3 ? tb_lang_at(k) : NULL;
				here += S_check(text, len, l, (seed + k) % 2);
				records++;
			}
			free(text);
		}
		tb_engine_free(e);
		if (strstr(rules[i], "huff=off") || strstr(rules[i], "huff=compulsory"))
			assert_int_equal(here, 0); /* no marks under them: no remark */
		told += here;
	}
	print_message("%lu records, %lu remarks word for word (%lu passed, %lu passed_two, %lu "
	              "passed_chain)\n", records, told, S_by_key[0], S_by_key[1], S_by_key[2]);
	assert_true(told > 500);
	for (int k = 0; k < 3; k++) /* each of the remark's words */
		assert_true(S_by_key[k] > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_remarks_as_plain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
