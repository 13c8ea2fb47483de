/*
 * tb_rules_inner.h -- what the unit tests that drive the rules through
 * the library's own interface (rules.h: tb_ruleset, tb_state) share:
 * the rule sets a test checks, and a random game's first position.
 *
 * Header-only, as tb_test.h (included first, then rules.h).
 */
#ifndef TB_RULES_INNER_H
#define TB_RULES_INNER_H

/* The rule sets of game 'g' a test checks: the defaults, then each
 * option's other values one at a time (numbers left at their
 * defaults), into 'out' (room for 'max'); returns how many. The values
 * are kept in static room (64 in all, for the program's life). */
static inline size_t tt_configs(const tb_game *g, tb_opts *out, size_t max)
{
	static char vals[64][64];
	static size_t nvals;
	size_t n = 0;
	memset(&out[n++], 0, sizeof *out);
	for (const tb_option *o = g->options; o && o->key; o++)
		for (const char *v = o->values; *v && n < max;) {
			size_t len = strcspn(v, "|");
			if (!(len == 1 && v[0] == '#') && v != o->values && nvals < 64) { /* not the default */
				snprintf(vals[nvals], sizeof vals[nvals], "%.*s", (int)len, v);
				memset(&out[n], 0, sizeof *out);
				out[n].n = 1;
				out[n].key[0] = o->key;
				out[n].value[0] = vals[nvals++];
				n++;
			}
			v += len + (v[len] == '|');
		}
	return n;
}

/* Calls 'each' with every rule set tt_configs gives of every game whose
 * rules 'wants' (each game's defaults first; a set the rules refuse, a
 * value another option must go with, is left out), the game's name and
 * the set's index among tt_configs' beside it. Returns how many games
 * were wanted. */
static inline unsigned long tt_each_ruleset(int (*wants)(const tb_game *g),
                                            void (*each)(const tb_ruleset *rs, const char *name,
                                                         size_t c, void *ctx),
                                            void *ctx)
{
	unsigned long games = 0;
	for (size_t gi = 0; tb_game_at(gi); gi++) {
		const tb_game *g = tb_game_at(gi);
		if (!wants(g))
			continue;
		games++;
		tb_opts configs[64];
		size_t nconf = tt_configs(g, configs, 64);
		for (size_t c = 0; c < nconf; c++) {
			tb_ruleset rs;
			char why[256];
			if (tb_ruleset_init(&rs, g, &configs[c], why, sizeof why))
				continue;
			each(&rs, g->name, c, ctx);
		}
	}
	return games;
}

/* A game's first position under 'rs' into '*s': the start, with the
 * players' free choices drawn from '*seed' where the game has them
 * (rules->random_start), '*seed' then moved on by one (not moved when
 * nothing was drawn). Fails the test when the rules refuse. */
static inline void tt_start(const tb_ruleset *rs, tb_state *s, unsigned long long *seed)
{
	char why[256] = "";
	int rc = rs->rules->load(rs, NULL, s, why, sizeof why);
	if (rc > 0 && rs->rules->random_start)
		rc = rs->rules->random_start(rs, s, (*seed)++);
	if (rc != 0)
		fail_msg("the rules refuse a game's start: %s (%d)", why, rc);
}

#endif
