/*
 * test_val_reuse.c -- what validation keeps from one use to the next
 * gives what making it again would.
 *
 * tb_ruleset_kept (rules.c): for every game, every value of each of its
 * options and each default it changed (what validate's notes ask for),
 * the kept ruleset read by pointer is byte for byte the one
 * tb_ruleset_init copies out, of that game and those options, however
 * many other rulesets were asked for between (the kept ones replaced in
 * turn); refused options give NULL and the same message; several
 * options at once, one given twice, are read alike.
 *
 * And a collection validated in one reader gives each record what it
 * gets validated alone (the other records blanked, their lines kept):
 * the records of the spec's examples that validate (among them the ones
 * whose errors note a changed default), and the samples, every
 * diagnostic, turn and fault told. Working memory kept from a record
 * (search buffers, the notes' rulesets) must not change a later one's.
 */
#include "tb_test.h"

#include "game.h"
#include "record.h"
#include "rules.h"

/* ===== Kept rulesets ===== */

/* Every option set tried: one option at one value (each value of the
 * table; a number for "#"), or a changed default's old value. */
typedef struct S_set {
	const tb_game *g;
	tb_opts o;
	char value[256];
	int oi;      /* the option's place, -1 for none */
	uint8_t vi;  /* its value's place in "a|b|c" */
	long num;    /* the number of "#" */
} S_set;

enum { S_MAX_SETS = 512 };

static size_t S_sets(S_set *sets)
{
	size_t n = 0;
	for (const tb_game *const *gp = tb_games_built_in; *gp; gp++) {
		const tb_game *g = *gp;
		if (!g->rules)
			continue;
		assert_true(n < S_MAX_SETS);
		memset(&sets[n], 0, sizeof sets[n]);
		sets[n].oi = -1;
		sets[n++].g = g; /* every default */
		for (int i = 0; g->options && g->options[i].key; i++) {
			char copy[256];
			snprintf(copy, sizeof copy, "%s", g->options[i].values);
			uint8_t vi = 0;
			for (char *p = copy, *bar; p; p = bar ? bar + 1 : NULL, vi++) {
				if ((bar = strchr(p, '|')))
					*bar = '\0';
				/* a number: two, known apart by it alone */
				for (int num = 0; num < (strcmp(p, "#") ? 1 : 2); num++) {
					assert_true(n < S_MAX_SETS);
					S_set *s = &sets[n++];
					memset(s, 0, sizeof *s);
					s->g = g;
					snprintf(s->value, sizeof s->value, "%s",
					         strcmp(p, "#") ? p : num ? "5" : "3");
					s->o.n = 1;
					s->o.key[0] = g->options[i].key;
					s->o.value[0] = s->value;
					s->oi = i;
					s->vi = vi;
					s->num = strcmp(p, "#") ? 0 : num ? 5 : 3;
				}
			}
		}
		for (const tb_option_was *w = g->was; w && w->key; w++) {
			assert_true(n < S_MAX_SETS);
			S_set *s = &sets[n++];
			memset(s, 0, sizeof *s);
			s->g = g;
			s->o.n = 1;
			s->o.key[0] = w->key;
			s->o.value[0] = w->value;
			s->oi = -1;
			for (int i = 0; g->options[i].key; i++)
				if (strcmp(g->options[i].key, w->key) == 0)
					s->oi = i;
			assert_true(s->oi >= 0);
			char copy[256];
			snprintf(copy, sizeof copy, "%s", g->options[s->oi].values);
			int found = 0;
			uint8_t vi = 0;
			for (char *p = copy, *bar; p && !found; p = bar ? bar + 1 : NULL, vi++) {
				if ((bar = strchr(p, '|')))
					*bar = '\0';
				if (strcmp(p, w->value) == 0) {
					s->vi = vi;
					found = 1;
				}
			}
			assert_true(found); /* (no old default is a number) */
		}
	}
	return n;
}

/* The ruleset of set 's' configured here, as tb_ruleset_init's first
 * does: the reference, kept nowhere. */
static void S_fresh(tb_ruleset *rs, const S_set *s)
{
	memset(rs, 0, sizeof *rs);
	rs->game = s->g;
	rs->rules = s->g->rules;
	if (s->oi >= 0) {
		rs->opt[s->oi] = s->vi;
		rs->num[s->oi] = s->num;
	}
	assert_null(rs->rules->configure(rs));
	tb_geo_finish(&rs->geo);
}

