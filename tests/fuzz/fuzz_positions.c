/*
 * fuzz_positions.c -- the rules engines from any position: the input's
 * first line is the rules ("asalto; huff=off", the game's name first),
 * its second a position in position notation. When the engine takes
 * them: its position reloads to the same notation (a fixed point) and
 * lists the same legal turns, each with the same events and position
 * after it, and the same end (the notation holds every piece of state
 * the rules read: spec/tgn.md §9); perft 1 is the number of turns
 * divide lists, each counting 1, and perft 2 the sum of divide 2; and a
 * short random game from there reads without errors and breaks no rule.
 */
#include "fuzz.h"

static void S_sum(void *ctx, const char *token, unsigned long long n)
{
	(void)token;
	*(unsigned long long *)ctx += n;
}

static void S_count_ones(void *ctx, const char *token, unsigned long long n)
{
	FZ_CHECK(n == 1, "divide 1 counts %llu for %s", n, token);
	++*(unsigned long long *)ctx;
}

static void S_legal_line(void *ctx, const char *token, const char *events,
                         const char *position)
{
	tb_buf_printf(ctx, "%s | %s | %s\n", token, events, position);
}

/* Every legal turn of 'e' with what it does, and its end, into 'b'. */
static void S_legal(const tb_engine *e, tb_buf *b)
{
	tb_engine_legal(e, S_legal_line, b);
	char *over = tb_engine_over(e);
	if (over)
		tb_buf_printf(b, "over: %s\n", over);
	free(over);
}

/* The game the rules name first, else one of the three by 'pick'. */
static const tb_game *S_game(const char *rules, unsigned pick)
{
	char name[16];
	size_t n = strcspn(rules, "; ");
	snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : 0), rules);
	const tb_game *g = tb_game_find(name);
	return g ? g : tb_game_at(pick % 3);
}

static void S_random_game_is_legal(const tb_engine *e, unsigned long long seed)
{
	size_t len;
	char *text = tb_engine_random_game(e, seed, 12, &len);
	FZ_CHECK(text, "no random game");
	tb_reader *r = tb_reader_new_mem(text, len, "random.tgn");
	tb_record *rec;
	FZ_CHECK(tb_reader_next(r, &rec) == 1, "a random game is no record:\n%s", text);
	FZ_CHECK(tb_record_errors(rec) == 0, "a random game has errors:\n%s", text);
	FZ_CHECK(tb_reader_validate(r, rec, NULL, NULL) == 0, "a random game breaks a rule:\n%s",
	         text);
	tb_record_free(rec);
	tb_reader_free(r);
	free(text);
}

static void S_engine(const tb_game *g, const char *rules, const char *position, uint32_t h)
{
	char *why = NULL;
	tb_engine *e = tb_engine_new(g, rules, position, &why);
	if (!e) {
		free(why);
		return;
	}
	char *p1 = tb_engine_position(e);
	tb_engine *again = tb_engine_new(g, rules, p1, &why);
	FZ_CHECK(again, "the engine's own position does not reload: %s\n%s", why, p1);
	char *p2 = tb_engine_position(again);
	FZ_CHECK(strcmp(p1, p2) == 0, "position notation is not a fixed point:\n%s\n%s", p1, p2);
	tb_buf l1 = TB_BUF_INIT, l2 = TB_BUF_INIT;
	S_legal(e, &l1);
	S_legal(again, &l2);
	FZ_CHECK(strcmp(l1.data ? l1.data : "", l2.data ? l2.data : "") == 0,
	         "the position read back plays otherwise:\n%s\n%s\nread back:\n%s", p1,
	         l1.data ? l1.data : "", l2.data ? l2.data : "");
	tb_buf_free(&l1);
	tb_buf_free(&l2);
	if (!tb_engine_incomplete(e)) {
		unsigned long long ones = 0, sum = 0;
		size_t turns = tb_engine_divide(e, 1, S_count_ones, &ones);
		FZ_CHECK(tb_engine_perft(e, 1) == turns && ones == turns,
		         "perft 1 %llu, divide 1 %zu turns (%llu):\n%s", tb_engine_perft(e, 1), turns,
		         ones, p1);
		tb_engine_divide(e, 2, S_sum, &sum);
		FZ_CHECK(tb_engine_perft(e, 2) == sum, "perft 2 %llu, divide 2 sums %llu:\n%s",
		         tb_engine_perft(e, 2), sum, p1);
	}
	S_random_game_is_legal(e, h);
	free(p1);
	free(p2);
	tb_engine_free(again);
	tb_engine_free(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *in = fz_string(data, size);
	if (strlen(in) == size) { /* a NUL would cut the strings short */
		char *nl = strchr(in, '\n');
		char *position = NULL;
		if (nl) {
			*nl = '\0';
			position = nl + 1;
			position[strcspn(position, "\n")] = '\0';
		}
		uint32_t h = fz_hash(data, size);
		S_engine(S_game(in, h), in, position, h);
	}
	free(in);
	return 0;
}
