/*
 * tests/games/tateti/game.c -- Tateti in the notation, and its
 * descriptor: the toy game of the tests (tateti.h).
 *
 * Board: the nine points a1..c3, joined along the ranks, the files and
 * the two diagonals. Tokens: a placement "b2", a step "a1-b1".
 */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "rules.h"

#include "tateti.h"

static const char *S_board(tb_board *b, const tb_opts *o)
{
	(void)o;
	memset(b, 0, sizeof *b);
	b->files = b->ranks = 3;
	for (int f = 0; f < 3; f++)
		for (int r = 0; r < 3; r++)
			b->valid[TB_PT(f, r)] = 1;
	return NULL;
}

extern const tb_game tb_game_tateti; /* below */

/* move -> point (('-' | '~') point)? ; "a1~b1" swaps with the piece on
 * b1 (its own part, S_parts) */
static int S_parse(tb_scan *sc, tb_move_builder *mb)
{
	tb_point p;
	if (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_AT, p))
		return -1;
	if (tb_scan_accept(sc, '-') &&
	    (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_STEP, p)))
		return -1;
	if (tb_scan_accept(sc, '~') &&
	    (tb_scan_point(sc, &p) ||
	     tb_mb_add(mb, sc, (tb_part_kind)tb_game_part_kind(&tb_game_tateti, TATETI_PART_SWAP), p)))
		return -1;
	return 0;
}

/* "hand=3,2": the pieces each side has still to place, 0 to 3. */
static const char *S_check_extra(const tb_board *b, const char *key, const char *value,
                                 tb_buf *canon)
{
	(void)b;
	if (strcmp(key, "hand") != 0)
		return "unknown key";
	if (strlen(value) != 3 || value[0] < '0' || value[0] > '3' || value[1] != ',' ||
	    value[2] < '0' || value[2] > '3')
		return "hand must be two counts from 0 to 3, the crosses' and the noughts': hand=3,2";
	if (strcmp(value, "0,0") != 0) /* what no hand says: dropped */
		tb_buf_puts(canon, value);
	return NULL;
}

static const char *const S_extras[] = {"hand", NULL};

/* Each option at its index (tateti.h), which the rules read it by. */
static const tb_option S_options[O_COUNT + 1] = {
	[O_MOVES] = {"moves", "step|fly|swap", "a piece steps along a line, or flies to any empty point, or steps or swaps with an enemy piece next to it"},
	[O_BLOCKED] = {"blocked", "lose|pass", "a player who cannot move loses, or passes"},
	[O_COUNT] = {NULL, NULL, NULL},
};

/* The names the rules read the values by (tateti.h), each with its text. */
static const tb_option_value S_values[] = {
	{O_MOVES, MOVES_STEP, "step"}, {O_MOVES, MOVES_FLY, "fly"}, {O_MOVES, MOVES_SWAP, "swap"},
	{O_BLOCKED, BLOCKED_LOSE, "lose"}, {O_BLOCKED, BLOCKED_PASS, "pass"},
	{0, 0, NULL}
};

static const tb_lang_entry S_en[] = {
	{"game.tateti", "Tateti"},
	{"side.tateti.0", "Crosses"},
	{"side.tateti.1", "Noughts"},
	{"win.tateti.0", "the crosses win"},
	{"win.tateti.1", "the noughts win"},
	/* why a turn is illegal (rules.c, S_explain; rules.h, tb_why) */
	{"whose.tateti.0", "the crosses'"},
	{"whose.tateti.1", "the noughts'"},
	{"piece.tateti.0", "a cross"},
	{"piece.tateti.1", "a nought"},
	{"why.tateti.over", "the game is over"},
	{"why.tateti.pass.0", "the crosses may not pass: they can move"},
	{"why.tateti.pass.1", "the noughts may not pass: they can move"},
	{"why.tateti.hand.0", "the crosses still have pieces to place"},
	{"why.tateti.hand.1", "the noughts still have pieces to place"},
	{"why.tateti.placed.0", "the crosses have placed their pieces: a turn moves one"},
	{"why.tateti.placed.1", "the noughts have placed their pieces: a turn moves one"},
	{"why.tateti.taken", "that point is taken"},
	{"why.tateti.none.0", "the crosses have no piece there"},
	{"why.tateti.none.1", "the noughts have no piece there"},
	{"why.tateti.step", "a piece steps to the next point along a line"},
	{"why.tateti.nofit", "no legal turn is written so"},
	{NULL, NULL}
};

static const tb_lang_entry S_es[] = {
	{"game.tateti", "Tatetí"},
	{"side.tateti.0", "Cruces"},
	{"side.tateti.1", "Círculos"},
	{"win.tateti.0", "ganan las cruces"},
	{"win.tateti.1", "ganan los círculos"},
	/* por qué una jugada no es legal (rules.c, S_explain; rules.h, tb_why) */
	{"whose.tateti.0", "las cruces"},
	{"whose.tateti.1", "los círculos"},
	{"piece.tateti.0", "una cruz"},
	{"piece.tateti.1", "un círculo"},
	{"why.tateti.over", "la partida ha terminado"},
	{"why.tateti.pass.0", "las cruces no pueden pasar: pueden mover"},
	{"why.tateti.pass.1", "los círculos no pueden pasar: pueden mover"},
	{"why.tateti.hand.0", "a las cruces aún les quedan fichas por colocar"},
	{"why.tateti.hand.1", "a los círculos aún les quedan fichas por colocar"},
	{"why.tateti.placed.0", "las cruces ya colocaron sus fichas: cada jugada mueve una"},
	{"why.tateti.placed.1", "los círculos ya colocaron sus fichas: cada jugada mueve una"},
	{"why.tateti.taken", "ese punto está ocupado"},
	{"why.tateti.none.0", "las cruces no tienen ficha ahí"},
	{"why.tateti.none.1", "los círculos no tienen ficha ahí"},
	{"why.tateti.step", "una ficha avanza al punto siguiente por una línea"},
	{"why.tateti.nofit", "ninguna jugada legal se escribe así"},
	{NULL, NULL}
};

