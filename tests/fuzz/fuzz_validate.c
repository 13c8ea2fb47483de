/*
 * fuzz_validate.c -- tb_reader_validate on any record: no crash, leak
 * or undefined behaviour; every position it reports after a turn
 * reloads (tb_engine_new under the record's own [Rules], whatever
 * tb_record_tag gives for it) to the same position notation; and each
 * turn's events are as many as its "; "-separated list says.
 */
#include "fuzz.h"

typedef struct S_ctx {
	const tb_game *game;
	const char *rules;
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
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tb_reader *r = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_record *rec;
	while (tb_reader_next(r, &rec) == 1) {
		S_ctx c = {tb_record_game(rec), tb_record_tag(rec, "Rules")};
		if (!tb_record_errors(rec) && c.game)
			tb_reader_validate(r, rec, S_turn, &c);
		fz_diags(r, NULL);
		tb_record_free(rec);
	}
	tb_reader_free(r);
	return 0;
}
