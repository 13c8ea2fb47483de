/*
 * test_board.c -- lib/replay_walk.c and lib/textboard.c: a record's positions by
 * turn (tb_record_engine, tb_record_find_turn, tb_record_turn_number)
 * and the board drawn as text (tb_engine_board), checked on random games
 * of the three games against what validate reports turn by turn.
 */
#include "tb_test.h"

/* The positions validate reports after each turn of the main line (the
 * random games have no variations). */
typedef struct S_seen {
	char *pos[1024];
	size_t n;
} S_seen;

static void S_collect(void *ctx, const tb_turn_report *t)
{
	S_seen *s = ctx;
	if (s->n < 1024)
		s->pos[s->n++] = strdup(t->position);
}

/* "Position: ..." of a board's key. */
static char *S_position_line(const char *board)
{
	const char *p = strstr(board, "\nPosition: ");
	assert_non_null(p);
	p += strlen("\nPosition: ");
	size_t n = strcspn(p, "\n");
	char *s = malloc(n + 1);
	assert_non_null(s);
	memcpy(s, p, n);
	s[n] = '\0';
	return s;
}

/* Pieces listed in position notation: one per name after a side's ':'. */
static int S_pieces_in_position(const char *pos)
{
	int n = 0;
	for (const char *p = strchr(pos, ' '); p && *p; p++) {
		if (p[0] == ':' && p[1] && p[1] != ' ')
			n++;
		if (p[0] == ',' && p[1] != ' ')
			n++;
		if (p[0] == ' ' && strchr(p + 1, '=') && !strchr(p + 1, ':'))
			break; /* the keys after the pieces */
	}
	return n;
}

/* The points and pieces the board's rows show: on the rows with a rank
 * number, every fourth column, what is not a line or a mark of a line. */
static void S_count_drawn(const char *board, int *points, int *pieces, const char *letters)
{
	*points = *pieces = 0;
	for (const char *line = board; strncmp(line, "    a", 5) != 0;) {
		const char *eol = strchr(line, '\n');
		assert_non_null(eol);
		if (eol - line >= 4 && (line[0] == '1' || (line[1] >= '0' && line[1] <= '9')))
			for (const char *c = line + 4; c < eol; c += 4) { /* " 7  R---..." */
				*points += strchr(" -|+~/\\X", *c) == NULL;
				*pieces += strchr(letters, *c) != NULL;
				if (eol - c <= 4)
					break;
			}
		line = eol + 1;
	}
}

static void S_check_game(const char *game, const char *rules, int npoints, const char *letters)
{
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_game_find(game), rules, NULL, &why);
	assert_non_null(e);
	for (unsigned long long seed = 1; seed <= (TT_SANITIZED ? 3 : 12); seed++) {
		size_t len;
		char *text = tb_engine_random_game(e, seed, 120, &len);
		tb_reader *r = tb_reader_new_mem(text, len, "random.tgn");
		tb_record *rec;
		assert_int_equal(tb_reader_next(r, &rec), 1);
		S_seen seen = {{0}, 0};
		assert_int_equal(tb_reader_validate(r, rec, S_collect, &seen), 0);
		long plies = (long)tb_record_plies(rec);
		assert_int_equal((long)seen.n, plies);
		tb_replay *rp = tb_record_replay(rec); /* one replay read at every ply */
		assert_non_null(rp);
		for (long ply = 0; ply <= plies; ply++) {
			tb_reached at, at_in;
			tb_engine *pe = tb_record_engine(rec, ply, &at, &why);
			assert_non_null(pe);
			assert_int_equal(at.stopped, 0);
			assert_int_equal(at.ply, ply);
			char *board = tb_engine_board(pe, 0);
			tb_engine *pe_in = tb_record_engine_in(rec, rp, ply, &at_in, &why);
			assert_non_null(pe_in); /* the same position, the same report */
			char *board_in = tb_engine_board(pe_in, 0);
			assert_string_equal(board_in, board);
			assert_memory_equal(&at_in, &at, sizeof at);
			free(board_in);
			tb_engine_free(pe_in);
			char *pos = S_position_line(board);
			if (ply > 0) /* the position validate reports after the turn */
				assert_string_equal(pos, seen.pos[ply - 1]);
			int points, pieces;
			S_count_drawn(board, &points, &pieces, letters);
			assert_int_equal(points, npoints);
			assert_int_equal(pieces, S_pieces_in_position(pos));
			assert_null(strchr(board, '\033')); /* no colour unless asked */
			char *over = tb_engine_over(pe);
			assert_true((over != NULL) == (strstr(board, "The game is over") != NULL));
			free(over);
			free(pos);
			free(board);
			tb_engine_free(pe);
			unsigned number;
			int side;
			if (ply > 0) { /* a turn named by its number is the same turn */
				assert_int_equal(tb_record_turn_number(rec, ply, &number, &side), 0);
				assert_int_equal(tb_record_find_turn(rec, number, side), ply);
			}
		}
		tb_replay_free(rp);
		for (size_t i = 0; i < seen.n; i++)
			free(seen.pos[i]);
		tb_engine *end = tb_record_engine(rec, plies + 1, &(tb_reached){0}, &why);
		assert_null(end);
		assert_non_null(strstr(why, "not"));
		free(why);
		tb_record_free(rec);
		tb_reader_free(r);
		free(text);
	}
	tb_engine_free(e);
}

