/*
 * fuzz_show.c -- what tablero show draws, at every ply of any record
 * (tb_record_engine, tb_engine_board, tb_engine_over, tb_engine_legal,
 * tb_engine_divide, tb_engine_play): no crash, leak or undefined
 * behaviour; where the rules stop, a reason; the board as text at each
 * ply; the legal turns, none when the game is over, as many as divide
 * counts at depth 1; each legal turn (the first few of each position),
 * played on the record's engine at that ply, gives the position and
 * events the list gave; and every position shown or reached reloads
 * under the record's own [Rules] to the same notation. (A turn is
 * played on the record's engine, not on its position reloaded: the
 * notation does not hold the point a piece left on its owner's last
 * turn, which La Pitarra's columpio looks at.)
 */
#include "fuzz.h"

#define S_MAX_RECORDS 3
#define S_MAX_PLIES 48
#define S_MAX_TURNS 8     /* legal turns played at each position */

typedef struct S_pos {
	const tb_record *rec;
	long ply;             /* the ply of the record shown */
	const tb_game *game;
	const char *rules;
	const char *position; /* the position the turns are legal in */
	size_t seen;
} S_pos;

/* 'position' reloads under the rules to itself. */
static void S_reloads(const S_pos *p, const char *position)
{
	char *why = NULL;
	tb_engine *e = tb_engine_new(p->game, p->rules, position, &why);
	FZ_CHECK(e, "position %s does not reload under [Rules \"%s\"]: %s", position, p->rules,
	         why);
	char *back = tb_engine_position(e);
	FZ_CHECK(strcmp(back, position) == 0, "a position reloads as another:\n%s\n%s", position,
	         back);
	free(back);
	tb_engine_free(e);
}

static void S_legal(void *ctx, const char *token, const char *events, const char *position)
{
	S_pos *p = ctx;
	if (p->seen++ >= S_MAX_TURNS)
		return;
	char *why = NULL, *ev = NULL;
	/* the position shown, loaded again (not the record replayed again for
	 * every turn: a replay reconstructs, and S_reloads checks the load) */
	tb_engine *e = tb_engine_new(p->game, p->rules, p->position, &why);
	FZ_CHECK(e, "the position at ply %ld does not load again: %s", p->ply, why);
	FZ_CHECK(tb_engine_play(e, token, &ev, &why) == 0, "legal turn %s cannot be played in %s: %s",
	         token, p->position, why);
	FZ_CHECK(strcmp(ev, events) == 0, "%s did \"%s\" in the list, \"%s\" played", token, events,
	         ev);
	char *after = tb_engine_position(e);
	FZ_CHECK(strcmp(after, position) == 0, "%s in %s gave\n%s\nin the list, and played\n%s",
	         token, p->position, position, after);
	free(after);
	free(ev);
	char *board = tb_engine_board(e, 0);
	FZ_CHECK(board && *board, "no board after %s", token);
	free(board);
	tb_engine_free(e);
	S_reloads(p, position);
}

static void S_count(void *ctx, const char *token, unsigned long long n)
{
	(void)token;
	FZ_CHECK(n == 1, "divide at depth 1 counts %llu for %s", n, token);
	++*(size_t *)ctx;
}

static void S_ply(const tb_record *rec, long ply, unsigned flags)
{
	tb_reached at;
	char *why = NULL;
	tb_engine *e = tb_record_engine(rec, ply, &at, &why);
	if (!e) {
		FZ_CHECK(why && *why, "no engine at ply %ld, and no reason", ply);
		free(why);
		return;
	}
	FZ_CHECK(!why, "an engine at ply %ld, and a reason why not: %s", ply, why);
	long want = ply < 0 ? (long)tb_record_plies(rec) : ply;
	FZ_CHECK(at.stopped ? at.ply <= want && at.why[0] : at.ply == want,
	         "asked for ply %ld, reached %ld (stopped %d)", want, at.ply, at.stopped);
	char *board = tb_engine_board(e, flags);
	FZ_CHECK(board && *board, "no board at ply %ld", ply);
	free(board);
	char *over = tb_engine_over(e);
	char *position = tb_engine_position(e);
	S_pos p = {rec, ply, tb_record_game(rec), tb_record_tag(rec, "Rules"), position, 0};
	size_t n = tb_engine_legal(e, NULL, NULL);
	FZ_CHECK(!over || n == 0, "the game is over (%s) and %zu turns are legal", over, n);
	if (!tb_engine_incomplete(e)) {
		size_t divided = 0;
		tb_engine_divide(e, 1, S_count, &divided);
		FZ_CHECK(divided == n, "%zu legal turns, %zu divided", n, divided);
		S_reloads(&p, position);
		FZ_CHECK(tb_engine_legal(e, S_legal, &p) == n, "legal turns counted twice differ");
	}
	free(position);
	free(over);
	tb_engine_free(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t h = fz_hash(data, size);
	tb_reader *r = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_record *rec;
	for (int k = 0; k < S_MAX_RECORDS && tb_reader_next(r, &rec) == 1; k++) {
		if (!tb_record_errors(rec) && tb_record_game(rec)) {
			long plies = (long)tb_record_plies(rec);
			/* every ply of a short record; of a long one, a stride from a
			 * place the hash picks, and the end */
			long step = plies > S_MAX_PLIES ? plies / S_MAX_PLIES + 1 : 1;
			for (long p = (long)(h % (uint32_t)step); p <= plies; p += step)
				S_ply(rec, p, (unsigned)p & TB_BOARD_COLOUR);
			S_ply(rec, -1, 0);
			char *why = NULL;
			tb_reached at;
			FZ_CHECK(!tb_record_engine(rec, plies + 1, &at, &why) && why,
			         "ply %ld of %ld was not refused", plies + 1, plies);
			free(why);
		}
		fz_diags(r, NULL);
		tb_record_free(rec);
	}
	tb_reader_free(r);
	return 0;
}
