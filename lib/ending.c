/*
 * ending.c -- why a game is over, in words (rules.h, tb_ending).
 *
 * A game's rules say why a game is over as a typed ending (a key, the
 * side it is about, a number, a point); the words are the game's own,
 * one table per language (game.h, words), with the number's plural form
 * picked by the language (lang.h). Diagnostics read the English; a
 * page, a book, a diagram or the text board reads the record's.
 */
#include <stdio.h>
#include <string.h>

#include "lang.h"
#include "rules.h"

/* The words of 'e' in 'l' (NULL: English) into 'why' ('n' bytes, cut):
 * no allocation, as over() never had one. */
static void S_words(const tb_lang *l, const tb_ending *e, char *why, size_t n)
{
	char key[96], count[24] = "";
	if (e->side >= 0)
		snprintf(key, sizeof key, "%s.%d", e->key, e->side);
	else
		snprintf(key, sizeof key, "%s", e->key);
	if (e->count >= 0)
		snprintf(count, sizeof count, "%ld", e->count);
	const char *text = tb_lang_text_n(l, key, e->count >= 0 ? e->count : 0);
	size_t k = 0;
	for (const char *p = text ? text : key; *p && k + 1 < n; p++) {
		const char *arg = p[0] == '{' && (p[1] == '1' || p[1] == '2') && p[2] == '}'
		                  ? (p[1] == '1' ? count : e->point) : NULL;
		if (!arg) {
			why[k++] = *p;
			continue;
		}
		for (; *arg && k + 1 < n; arg++)
			why[k++] = *arg;
		p += 2;
	}
	why[k] = '\0';
}

int tb_rules_over_in(const tb_ruleset *rs, const tb_state *s, const tb_lang *l, tb_result *res,
                     char *why, size_t n)
{
	if (!rs->rules->ending)
		return rs->rules->over(rs, s, res, why, n);
	tb_ending e;
	if (!rs->rules->ending(rs, s, res, &e))
		return 0;
	if (why && n)
		S_words(l, &e, why, n);
	return 1;
}

int tb_rules_over_words(const tb_ruleset *rs, const tb_state *s, tb_result *res, char *why,
                        size_t n)
{
	return tb_rules_over_in(rs, s, NULL, res, why, n); /* ending() is there: no loop */
}
