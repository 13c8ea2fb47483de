/*
 * games/ocencahuac/game.c -- Ocencahuac in the notation.
 *
 * Board: five files a..e; each side's two rows of volcano points and,
 * between them, the river's cells (four by default, "river=5" or
 * "river=6" under other readings), so ranks 1..8 by default.
 * Pieces: E Emperor Nayar, M Princess Mololoa, P Prince, G Warrior
 * (guerrero). Tokens: step or slide "c2-c3"; jump "a2^a4", with the
 * jumped royal pieces pushed back ">a7" (">e4>c4" for two, in the order
 * they go) or one relocated "@b5" after each hop; capture "b4xd4"; "=" a royal piece reached the far end, "=="
 * a side's third.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "rules.h"

#include "ocencahuac.h"

static const char *S_board(tb_board *b, const tb_opts *o)
{
	memset(b, 0, sizeof *b);
	const char *v = tb_opts_get(o, "river");
	int river = 4;
	if (v && strlen(v) == 1 && v[0] >= '4' && v[0] <= '6')
		river = v[0] - '0';
	else if (v)
		return "river must be 4, 5 or 6";
	b->files = 5;
	b->ranks = (uint8_t)(4 + river);
	for (int r = 0; r < b->ranks; r++)
		for (int f = 0; f < 5; f++)
			b->valid[TB_PT(f, r)] = 1;
	return NULL;
}

/* move -> point ('-' point | 'x' point | ('^' point ('@' point | ('>' point)*))+) '='{0,2} */
static int S_parse(tb_scan *sc, tb_move_builder *mb)
{
	tb_point p;
	if (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_AT, p))
		return -1;
	if (tb_scan_accept(sc, '-')) {
		if (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_STEP, p))
			return -1;
	} else if (tb_scan_accept(sc, 'x')) {
		if (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_CAPTURE, p))
			return -1;
	} else if (sc->i < sc->n && sc->s[sc->i] == '^') {
		while (tb_scan_accept(sc, '^')) {
			if (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_HOP, p))
				return -1;
			if (tb_scan_accept(sc, '@')) {
				if (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_RELOCATE, p))
					return -1;
			} else
				while (tb_scan_accept(sc, '>')) /* one for each piece pushed back */
					if (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_PUSH, p))
						return -1;
		}
	} else {
		return tb_scan_fail(sc, sc->i >= sc->n
		                            ? "a turn needs a step (c2-c3), a jump (a2^a4) or a capture (b4xd4)"
		                            : "expected '-', '^' or 'x' here");
	}
	while (mb->crown < 2 && tb_scan_accept(sc, '='))
		mb->crown++;
	return 0;
}

/* Points in canonical order: by rank, then file. */
static int S_point_cmp(tb_point a, tb_point b)
{
	return TB_PT_RANK(a) != TB_PT_RANK(b) ? TB_PT_RANK(a) - TB_PT_RANK(b)
	                                      : TB_PT_FILE(a) - TB_PT_FILE(b);
}

/* "cool=c5" or "cool=c5,d6,...": the pieces pushed back that may not
 * push back yet, written in canonical order, each once. */
