/*
 * diff_near.c -- tablero diff --duplicates --near K: the pairs of
 * records of one game that are the same game but for at most K turns
 * (a tape and a notebook of one match), with the turns that differ
 * (spec/collection.md §6). Every pair of the collection is weighed
 * (tb_seq_distance, which stops past K): meant for collections of
 * thousands of records, not millions.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct cli_near_seq {
	const char *game;
	size_t n;
	uint32_t *id;        /* each turn's token, hashed (FNV-1a 32) */
	char **tok;          /* the tokens */
	unsigned *num;       /* their numbers (0 unknown) */
	int *side;
};

static uint32_t S_hash(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

cli_near_seq *cli_near_seq_new(const tb_plies *p, const char *game)
{
	size_t n = tb_plies_count(p);
	cli_near_seq *s = calloc(1, sizeof *s);
	if (!s || !(s->id = calloc(n + 1, sizeof *s->id)) || !(s->tok = calloc(n + 1, sizeof *s->tok)) ||
	    !(s->num = calloc(n + 1, sizeof *s->num)) || !(s->side = calloc(n + 1, sizeof *s->side)))
		cli_oom();
	s->game = game;
	for (size_t i = 0; i < n; i++) {
		const tb_ply *y = tb_plies_at(p, i);
		if (!strncmp(y->written, "<gap", 4) || !strncmp(y->written, "<position", 9))
			continue; /* not a turn */
		if (!(s->tok[s->n] = strdup(y->token)))
			cli_oom();
		s->id[s->n] = S_hash(y->token);
		s->num[s->n] = y->number;
		s->side[s->n++] = y->side;
	}
	return s;
}

void cli_near_seq_free(cli_near_seq *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		free(s->tok[i]);
	free(s->id);
	free(s->tok);
	free(s->num);
	free(s->side);
	free(s);
}

/* "12. d3", "12... d3", or "-" when 'i' is none. */
static void S_turn(const cli_near_seq *s, size_t i, int has)
{
	if (!has)
		printf("-");
	else if (s->num[i])
		printf("%u%s %s", s->num[i], s->side[i] == 1 ? "..." : ".", s->tok[i]);
	else
		printf("%s", s->tok[i]);
}

/* The turns that differ: each run of steps between agreeing turns, its
 * turns of one faced with the other's, one pair a line. */
static void S_differ(const cli_near_seq *a, const cli_near_seq *b)
{
	size_t n = 0;
	tb_edit *e = tb_align(a->id, a->n, b->id, b->n, &n);
	if (!e && (a->n || b->n))
		cli_oom();
	for (size_t i = 0; i < n;) {
		if (e[i].op == '=') {
			i++;
			continue;
		}
		size_t ra[64], rb[64], na = 0, nb = 0;
		for (; i < n && e[i].op != '='; i++) {
			if (e[i].op == '-' && na < 64)
				ra[na++] = e[i].a;
			else if (e[i].op == '+' && nb < 64)
				rb[nb++] = e[i].b;
		}
		for (size_t k = 0; k < na || k < nb; k++) {
			printf("    ");
			S_turn(a, k < na ? ra[k] : 0, k < na);
			printf(" | ");
			S_turn(b, k < nb ? rb[k] : 0, k < nb);
			printf("\n");
		}
	}
	free(e);
}

static void S_game(const cli_near_game *g)
{
	printf("  %s:%u (game %zu, %zu turn%s)\n", g->file, g->line, g->index, g->plies,
	       g->plies == 1 ? "" : "s");
}

/* Is one a beginning of the other (or both the same)? --duplicates says
 * so of them. */
static int S_begins(const cli_near_seq *a, const cli_near_seq *b)
{
	size_t n = a->n < b->n ? a->n : b->n;
	return memcmp(a->id, b->id, n * sizeof *a->id) == 0;
}

int cli_near_report(const cli_near_game *g, size_t n, unsigned k)
{
	int found = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			const cli_near_seq *a = g[i].seq, *b = g[j].seq;
			if (!a || !b || strcmp(a->game, b->game) || S_begins(a, b))
				continue;
			long d = tb_seq_distance(a->id, a->n, b->id, b->n, k);
			if (d == TB_ENOMEM)
				cli_oom();
			if (d < 1 || d > (long)k)
				continue;
			found = 1;
			printf("near, %ld turn%s differ:\n", d, d == 1 ? "" : "s");
			S_game(&g[i]);
			S_game(&g[j]);
			S_differ(a, b);
		}
	return found;
}