static const tb_lang_entry S_ar[] = {
	{"game.tateti", "Tateti"},
	{"side.tateti.0", "Crosses"},
	{"side.tateti.1", "Noughts"},
	{"win.tateti.0", "Crosses"},
	{"win.tateti.1", "Noughts"},
	/* لماذا لا تجوز النقلة (rules.c, S_explain; rules.h, tb_why) */
	{"whose.tateti.0", "Crosses"},
	{"whose.tateti.1", "Noughts"},
	{"piece.tateti.0", "قطعة لـ Crosses"},
	{"piece.tateti.1", "قطعة لـ Noughts"},
	{"why.tateti.over", "انتهت اللعبة"},
	{"why.tateti.pass.0", "لا يجوز لـ Crosses أن يمرّروا دورهم: يستطيعون الحركة"},
	{"why.tateti.pass.1", "لا يجوز لـ Noughts أن يمرّروا دورهم: يستطيعون الحركة"},
	{"why.tateti.hand.0", "ما زالت لـ Crosses قطع لم توضع"},
	{"why.tateti.hand.1", "ما زالت لـ Noughts قطع لم توضع"},
	{"why.tateti.placed.0", "وضع Crosses قطعهم كلها: كل نقلة تحرّك قطعة واحدة"},
	{"why.tateti.placed.1", "وضع Noughts قطعهم كلها: كل نقلة تحرّك قطعة واحدة"},
	{"why.tateti.taken", "هذه النقطة مشغولة"},
	{"why.tateti.none.0", "لا قطعة لـ Crosses هناك"},
	{"why.tateti.none.1", "لا قطعة لـ Noughts هناك"},
	{"why.tateti.step", "تنتقل القطعة إلى النقطة التالية على خط"},
	{"why.tateti.nofit", "لا نقلة قانونية تُكتب هكذا"},
	{NULL, NULL}
};

static const tb_game_words S_words[] = {
	{"en", S_en},
	{"es", S_es},
	{"ar", S_ar},
	{NULL, NULL}
};

/* The centre on the text board: a mark its rules add (rules.c), an area
 * that shows its point as '=' while it is empty. */
static const tb_game_mark S_marks[] = {
	{"tateti-centre", '=', "the centre"},
	{NULL, 0, NULL}
};

/* Its own event (game.h, tb_game_event): a piece comes to the centre,
 * the point every line but two goes through. TATETI_EV_CENTRE is its
 * place here. */
/* Its own part (game.h, tb_game_part): "~", a piece swaps places with
 * the enemy piece on the point next to it (moves=swap), which goes to
 * where it was: a destination, and the piece goes there. */
static const tb_game_part S_parts[] = {
	[TATETI_PART_SWAP] = {"swap", '~', TB_PARTF_TO | TB_PARTF_MOVES},
	{NULL, 0, 0},
};

static const tb_game_event S_events[] = {
	[TATETI_EV_CENTRE] = {"centre", TB_EVF_POINT},
	{NULL, 0},
};

const tb_game tb_game_tateti = {
	.name = "tateti",
	.title = "Tateti",
	.side_tag = {"Crosses", "Noughts"},
	.side_letter = {'X', 'O'},
	.side_name = {"the crosses", "the noughts"},
	.side_piece = {"a cross", "a nought"},
	.piece_class = {"tateti-x", "tateti-o"},
	.piece_types = "",
	.symmetries = 8,
	.extra_keys = S_extras,
	.start = "X 1 X: O: hand=3,3",
	.board = S_board,
	.parse_move = S_parse,
	.check_extra = S_check_extra,
	.options = S_options,
	.rules = &tb_rules_tateti,
	.place = 200, /* after the real games: the default game stays theirs */
	.words = S_words,
	.marks = S_marks,
	.side_sgr = {"1;35", "1;36"},
	.css = {".piece.tateti-x{fill:#7b2d8e}.piece.tateti-o{fill:#e8f4f8}"
	        ".ghost.tateti-x{stroke:#7b2d8e}.ghost.tateti-o{stroke:#3a8fb7}"
	        ".tateti-centre{fill:#f0e6ff;stroke:#7b2d8e;stroke-width:0.4}",
	        ".piece.tateti-x{fill:#000}.piece.tateti-o{fill:#fff}"
	        ".tateti-centre{fill:#e6e6e6;stroke:#000;stroke-width:0.4}"},
	.noptions = O_COUNT,
	.value_names = S_values,
	.events = S_events,
	.parts = S_parts,
};