static void test_pitarra_boards(void **state)
{
	(void)state;
	S_check_game("pitarra", NULL, 24, "RY");
	S_check_game("pitarra", "board=25; movement=slide", 25, "RY");
}

static void test_asalto_boards(void **state)
{
	(void)state;
	/* the defenders' start is the players' choice: random games draw it */
	S_check_game("asalto", "chain=zigzag", 33, "AD");
}

static void test_ocencahuac_boards(void **state)
{
	(void)state;
	S_check_game("ocencahuac", NULL, 40, "EMPGempg");
	S_check_game("ocencahuac", "river=6", 50, "EMPGempg");
}

/* Where the rules stop: the last position they reached, and the turn. */
static void test_stops_at_illegal_turn(void **state)
{
	(void)state;
	const char src[] = "[Game \"pitarra\"]\n1. d1 a1 2. g1 a4 3. d1-d2 a7 4. b2 *\n";
	tb_reader *r = tb_reader_new_mem(src, sizeof src - 1, "t.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	tb_reached at;
	char *why = NULL;
	tb_engine *e = tb_record_engine(rec, -1, &at, &why);
	assert_non_null(e);
	assert_int_equal(at.stopped, 1);
	assert_int_equal(at.ply, 4);
	assert_string_equal(at.last, "2... a4");
	assert_string_equal(at.stop, "3. d1-d2");
	assert_int_equal(at.line, 2);
	assert_int_equal(at.col, 22);
	assert_non_null(strstr(at.why, "still has 10 pieces to place"));
	tb_engine_free(e);
	/* before the stop, nothing is stopped */
	e = tb_record_engine(rec, 3, &at, &why);
	assert_int_equal(at.stopped, 0);
	assert_string_equal(at.last, "2. g1");
	tb_engine_free(e);
	unsigned number;
	int side;
	assert_int_equal(tb_record_turn_number(rec, -1, &number, &side), 0);
	assert_int_equal(number, 4);
	assert_int_equal(side, 0);
	assert_int_equal(tb_record_find_turn(rec, 3, 1), 6);
	assert_int_equal(tb_record_find_turn(rec, 4, 1), -1);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* An unknown turn with one legal turn is that turn; with more, a stop. */
static void test_unknown_turns(void **state)
{
	(void)state;
	const char src[] = "[Game \"pitarra\"]\n"
	                   "[Position \"R 20 R:a1,g1,d2 Y:a7,g7,b6 hand=0,0\"]\n"
	                   "20. ? *\n";
	tb_reader *r = tb_reader_new_mem(src, sizeof src - 1, "t.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	tb_reached at;
	char *why = NULL;
	tb_engine *e = tb_record_engine(rec, 1, &at, &why);
	assert_non_null(e);
	assert_int_equal(at.stopped, 1);
	assert_int_equal(at.ply, 0);
	/* an open stretch: several turns fit, the last position known given */
	assert_int_equal(at.open, 1);
	assert_true(at.fits > 1);
	assert_int_equal(at.gap, 0);
	assert_true(at.positions > 1);
	assert_int_equal(at.decided, 0);
	assert_non_null(strstr(at.why, "turns fit"));
	tb_engine_free(e);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* A '?' point the rules decide (only b6 can have been taken: Yellow
 * places there again) is that turn, marked decided, and the replay goes
 * on through it. */
static void test_decided_turns(void **state)
{
	(void)state;
	const char src[] = "[Game \"pitarra\"]\n\n"
	                   "1. e5 g1 2. a1 d5 3. b2 b6 4. c3x? d3 5. f2 b6 *\n";
	tb_reader *r = tb_reader_new_mem(src, sizeof src - 1, "t.tgn");
	tb_record *rec;
	assert_int_equal(tb_reader_next(r, &rec), 1);
	tb_reached at;
	char *why = NULL;
	tb_engine *e = tb_record_engine(rec, 7, &at, &why);
	assert_non_null(e);
	assert_int_equal(at.stopped, 0);
	assert_int_equal(at.decided, 1);
	assert_int_equal(at.open, 0);
	assert_int_equal(at.positions, 1);
	assert_string_equal(at.last, "4. c3xb6");
	tb_engine_free(e);
	e = tb_record_engine(rec, -1, &at, &why); /* after it: written turns again */
	assert_non_null(e);
	assert_int_equal(at.stopped, 0);
	assert_int_equal(at.decided, 0);
	assert_string_equal(at.last, "5... b6");
	tb_engine_free(e);
	tb_record_free(rec);
	tb_reader_free(r);
}

static void test_colour_on_request(void **state)
{
	(void)state;
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_game_find("pitarra"), NULL, "R 3 R:d1,g1 Y:a1 hand=10,11",
	                             &why);
	assert_non_null(e);
	char *plain = tb_engine_board(e, 0), *colour = tb_engine_board(e, TB_BOARD_COLOUR);
	assert_null(strchr(plain, '\033'));
	assert_non_null(strstr(colour, "\033[1;31mR\033[0m"));
	assert_non_null(strstr(colour, "\033[1;33mY\033[0m"));
	free(plain);
	free(colour);
	tb_engine_free(e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pitarra_boards),
		cmocka_unit_test(test_asalto_boards),
		cmocka_unit_test(test_ocencahuac_boards),
		cmocka_unit_test(test_stops_at_illegal_turn),
		cmocka_unit_test(test_unknown_turns),
		cmocka_unit_test(test_decided_turns),
		cmocka_unit_test(test_colour_on_request),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