static const char *S_check_extra(const tb_board *b, const char *key,
                                 const char *value, tb_buf *canon)
{
	if (strcmp(key, "quiet") == 0)
		return tb_extra_quiet(value, canon);
	if (strcmp(key, "cool") != 0)
		return "unknown key";
	enum { MAX_COOL = 12 }; /* every piece on the board */
	tb_point pts[MAX_COOL];
	size_t n = 0;
	for (const char *v = value;; v++) {
		size_t len = strcspn(v, ",");
		char one[8];
		tb_buf c = TB_BUF_SOFT;
		snprintf(one, sizeof one, "%.*s", (int)(len < 7 ? len : 7), v);
		int ok = len <= 3 && n < MAX_COOL && tb_is_point(b, one, &c);
		if (!tb_buf_ok(&c)) { /* out of memory: 'canon' says so */
			tb_buf_free(&c);
			tb_buf_fail(canon);
			return NULL;
		}
		if (ok) /* c holds the point's canonical spelling */
			pts[n++] = TB_PT(c.data[0] - 'a', atoi(c.data + 1) - 1);
		tb_buf_free(&c);
		if (!ok)
			return "cool must name the points of the pieces pushed back that may not push "
			       "back yet: cool=c5 or cool=c5,d6";
		v += len;
		if (!*v)
			break;
	}
	for (size_t i = 1; i < n; i++) /* insertion sort: a handful of points */
		for (size_t j = i; j > 0 && S_point_cmp(pts[j - 1], pts[j]) >= 0; j--) {
			if (pts[j - 1] == pts[j])
				return "cool names the same point twice";
			tb_point t = pts[j];
			pts[j] = pts[j - 1];
			pts[j - 1] = t;
		}
	for (size_t i = 0; i < n; i++) {
		if (i)
			tb_buf_putc(canon, ',');
		tb_point_write(canon, pts[i]);
	}
	return NULL;
}

static const char *const S_extras[] = {"cool", "quiet", NULL};

/* A second-stage royal piece lands on the Warrior it takes. */
static tb_point S_captured(tb_point from, tb_point to)
{
	(void)from;
	return to;
}

/* The readings of spec/games/ocencahuac.md, the default first,
 * each at its index (ocencahuac.h), which the rules read it by. */
static const tb_option S_options[O_COUNT + 1] = {
	[O_RIVER] = {"river", "4|5|6", "rows of river cells between the volcano rows"},
	[O_FIRST] = {"first", "sanganguey|ceboruco", "who moves first"},
	[O_PRINCE] = {"prince", "leap|step|knight",
	 "the Prince before its side's second stage: its L only, steps and jumps, or its L and jumps"},
	[O_JUMP] = {"jump", "line|one", "a jump passes a run of pieces (blocks excepted), or one piece"},
	[O_CHAIN] = {"chain", "no|yes", "one jump a turn, or several by the same piece"},
	[O_PUSH_TARGET] = {"push_target", "royal|enemy", "which jumped enemy pieces are pushed back"},
	[O_PUSH_DIR] = {"push_dir", "home|jump", "a piece jumped along its file goes home-wards, or the jump's way"},
	[O_PUSH_SIDE] = {"push_side", "jump|opposite", "a piece jumped along its rank goes the jump's way, or back"},
	[O_PUSH_DIST] = {"push_dist", "farthest3|exactly3|stop", "how far a pushed piece goes"},
	[O_PUSH_SIDEWAYS] = {"push_sideways", "penultimate|no_cell|never",
	 "a pushed piece goes sideways when jumped on its penultimate row, when no cell is left "
	 "behind it, or never"},
	[O_COOLDOWN] = {"cooldown", "next_turn|next_move", "how long a pushed piece may not push back"},
	[O_CROWN] = {"crown", "each|all_three", "each royal piece crowned on the far row, or the three at once"},
	[O_CROWNED_MOVE] = {"crowned_move", "new_plus_old|new", "second-stage royal pieces move also as before, or only anew"},
	[O_RELOCATE] = {"relocate", "around|orthogonal", "where a royal piece jumped for relief is put"},
	[O_RELIEF] = {"relief", "frees|threatened", "a relief jump must free the Warrior, or needs only the threat"},
	[O_SUPPORT] = {"support", "none|target|capturer", "which Warrior must stand next to a capture"},
	[O_STAGE2_PUSH] = {"stage2_push", "off|on", "second-stage royal pieces jumped only for relief, or pushed back too"},
	[O_BLOCKED] = {"blocked", "pass|lose", "a player who cannot move passes, or loses"},
	[O_LIMIT] = {"limit", "none|200|#", "N turns in a row without a capture or a crowning end the game"},
	[O_END_RESULT] = {"end_result", "captures|draw", "a game ended by the limit or by no moves: more captures win, or a draw"},
	[O_COUNT] = {NULL, NULL, NULL}
};