/* Several options at once, read by tb_ruleset_kept as tb_ruleset_init
 * reads them: options 0 and 1 of each game at their second values, and
 * option 0 again at its first (the first given is read), in either
 * order of the two; the reference configured here. */
static void test_ruleset_kept_several(void **state)
{
	(void)state;
	static tb_ruleset fresh, made;
	for (const tb_game *const *gp = tb_games_built_in; *gp; gp++) {
		const tb_game *g = *gp;
		if (!g->rules || !g->options[0].key || !g->options[1].key)
			continue;
		char v0[64], v1[64], d0[64];
		assert_int_equal(sscanf(g->options[0].values, "%63[^|]|%63[^|]", d0, v0), 2);
		assert_int_equal(sscanf(g->options[1].values, "%*[^|]|%63[^|]", v1), 1);
		for (int order = 0; order < 2; order++) {
			tb_opts o;
			memset(&o, 0, sizeof o);
			o.n = 3;
			o.key[order] = g->options[0].key;
			o.value[order] = v0;
			o.key[1 - order] = g->options[1].key;
			o.value[1 - order] = v1;
			o.key[2] = g->options[0].key;
			o.value[2] = d0;
			memset(&fresh, 0, sizeof fresh);
			fresh.game = g;
			fresh.rules = g->rules;
			fresh.opt[0] = 1;
			fresh.opt[1] = 1;
			assert_null(fresh.rules->configure(&fresh));
			tb_geo_finish(&fresh.geo);
			char why[320];
			const tb_ruleset *kept = tb_ruleset_kept(g, &o, why, sizeof why);
			assert_non_null(kept);
			assert_true(memcmp(kept, &fresh, sizeof fresh) == 0);
			assert_null(tb_ruleset_init(&made, g, &o, why, sizeof why));
			assert_true(memcmp(&made, &fresh, sizeof fresh) == 0);
		}
	}
}

static void test_ruleset_kept(void **state)
{
	(void)state;
	static S_set sets[S_MAX_SETS];
	static tb_ruleset made, fresh;
	size_t n = S_sets(sets);
	assert_true(n > 10);
	tt_rng rng = {12345};
	for (size_t round = 0; round < 4; round++)
		for (size_t i = 0; i < n; i++) {
			/* others asked for between, a different number each time
			 * (up to more than are kept) */
			unsigned between = tt_below(&rng, 40);
			for (unsigned k = 0; k < between; k++) {
				const S_set *o = &sets[tt_below(&rng, (unsigned)n)];
				char why[320];
				if (tt_below(&rng, 2))
					(void)tb_ruleset_kept(o->g, &o->o, why, sizeof why);
				else
					(void)tb_ruleset_init(&made, o->g, &o->o, why, sizeof why);
			}
			const S_set *s = &sets[i];
			char why1[320] = "", why2[320] = "";
			memset(&made, 0xa5, sizeof made);
			const char *bad = tb_ruleset_init(&made, s->g, &s->o, why1, sizeof why1);
			const tb_ruleset *kept = tb_ruleset_kept(s->g, &s->o, why2, sizeof why2);
			if (bad) {
				assert_null(kept);
				assert_string_equal(why1, why2);
				continue;
			}
			assert_non_null(kept);
			assert_ptr_equal(kept->game, s->g);
			assert_true(memcmp(kept, &made, sizeof made) == 0);
			S_fresh(&fresh, s);
			assert_true(memcmp(kept, &fresh, sizeof fresh) == 0);
			/* asked for again at once: the same place, not made again */
			assert_ptr_equal(tb_ruleset_kept(s->g, &s->o, why2, sizeof why2), kept);
		}
}

/* A refused option: no ruleset, the message tb_ruleset_init gives. */
static void test_ruleset_kept_refused(void **state)
{
	(void)state;
	const tb_game *g = tb_games_built_in[0];
	tb_opts o;
	memset(&o, 0, sizeof o);
	o.n = 1;
	o.key[0] = "no_such_option";
	o.value[0] = "x";
	char why1[320], why2[320];
	tb_ruleset rs;
	assert_non_null(tb_ruleset_init(&rs, g, &o, why1, sizeof why1));
	assert_null(tb_ruleset_kept(g, &o, why2, sizeof why2));
	assert_string_equal(why1, why2);
	/* two values refused, given in the other order: the first of the
	 * table's is named */
	o.n = 2;
	o.key[0] = g->options[1].key;
	o.value[0] = "no_such_value";
	o.key[1] = g->options[0].key;
	o.value[1] = "no_such_value";
	assert_null(tb_ruleset_kept(g, &o, why2, sizeof why2));
	char want[128];
	snprintf(want, sizeof want, "rule option %s must be ", g->options[0].key);
	assert_true(strncmp(why2, want, strlen(want)) == 0);
}

