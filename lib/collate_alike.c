/*
 * collate_alike.c -- are the witnesses one match? (TB608, a warning:
 * spec/collection.md §6, spec/compare.md). Collating merges whatever it
 * is given; two different matches, merged, make a record of a game
 * nobody played. So the collation says, in the record's language, when
 * two witnesses share fewer than half of the turns of the shorter, or
 * name players with no name in common, or different dates (where both
 * know them).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "collate.h"
#include "collation.h"
#include "diag.h"
#include "game.h"
#include "reader.h"

/* The warning at tag 'tag' of witness 'w': text 'key' of its record's
 * language with 'args'. */
static void S_warn(tb_coll *cl, const tb_coll_wit *w, const char *tag, const char *key,
                   const char *const *args, size_t nargs)
{
	const tb_record *in = cl->in[w->input];
	char *msg = tb_lang_format(tb_record_lang(in), key, args, nargs);
	if (!msg) {
		cl->nomem = 1;
		return;
	}
	tb_diag_tag(cl->r[w->input], in, tag, TB_WARNING, TB_D_COLL_ALIKE, "%s", msg);
	free(msg);
}

/* A tag's value known ("?" and unknown dates are not). */
static const char *S_known(const tb_record *rec, const char *tag)
{
	const char *v = tb_record_tag(rec, tag);
	return v && *v && strcmp(v, "?") != 0 && strncmp(v, "????", 4) != 0 ? v : NULL;
}

/* Do dates 'a' and 'b' (YYYY.MM.DD, '?' where unknown) differ where
 * both are known? */
static int S_dates_differ(const char *a, const char *b)
{
	for (size_t i = 0; a[i] && b[i]; i++)
		if (a[i] != b[i] && a[i] != '?' && b[i] != '?')
			return 1;
	return 0;
}

/* Do names 'a' and 'b' share a word of three letters or more (ASCII
 * case aside)? "Paulina Olvera" and "Olvera Ramírez, Paulina" are one
 * player written two ways; only names with nothing in common differ. */
static int S_names_meet(const char *a, const char *b)
{
	for (const char *p = a; *p;) {
		size_t n = strcspn(p, " ,.;()");
		if (n >= 3)
			for (const char *q = b; *q;) {
				size_t m = strcspn(q, " ,.;()");
				if (m == n && strncasecmp(p, q, n) == 0)
					return 1;
				q += m + (q[m] != 0);
			}
		p += n + (p[n] != 0);
	}
	return 0;
}

/* Turns of 'p' (not gaps nor restated positions). */
static size_t S_turns(const tb_plies *p)
{
	size_t n = 0;
	for (size_t i = 0; i < tb_plies_count(p); i++) {
		const char *w = tb_plies_at(p, i)->written;
		n += strncmp(w, "<gap", 4) != 0 && strncmp(w, "<position", 9) != 0;
	}
	return n;
}

/* Witness 'w' against the first, 'a'. */
static void S_pair(tb_coll *cl, const tb_coll_wit *a, const tb_coll_wit *w)
{
	const char *an = cl->r[a->input]->name;
	const char *tags[3] = {cl->game->side_tag[0], cl->game->side_tag[1], "Date"};
	for (int t = 0; t < 3; t++) {
		const char *x = S_known(a->rec, tags[t]), *y = S_known(w->rec, tags[t]);
		if (x && y && (t < 2 ? !S_names_meet(x, y) : S_dates_differ(x, y))) {
			const char *args[4] = {tags[t], y, x, an};
			S_warn(cl, w, tags[t], "collate.alike.tag", args, 4);
		}
	}
	size_t n = 0, same = 0, na = S_turns(a->p), nw = S_turns(w->p);
	size_t shorter = na < nw ? na : nw;
	if (shorter < 4)
		return; /* too few to tell */
	tb_edit *e = tb_plies_align(a->p, w->p, &n);
	if (!e && n == 0 && (tb_plies_count(a->p) || tb_plies_count(w->p))) {
		cl->nomem = 1;
		return;
	}
	for (size_t i = 0; i < n; i++)
		same += e[i].op == '=';
	free(e);
	if (2 * same < shorter) {
		char s[24], m[24];
		snprintf(s, sizeof s, "%zu", same);
		snprintf(m, sizeof m, "%zu", shorter);
		const char *args[3] = {s, m, an};
		S_warn(cl, w, "Game", "collate.alike.turns", args, 3);
	}
}

void tb_coll_alike(tb_coll *cl)
{
	for (size_t k = 1; k < cl->nw && !cl->nomem; k++)
		if (cl->w[k].p && cl->w[0].p && cl->w[k].input != cl->w[0].input)
			S_pair(cl, &cl->w[0], &cl->w[k]);
}
