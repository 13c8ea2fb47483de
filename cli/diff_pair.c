/*
 * diff_pair.c -- the records of tablero diff's two files read and
 * paired (spec/compare.md): by their order in the files, or by the
 * values of the tags --pair-by names (a record without a partner is
 * said once). Shared through diff.h.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"

/* ===== Reading ===== */

static void S_game_free(diff_game *g)
{
	tb_plies_free(g->p);
	tb_record_free(g->rec);
	g->p = NULL, g->rec = NULL;
}

/* Reads src's next record. Returns 1 with 'g' filled, 0 at the end,
 * -1 for a record that cannot be compared (its errors printed; it
 * still takes its place in the order), -2 when the input failed, -3
 * for a record --xml cannot write (TB504 printed). */
int diff_next(diff_src *src, diff_game *g)
{
	tb_record *rec;
	int got = cli_reader_next(src->r, &rec);
	int unfit = got == 1 && src->xml && !tb_record_errors(rec) &&
	            tb_reader_xml_refuse(src->r, rec, "the record is not compared in XML");
	cli_print_errors(src->r);
	if (got < 0)
		return -2;
	if (got == 0)
		return 0;
	g->index = ++src->game;
	g->rec = rec;
	g->p = tb_record_errors(rec) || unfit ? NULL : tb_plies_new(rec);
	if (!g->p && !tb_record_errors(rec) && !unfit && tb_record_game(rec))
		cli_oom();
	if (!g->p) {
		tb_record_free(rec);
		g->rec = NULL;
		return unfit ? -3 : -1;
	}
	return 1;
}

int diff_open(diff_src *src, const char *path)
{
	src->name = strcmp(path, "-") ? path : "<stdin>";
	src->f = cli_open(path);
	if (!src->f)
		return -1;
	src->r = cli_reader_new_file(src->f, src->name);
	return 0;
}

void diff_close(diff_src *src)
{
	tb_reader_free(src->r);
	cli_close(src->f);
}

/* The key that pairs games under --pair-by: the values of its tags.
 * Sets bit i of '*seen' when the record has the i-th tag. */
static char *S_pair_key(const char *spec, const tb_record *rec, unsigned *seen)
{
	size_t cap = 64, len = 0;
	char *k = malloc(cap);
	if (!k)
		cli_oom();
	k[0] = '\0';
	for (unsigned i = 0; *spec; i++) {
		size_t n = strcspn(spec, ",");
		char name[64];
		snprintf(name, sizeof name, "%.*s", (int)n, spec);
		const char *v = tb_record_tag(rec, name);
		*seen |= v ? 1u << i : 0;
		v = v ? v : "\x01"; /* missing: pairs only with missing */
		size_t need = len + strlen(v) + 2;
		if (need > cap) {
			cap = need * 2;
			k = realloc(k, cap);
			if (!k)
				cli_oom();
		}
		len += (size_t)sprintf(k + len, "%s\x1f", v);
		spec += n + (spec[n] == ',');
	}
	return k;
}

/* Says which of --pair-by's tags no game had: every game was paired as
 * if it were missing, which is seldom what was meant (names are
 * case-sensitive). */
static void S_pair_unseen(const char *spec, unsigned seen)
{
	for (unsigned i = 0; *spec; i++) {
		size_t n = strcspn(spec, ",");
		if (!(seen & 1u << i))
			cli_error("diff", "warning: no game has a [%.*s] tag (tag names are "
			          "case-sensitive): it paired nothing", (int)n, spec);
		spec += n + (spec[n] == ',');
	}
}

/* Pairs by order: both files are read in step, one game each. */
int diff_by_order(diff_out *out, diff_src *a, diff_src *b, int *trouble)
{
	int differ = 0;
	for (;;) {
		diff_game ga = {0}, gb = {0};
		int ra = diff_next(a, &ga), rb = diff_next(b, &gb);
		if (ra == -2 || rb == -2 || (ra == 0 && rb == 0)) {
			*trouble |= ra == -2 || rb == -2;
			S_game_free(&ga), S_game_free(&gb);
			break;
		}
		if (ra < 0 || rb < 0) {
			*trouble = 1;
			for (int side = 0; side < 2; side++)
				if ((side ? rb : ra) < 0)
					cli_error("diff", "game %zu of %s cannot be compared%s",
					          side ? b->game : a->game, side ? b->name : a->name,
					          (side ? rb : ra) == -3 ? " in XML: it holds text XML cannot carry"
					                                 : ": it has errors");
		} else if (ra == 1 && rb == 1) {
			differ |= diff_pair(out, &ga, &gb);
		} else if (ra == 1) {
			diff_only(out, a, "a", &ga);
			differ = 1;
		} else {
			diff_only(out, b, "b", &gb);
			differ = 1;
		}
		S_game_free(&ga), S_game_free(&gb);
	}
	return differ;
}