/* ===== A collection and its records alone ===== */

static void S_turn(void *ctx, const tb_turn_report *t)
{
	tt_str *out = ctx;
	tt_printf(out, "%u/%d %s %s [%s] %u:%u %s\n", t->number, t->side, t->token, t->position,
	          t->events, t->line, t->col, t->over ? t->over : "-");
}

/* Every record of 'src' validated in one reader: what was told, and
 * every diagnostic. */
static char *S_validate(const char *src, size_t len)
{
	tb_reader *r = tb_reader_new_mem(src, len, "c.tgn");
	assert_non_null(r);
	tt_str out = {0};
	tb_record *rec;
	while (tb_reader_next(r, &rec) == 1) {
		int n = tb_reader_validate_faults(r, rec, S_turn, &out, tt_put_fault, &out);
		tt_printf(&out, "errors %d\n", n);
		tt_diags(&out, r);
		tb_record_free(rec);
	}
	tb_reader_free(r);
	return tt_take(&out);
}

/* The inputs of the "example validate" blocks of spec chapter 'path'. */
static void S_examples(tt_str *all, const char *path)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char line[4096];
	int in = 0;
	while (fgets(line, sizeof line, f)) {
		if (!in && strncmp(line, "~~~~ example validate", 21) == 0)
			in = 1;
		else if (in && strcmp(line, ".\n") == 0)
			in = 0;
		else if (in)
			tt_puts(all, line);
	}
	fclose(f);
}

static void S_sample(tt_str *all, const char *path)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char chunk[4096];
	size_t got;
	while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
		tt_put(all, chunk, got);
	fclose(f);
	tt_putc(all, '\n');
}

/* 'src' with every line outside [from, to) emptied, its newline kept:
 * the record alone at its own lines. */
static char *S_alone(const char *src, size_t len, size_t from, size_t to)
{
	char *s = malloc(len + 1);
	assert_non_null(s);
	size_t k = 0;
	for (size_t i = 0; i < len; i++)
		if ((i >= from && i < to) || src[i] == '\n')
			s[k++] = src[i];
	s[k] = '\0';
	return s;
}

static void test_collection_alone(void **state)
{
	(void)state;
	tt_str all = {0};
	S_examples(&all, "spec/games/asalto.md");
	S_examples(&all, "spec/games/ocencahuac.md");
	S_examples(&all, "spec/games/pitarra.md");
	S_examples(&all, "tests/errors.md");
	S_sample(&all, "samples/pitarra-fragmento-cinta.tgn");
	S_sample(&all, "samples/ocencahuac-fragmento-hoja.tgn");
	S_sample(&all, "samples/asalto-cuaderno-ceuta-1979.tgn");
	/* the examples again, after the others' working memory */
	S_examples(&all, "spec/games/ocencahuac.md");
	S_examples(&all, "spec/games/asalto.md");
	size_t len = strlen(all.d);
	char *whole = S_validate(all.d, len);
	assert_non_null(strstr(whole, "the default until")); /* the notes are asked for */
	tt_str alone = {0};
	size_t records = 0;
	for (size_t from = 0; from < len;) {
		size_t to = from + 1;
		while (to < len && !(all.d[to - 1] == '\n' && strncmp(all.d + to, "[Game ", 6) == 0))
			to++;
		char *one = S_alone(all.d, len, from, to);
		char *got = S_validate(one, strlen(one));
		tt_puts(&alone, got);
		free(got);
		free(one);
		records++;
		from = to;
	}
	assert_true(records > 50);
	tt_str_is(tt_take(&alone), whole, __FILE__, __LINE__);
	free(whole);
	free(all.d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ruleset_kept),
		cmocka_unit_test(test_ruleset_kept_refused),
		cmocka_unit_test(test_ruleset_kept_several),
		cmocka_unit_test(test_collection_alone),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
