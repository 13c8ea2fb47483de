/*
 * fuzz_validate.c -- tb_reader_validate on any record: no crash, leak
 * or undefined behaviour; every position it reports after a turn
 * reloads (tb_engine_new under the record's own [Rules], whatever
 * tb_record_tag gives for it) to the same position notation; and each
 * turn's events are as many as its "; "-separated list says; and the
 * record's one reading (tb_reader_replay) agrees with it: a frame for
 * every node, found again by its node, a known position wherever the
 * status says so (reloading to itself), and the same position after
 * every turn validate tells.
 */
#include "fuzz.h"

/* A turn validate told: where it is written, and the position after it. */
typedef struct S_told {
	unsigned line, col;
	char *position;
} S_told;

typedef struct S_ctx {
	const tb_game *game;
	const char *rules;
	S_told *told;
	size_t ntold, cap;
} S_ctx;

static size_t S_listed(const char *events)
{
	if (!*events)
		return 0;
	size_t n = 1;
	for (const char *p = events; (p = strstr(p, "; ")); p += 2)
		n++;
	return n;
}

static void S_turn(void *ctx, const tb_turn_report *t)
{
	const S_ctx *c = ctx;
	char *why = NULL;
	tb_engine *e = tb_engine_new(c->game, c->rules, t->position, &why);
	FZ_CHECK(e, "the position after %u%s %s does not reload under [Rules \"%s\"]: %s\n%s",
	         t->number, t->side ? "..." : ".", t->token, c->rules, why, t->position);
	char *back = tb_engine_position(e);
	FZ_CHECK(strcmp(back, t->position) == 0, "a reported position reloads as another:\n%s\n%s",
	         t->position, back);
	free(back);
	tb_engine_free(e);
	FZ_CHECK(t->nevents == S_listed(t->events), "%zu events, but \"%s\"", t->nevents,
	         t->events);
	S_ctx *w = ctx;
	if (w->ntold == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 16;
		w->told = realloc(w->told, w->cap * sizeof *w->told);
		FZ_CHECK(w->told, "out of memory");
	}
	w->told[w->ntold++] = (S_told){t->line, t->col, strdup(t->position)};
}

/* The searches of both replays, validate's and the frames': bounded well
 * below the default (a million positions, twice, under the sanitizers
 * would pass libFuzzer's timeout on a gap in the opening), the same for
 * both so that they agree. */
static const tb_search_opts S_search = {4, 50000, 0, 0, 0, NULL, NULL, 0};

/* The frame of the turn written at 'line':'col' (alternative 0). */
static long S_frame_at(const tb_replay *rp, unsigned line, unsigned col)
{
	for (size_t i = 0; i < tb_replay_count(rp); i++) {
		unsigned alt, sp[4];
		tb_node *n = tb_replay_node(rp, (long)i, &alt);
		tb_node_span(n, sp);
		if (!alt && sp[0] == line && sp[1] == col)
			return (long)i;
	}
	return -1;
}

/* The record's one reading against itself and against what validate told. */
static void S_replay(const tb_record *rec, const S_ctx *c)
{
	tb_reader *r = tb_reader_new_mem("", 0, "replay");
	FZ_CHECK(r, "out of memory");
	tb_reader_set_search(r, &S_search);
	tb_replay *rp = tb_reader_replay(r, rec);
	FZ_CHECK(rp, "no replay of a record without errors");
	for (size_t i = 0; i < tb_replay_count(rp); i++) {
		unsigned alt;
		tb_node *n = tb_replay_node(rp, (long)i, &alt);
		FZ_CHECK(n && tb_replay_find(rp, n, alt) == (long)i, "frame %zu is not found again", i);
		int st = tb_replay_status(rp, (long)i);
		size_t np = tb_replay_positions(rp, (long)i);
		FZ_CHECK(st >= TB_FRAME_WRITTEN && st <= TB_FRAME_UNKNOWN, "status %d", st);
		int known = st == TB_FRAME_WRITTEN || st == TB_FRAME_RECONSTRUCTED;
		FZ_CHECK(known ? np == 1 : st == TB_FRAME_OPEN ? np > 1 : np == 0,
		         "frame %zu: status %d with %zu positions", i, st, np);
		char *pos = tb_replay_position(rp, (long)i);
		FZ_CHECK(!known || pos, "frame %zu is known but has no position", i);
		if (pos) {
			tb_engine *e = tb_engine_new(c->game, c->rules, pos, NULL);
			FZ_CHECK(e, "frame %zu's position does not reload: %s", i, pos);
			char *back = tb_engine_position(e);
			FZ_CHECK(strcmp(back, pos) == 0, "frame %zu reloads as another:\n%s\n%s", i, pos,
			         back);
			free(back);
			tb_engine_free(e);
		}
		free(pos);
	}
	for (size_t k = 0; k < c->ntold; k++) {
		long f = S_frame_at(rp, c->told[k].line, c->told[k].col);
		FZ_CHECK(f >= 0, "no frame for the turn told at %u:%u", c->told[k].line, c->told[k].col);
		char *pos = tb_replay_position(rp, f);
		FZ_CHECK(tb_replay_status(rp, f) <= TB_FRAME_RECONSTRUCTED && pos &&
		             strcmp(pos, c->told[k].position) == 0,
		         "the frame at %u:%u (status %d) is not the position validate told:\n%s\n%s",
		         c->told[k].line, c->told[k].col, tb_replay_status(rp, f), pos ? pos : "(none)",
		         c->told[k].position);
		free(pos);
	}
	tb_replay_free(rp);
	tb_reader_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tb_reader *r = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_reader_set_search(r, &S_search);
	tb_record *rec;
	while (tb_reader_next(r, &rec) == 1) {
		S_ctx c = {tb_record_game(rec), tb_record_tag(rec, "Rules"), NULL, 0, 0};
		if (!tb_record_errors(rec) && c.game) {
			tb_reader_validate(r, rec, S_turn, &c);
			S_replay(rec, &c); /* every game has rules */
		}
		for (size_t k = 0; k < c.ntold; k++)
			free(c.told[k].position);
		free(c.told);
		fz_diags(r, NULL);
		tb_record_free(rec);
	}
	tb_reader_free(r);
	return 0;
}