/* The names the rules read the values by (ocencahuac.h), each with its
 * text: tests/unit/test_games.c checks each is at its place. */
static const tb_option_value S_values[] = {
	{O_RIVER, RIVER_4, "4"}, {O_RIVER, RIVER_5, "5"}, {O_RIVER, RIVER_6, "6"},
	{O_FIRST, FIRST_SANGANGUEY, "sanganguey"}, {O_FIRST, FIRST_CEBORUCO, "ceboruco"},
	{O_PRINCE, PRINCE_LEAP, "leap"}, {O_PRINCE, PRINCE_STEP, "step"},
	{O_PRINCE, PRINCE_KNIGHT, "knight"},
	{O_JUMP, JUMP_LINE, "line"}, {O_JUMP, JUMP_ONE, "one"},
	{O_CHAIN, CHAIN_NO, "no"}, {O_CHAIN, CHAIN_YES, "yes"},
	{O_PUSH_TARGET, TARGET_ROYAL, "royal"}, {O_PUSH_TARGET, TARGET_ENEMY, "enemy"},
	{O_PUSH_DIR, DIR_HOME, "home"}, {O_PUSH_DIR, DIR_JUMP, "jump"},
	{O_PUSH_SIDE, SIDE_JUMP, "jump"}, {O_PUSH_SIDE, SIDE_OPPOSITE, "opposite"},
	{O_PUSH_DIST, DIST_FARTHEST3, "farthest3"}, {O_PUSH_DIST, DIST_EXACTLY3, "exactly3"},
	{O_PUSH_DIST, DIST_STOP, "stop"},
	{O_PUSH_SIDEWAYS, SIDEWAYS_PENULTIMATE, "penultimate"},
	{O_PUSH_SIDEWAYS, SIDEWAYS_NO_CELL, "no_cell"}, {O_PUSH_SIDEWAYS, SIDEWAYS_NEVER, "never"},
	{O_COOLDOWN, COOL_NEXT_TURN, "next_turn"}, {O_COOLDOWN, COOL_NEXT_MOVE, "next_move"},
	{O_CROWN, CROWN_EACH, "each"}, {O_CROWN, CROWN_ALL_THREE, "all_three"},
	{O_CROWNED_MOVE, MOVE_NEW_PLUS_OLD, "new_plus_old"}, {O_CROWNED_MOVE, MOVE_NEW, "new"},
	{O_RELOCATE, AROUND, "around"}, {O_RELOCATE, ORTHOGONAL, "orthogonal"},
	{O_RELIEF, RELIEF_FREES, "frees"}, {O_RELIEF, RELIEF_THREATENED, "threatened"},
	{O_SUPPORT, SUPPORT_NONE, "none"}, {O_SUPPORT, SUPPORT_TARGET, "target"},
	{O_SUPPORT, SUPPORT_CAPTURER, "capturer"},
	{O_STAGE2_PUSH, STAGE2_PUSH_OFF, "off"}, {O_STAGE2_PUSH, STAGE2_PUSH_ON, "on"},
	{O_BLOCKED, BLOCKED_PASS, "pass"}, {O_BLOCKED, BLOCKED_LOSE, "lose"},
	{O_LIMIT, LIMIT_NONE, "none"}, {O_LIMIT, LIMIT_200, "200"}, {O_LIMIT, LIMIT_N, "#"},
	{O_END_RESULT, END_CAPTURES, "captures"}, {O_END_RESULT, END_DRAW, "draw"},
	{0, 0, NULL}
};

/* ORDER: spec/games/ocencahuac.md, "Reading the source". */
static const tb_option_rename S_renames[] = {
	{"push_fallback", "sideways", "push_sideways", "no_cell"},
	{"push_fallback", "none", "push_sideways", "never"},
	{NULL, NULL, NULL, NULL}
};

static const tb_option_was S_was[] = {
	{"prince", "step", "0.1"},
	{"jump", "one", "0.1"},
	{"push_sideways", "no_cell", "0.1"},
	{"crowned_move", "new", "0.1"},
	{"relief", "threatened", "0.1"},
	{"limit", "200", "0.5"},
	{NULL, NULL, NULL}
};

