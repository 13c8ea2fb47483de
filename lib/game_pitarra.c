/*
 * game_pitarra.c -- La Pitarra in the notation: its board and tokens.
 *
 * Board: three concentric squares on the 7x7 grid a1..g7, joined at
 * the midpoints and by the four corner diagonals (24 points), or with
 * a centre d4 under "board=25" (spec/tgn.md, "La Pitarra").
 * Tokens: placement "d1", step "a1-a4", removal after a tercia "xg7".
 */
#include <string.h>

#include "game.h"
#include "rules.h"

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

/* Reads a count of 0..12 written with one or two digits. */
static int S_count(const char **s)
{
	int v = 0, digits = 0;
	while (**s >= '0' && **s <= '9' && digits < 3)
		v = v * 10 + (*(*s)++ - '0'), digits++;
	return digits && digits < 3 && v <= 12 ? v : -1;
}

static const char *S_check_extra(const tb_board *b, const char *key,
                                 const char *value, tb_buf *canon)
{
	(void)b;
	if (strcmp(key, "hand") != 0)
		return "unknown key";
	const char *s = value;
	int r = S_count(&s);
	int y = *s == ',' ? (s++, S_count(&s)) : -1;
	if (r < 0 || y < 0 || *s)
		return "hand must be two counts from 0 to 12, red's and yellow's: hand=5,4";
	if (r || y) /* hand=0,0 is what no hand says: dropped */
		tb_buf_printf(canon, "%d,%d", r, y);
	return NULL;
}

static const char *const S_extras[] = {"hand", NULL};

/* ORDER OPTION: rules_pitarra.c indexes these (spec/games/pitarra.md). */
static const tb_option S_options[] = {
	{"board", "24|25", "24 points, or 25 with a centre d4"},
	{"diagonals", "tercia|movement", "the corner diagonals make tercias, or only carry moves"},
	{"movement", "step|slide|fly", "a move is one step, a slide along a line, or a flight"},
	{"flying", "none|at3", "a player with three pieces flies"},
	{"protect", "none|tercia", "pieces in a tercia are safe while others are not"},
	{"capture", "mandatory|optional", "a tercia must take a piece, or may"},
	{"columpio", "free|no_return", "a piece coming straight back re-forms its tercia, or not"},
	{"blocked", "pass|lose", "a player who cannot move passes, or loses"},
	{"limit", "none|#", "N turns in a row without a capture end the game"},
	{NULL, NULL, NULL}
};

const tb_game tb_game_pitarra = {
	.name = "pitarra",
	.title = "La Pitarra",
	.side_tag = {"Red", "Yellow"},
	.side_letter = {'R', 'Y'},
	.side_name = {"Red", "Yellow"},
	.side_piece = {"a red piece", "a yellow piece"},
	.piece_class = {"red", "yellow"},
	.piece_types = "",
	.symmetries = 8, /* the squares, midpoint lines and diagonals look the
	                  * same from each side and in a mirror, as does the
	                  * empty start */
	.extra_keys = S_extras,
	.start = "R 1 R: Y: hand=12,12",
	.board = S_board,
	.parse_move = S_parse,
	.check_extra = S_check_extra,
	.options = S_options,
	.rules = &tb_rules_pitarra,
};