/* Pairs by tags: b's records are kept (a few KiB each: memory grows
 * with b, not a) sorted by key; a's are streamed, each taking
 * the first b game (in b's order) with its key not taken yet. */
typedef struct S_kept {
	char *key;
	diff_game g;
	int taken;
} S_kept;

static int S_kept_cmp(const void *x, const void *y)
{
	const S_kept *a = x, *b = y;
	int c = strcmp(a->key, b->key);
	return c ? c : (a->g.index > b->g.index) - (a->g.index < b->g.index);
}

static int S_kept_order(const void *x, const void *y)
{
	const S_kept *const *a = x, *const *b = y;
	return ((*a)->g.index > (*b)->g.index) - ((*a)->g.index < (*b)->g.index);
}

/* The first kept game with 'key', or nk. */
static size_t S_lower(const S_kept *k, size_t nk, const char *key)
{
	size_t lo = 0, hi = nk;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(k[mid].key, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < nk && strcmp(k[lo].key, key) == 0 ? lo : nk;
}

int diff_by_tags(diff_out *out, diff_src *a, diff_src *b, int *trouble)
{
	S_kept *kept = NULL;
	size_t nk = 0, capk = 0;
	int differ = 0, got;
	unsigned seen = 0;
	diff_game g = {0};
	while ((got = diff_next(b, &g)) != 0) {
		*trouble |= got < 0;
		if (got == -2)
			break;
		if (got < 0)
			continue;
		if (nk == capk) {
			capk = capk ? capk * 2 : 64;
			kept = realloc(kept, capk * sizeof *kept);
			if (!kept)
				cli_oom();
		}
		tb_plies_free(g.p); /* made again when paired: keep the record only */
		g.p = NULL;
		kept[nk++] = (S_kept){S_pair_key(out->o->pair_by, g.rec, &seen), g, 0};
	}
	if (nk)
		qsort(kept, nk, sizeof *kept, S_kept_cmp);
	/* next[i], for the first game i of a key: its next one not taken */
	size_t *next = calloc(nk + 1, sizeof *next);
	if (!next)
		cli_oom();
	for (size_t i = 0; i < nk; i++)
		next[i] = i;
	while ((got = diff_next(a, &g)) != 0) {
		*trouble |= got < 0;
		if (got == -2)
			break;
		if (got < 0)
			continue;
		char *key = S_pair_key(out->o->pair_by, g.rec, &seen);
		size_t first = S_lower(kept, nk, key), i = first < nk ? next[first] : nk;
		if (i < nk && strcmp(kept[i].key, key) != 0)
			i = nk;
		free(key);
		if (i == nk) {
			diff_only(out, a, "a", &g);
			differ = 1;
		} else {
			next[first] = i + 1;
			kept[i].taken = 1;
			kept[i].g.p = tb_plies_new(kept[i].g.rec);
			if (!kept[i].g.p)
				cli_oom(); /* kept: it had plies */
			differ |= diff_pair(out, &g, &kept[i].g);
			tb_plies_free(kept[i].g.p);
			kept[i].g.p = NULL;
		}
		S_game_free(&g);
	}
	/* b's games nobody took, in b's order */
	S_kept **left = calloc(nk + 1, sizeof *left);
	size_t nleft = 0;
	if (!left)
		cli_oom();
	for (size_t i = 0; i < nk; i++)
		if (!kept[i].taken)
			left[nleft++] = &kept[i];
	if (nleft)
		qsort(left, nleft, sizeof *left, S_kept_order);
	for (size_t i = 0; i < nleft; i++) {
		diff_only(out, b, "b", &left[i]->g);
		differ = 1;
	}
	for (size_t i = 0; i < nk; i++) {
		free(kept[i].key);
		S_game_free(&kept[i].g);
	}
	S_pair_unseen(out->o->pair_by, seen);
	free(left);
	free(next);
	free(kept);
	return differ;
}