/* Its words (game.h). The crowned pieces as the text names them
 * ("convertirla en Príncipe Sangangüey y Ceboruco en Águila o Emperador
 * Nayar en Tigre"), and a caption's line for them. No Arabic source
 * names Ocencahuac or its sides: they keep their own names, in Latin
 * letters. */
static const tb_lang_entry S_en[] = {
	{"game.ocencahuac", "Ocencahuac"},
	{"side.ocencahuac.0", "Sangangüey"},
	{"side.ocencahuac.1", "Ceboruco"},
	{"crowned.ocencahuac.P", "Eagle (Águila)"},
	{"crowned.ocencahuac.E", "Tiger (Tigre)"},
	{"caption.crowned.ocencahuac", "Crowned, the Prince is the Eagle (Águila), the Emperor the Tiger (Tigre)"},
	{"win.ocencahuac.0", "Sangangüey wins"},
	{"win.ocencahuac.1", "Ceboruco wins"},
	/* why the game is over (rules.c, S_ending; rules.h, tb_ending) */
	{"end.ocencahuac.warriors.0", "Sangangüey has no Warriors left"},
	{"end.ocencahuac.warriors.1", "Ceboruco has no Warriors left"},
	{"end.ocencahuac.limit_crown.one", "{1} turn without a capture or a crowning"},
	{"end.ocencahuac.limit_crown.other", "{1} turns without a capture or a crowning"},
	{"end.ocencahuac.limit_stage.one", "{1} turn without a capture or a second stage beginning"},
	{"end.ocencahuac.limit_stage.other", "{1} turns without a capture or a second stage beginning"},
	{"end.ocencahuac.blocked.0", "Sangangüey cannot move and loses"},
	{"end.ocencahuac.blocked.1", "Ceboruco cannot move and loses"},
	{"end.ocencahuac.stuck", "neither side can move"},
	/* the text board's key (textboard.c) */
	{"mark.ocencahuac.volcano", "the volcano rows"},
	{"mark.ocencahuac.river-line", "the river's lines"},
	{NULL, NULL}
};

static const tb_lang_entry S_es[] = {
	{"game.ocencahuac", "Ocencahuac"},
	{"side.ocencahuac.0", "Sangangüey"},
	{"side.ocencahuac.1", "Ceboruco"},
	{"crowned.ocencahuac.P", "Águila"},
	{"crowned.ocencahuac.E", "Tigre"},
	{"caption.crowned.ocencahuac", "Coronados, el Príncipe es el Águila; el Emperador, el Tigre"},
	{"win.ocencahuac.0", "gana Sangangüey"},
	{"win.ocencahuac.1", "gana Ceboruco"},
	/* why the game is over (rules.c, S_ending; rules.h, tb_ending) */
	{"end.ocencahuac.warriors.0", "Sangangüey se quedó sin guerreros"},
	{"end.ocencahuac.warriors.1", "Ceboruco se quedó sin guerreros"},
	{"end.ocencahuac.limit_crown.one", "{1} jugada sin captura ni coronación"},
	{"end.ocencahuac.limit_crown.other", "{1} jugadas sin captura ni coronación"},
	{"end.ocencahuac.limit_stage.one", "{1} jugada sin captura ni comienzo de la segunda etapa"},
	{"end.ocencahuac.limit_stage.other", "{1} jugadas sin captura ni comienzo de la segunda etapa"},
	{"end.ocencahuac.blocked.0", "Sangangüey no puede mover y pierde"},
	{"end.ocencahuac.blocked.1", "Ceboruco no puede mover y pierde"},
	{"end.ocencahuac.stuck", "ningún bando puede mover"},
	/* the text board's key (textboard.c) */
	{"mark.ocencahuac.volcano", "las filas de los volcanes"},
	{"mark.ocencahuac.river-line", "las líneas del río"},
	{NULL, NULL}
};

