/*
 * game_pitarra.c -- La Pitarra in the notation: its board and tokens.
 *
 * Board: three concentric squares on the 7x7 grid a1..g7, joined at
 * the midpoints and by the four corner diagonals (24 points), or with
 * a centre d4 under "board=25" (spec/tgn.md, "La Pitarra").
 * Tokens: placement "d1", step "a1-a4", removal after a tercia "xg7".
 */
#include <stdlib.h>
#include <string.h>

#include "game.h"

static const char *const S_points =
	"a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7";

/* Marks each "xN" of a space-separated list valid on 'b'. */
static void S_mark(tb_board *b, const char *list)
{
	for (const char *p = list; *p; p += (p[2] == ' ' ? 3 : 2))
		b->valid[TB_PT(p[0] - 'a', p[1] - '1')] = 1;
}

static const char *S_board(tb_board *b, const tb_opts *o)
{
	memset(b, 0, sizeof *b);
	b->files = b->ranks = 7;
	S_mark(b, S_points);
	const char *v = tb_opts_get(o, "board");
	if (v && strcmp(v, "25") == 0)
		S_mark(b, "d4");
	else if (v && strcmp(v, "24") != 0)
		return "board must be 24 or 25";
	return NULL;
}

/* move -> point ('-' point)? ('x' point)? */
static int S_parse(tb_scan *sc, tb_move_builder *mb)
{
	tb_point p;
	if (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_AT, p))
		return -1;
	if (tb_scan_accept(sc, '-') &&
	    (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_STEP, p)))
		return -1;
	if (tb_scan_accept(sc, 'x') &&
	    (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_REMOVE, p)))
		return -1;
	return 0;
}

static const char *S_check_extra(const tb_board *b, const char *key,
                                 const char *value)
{
	(void)b;
	if (strcmp(key, "hand") == 0) {
		char *end;
		long r = strtol(value, &end, 10);
		if (end == value || *end != ',')
			return "hand must be two counts, red's and yellow's: hand=5,4";
		const char *second = end + 1;
		long y = strtol(second, &end, 10);
		if (end == second || *end || r < 0 || r > 12 || y < 0 || y > 12)
			return "hand must be two counts from 0 to 12: hand=5,4";
		return NULL;
	}
	return "unknown key";
}

static const char *const S_extras[] = {"hand", NULL};

const tb_game tb_game_pitarra = {
	.name = "pitarra",
	.title = "La Pitarra",
	.side_tag = {"Red", "Yellow"},
	.side_letter = {'R', 'Y'},
	.piece_types = "",
	.extra_keys = S_extras,
	.start = "R 1 R: Y: hand=12,12",
	.board = S_board,
	.parse_move = S_parse,
	.check_extra = S_check_extra,
};