static const tb_lang_entry S_ar[] = {
	{"game.ocencahuac", "Ocencahuac"},
	{"side.ocencahuac.0", "Sangangüey"},
	{"side.ocencahuac.1", "Ceboruco"},
	{"crowned.ocencahuac.P", "Águila"},
	{"crowned.ocencahuac.E", "Tigre"},
	{"caption.crowned.ocencahuac", "الأمير المتوَّج هو Águila، والإمبراطور المتوَّج هو Tigre"},
	{"win.ocencahuac.0", "فاز Sangangüey"},
	{"win.ocencahuac.1", "فاز Ceboruco"},
	/* why the game is over (rules.c, S_ending; rules.h, tb_ending) */
	{"end.ocencahuac.warriors.0", "لم يبقَ لـ Sangangüey أي محارب"},
	{"end.ocencahuac.warriors.1", "لم يبقَ لـ Ceboruco أي محارب"},
	{"end.ocencahuac.limit_crown.one", "نقلة واحدة دون أسر ولا تتويج"},
	{"end.ocencahuac.limit_crown.two", "نقلتان دون أسر ولا تتويج"},
	{"end.ocencahuac.limit_crown.few", "{1} نقلات دون أسر ولا تتويج"},
	{"end.ocencahuac.limit_crown.other", "{1} نقلة دون أسر ولا تتويج"},
	{"end.ocencahuac.limit_stage.one", "نقلة واحدة دون أسر ولا بدء المرحلة الثانية"},
	{"end.ocencahuac.limit_stage.two", "نقلتان دون أسر ولا بدء المرحلة الثانية"},
	{"end.ocencahuac.limit_stage.few", "{1} نقلات دون أسر ولا بدء المرحلة الثانية"},
	{"end.ocencahuac.limit_stage.other", "{1} نقلة دون أسر ولا بدء المرحلة الثانية"},
	{"end.ocencahuac.blocked.0", "لا يستطيع Sangangüey أن يتحرك فيخسر"},
	{"end.ocencahuac.blocked.1", "لا يستطيع Ceboruco أن يتحرك فيخسر"},
	{"end.ocencahuac.stuck", "لا يستطيع أي من الطرفين أن يتحرك"},
	/* the text board's key (textboard.c) */
	{"mark.ocencahuac.volcano", "صفوف البركانين"},
	{"mark.ocencahuac.river-line", "خطوط النهر"},
	{NULL, NULL}
};

static const tb_game_words S_words[] = {
	{"en", S_en},
	{"es", S_es},
	{"ar", S_ar},
	{NULL, NULL}
};

/* The volcano rows and the river on the text board (the diagrams style
 * their classes). */
static const tb_game_mark S_marks[] = {
	{"volcano", ':', "the volcano rows"},
	{"river-line", '~', "the river's lines"},
	{NULL, 0, NULL}
};

const tb_game tb_game_ocencahuac = {
	.name = "ocencahuac",
	.title = "Ocencahuac",
	.side_tag = {"Sanganguey", "Ceboruco"},
	.side_letter = {'S', 'C'},
	.side_name = {"Sangangüey", "Ceboruco"},
	.side_piece = {"a Sangangüey piece", "a Ceboruco piece"},
	.piece_class = {"dark", "light"},
	.piece_types = "EMPG",
	.symmetries = 1, /* the start is not: the Emperor and the Princess stand
	                  * on a1 and b1, not mirrored */
	.extra_keys = S_extras,
	.start = "S 1 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gc2 C:Gc7,Gd7,Ge7,Pc8,Md8,Ee8",
	.board = S_board,
	.parse_move = S_parse,
	.check_extra = S_check_extra,
	.options = S_options,
	.renames = S_renames,
	.was = S_was,
	.captured = S_captured,
	.rules = &tb_rules_ocencahuac,
	.place = 3,
	.words = S_words,
	.marks = S_marks,
	.side_sgr = {"1;7", "1"},
	.noptions = O_COUNT,
	.value_names = S_values,
};
