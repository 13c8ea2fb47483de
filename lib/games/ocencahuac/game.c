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

/* move -> point ('-' point | 'x' point | ('^' point ('@' point | ('>' point)*))+) '='{0,2}
 * (kept out of S_parse: its registers are saved only for the tokens
 * S_parse's plain step leaves) */
static __attribute__((noinline)) int S_grammar(tb_scan *sc, tb_move_builder *mb)
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

/* A step or slide "c2-c3" that is the whole token -- most of a record's
 * -- read at once (tb_scan_step) into the two parts the grammar makes
 * of it; any other token goes to the grammar. */
static int S_parse(tb_scan *sc, tb_move_builder *mb)
{
	tb_point from, to;
	if (mb->n + 2 > TB_MAX_PARTS || !tb_scan_step(sc, &from, &to))
		return S_grammar(sc, mb);
	mb->parts[mb->n++] = (tb_part){TB_PART_AT, from};
	mb->parts[mb->n++] = (tb_part){TB_PART_STEP, to};
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
	/* why a turn is illegal (rules.c, S_explain; rules.h, tb_why) */
	{"whose.ocencahuac.0", "Sangangüey's"},
	{"whose.ocencahuac.1", "Ceboruco's"},
	{"piece.ocencahuac.0", "a Sangangüey piece"},
	{"piece.ocencahuac.1", "a Ceboruco piece"},
	{"who.ocencahuac.0", "the Emperor on {1}"},
	{"who.ocencahuac.1", "the Princess on {1}"},
	{"who.ocencahuac.2", "the Prince on {1}"},
	{"who.ocencahuac.3", "the Warrior on {1}"},
	{"near.ocencahuac.next", "next to"},
	{"near.ocencahuac.around", "around"},
	{"crowned_self.ocencahuac.0", "the Emperor reaches the far row and is crowned, the Tiger (Tigre)"},
	{"crowned_self.ocencahuac.1", "the Princess reaches the far row and is crowned"},
	{"crowned_self.ocencahuac.2", "the Prince reaches the far row and is crowned, the Eagle (Águila)"},
	{"crowned_self.ocencahuac.3", "the Warrior reaches the far row and is crowned"},
	{"crowned_other.ocencahuac.0", "{1}'s Emperor on {2} is crowned, the Tiger (Tigre)"},
	{"crowned_other.ocencahuac.1", "{1}'s Princess on {2} is crowned"},
	{"crowned_other.ocencahuac.2", "{1}'s Prince on {2} is crowned, the Eagle (Águila)"},
	{"crowned_other.ocencahuac.3", "{1}'s Warrior on {2} is crowned"},
	{"why.ocencahuac.prince_l", "the Prince moves two and one, in an L like a knight (prince={1})"},
	{"why.ocencahuac.prince_stage2.0", "in the second stage the Prince moves as a knight (crowned_move=new)"},
	{"why.ocencahuac.prince_stage2.1", "in the second stage the Prince moves as a knight or steps one cell (crowned_move=new_plus_old)"},
	{"why.ocencahuac.slide_diagonal.0", "the Emperor slides along a rank or a file, not diagonally"},
	{"why.ocencahuac.slide_diagonal.1", "the Princess slides along a rank or a file, not diagonally"},
	{"why.ocencahuac.slide_over", "the slide passes over {1}, which is occupied"},
	{"why.ocencahuac.prince_stage", "the Prince moves as a knight only in its side's second stage (prince=step)"},
	{"why.ocencahuac.diagonal", "steps and jumps go along a rank or a file, not diagonally"},
	{"why.ocencahuac.slide_stage.0.one", "the Emperor slides only in its side's second stage ({1} has {2} crowned royal piece)"},
	{"why.ocencahuac.slide_stage.0.other", "the Emperor slides only in its side's second stage ({1} has {2} crowned royal pieces)"},
	{"why.ocencahuac.slide_stage.1.one", "the Princess slides only in its side's second stage ({1} has {2} crowned royal piece)"},
	{"why.ocencahuac.slide_stage.1.other", "the Princess slides only in its side's second stage ({1} has {2} crowned royal pieces)"},
	{"why.ocencahuac.adjacent.2", "{1} and {2} are not adjacent: the Prince steps one cell"},
	{"why.ocencahuac.adjacent.3", "{1} and {2} are not adjacent: a Warrior steps one cell"},
	{"why.ocencahuac.write_x", "{1} holds a {2} Warrior: a capture is written with 'x' ({3})"},
	{"why.ocencahuac.capture_stage.one", "captures begin with the side's second stage ({1} has {2} crowned royal piece)"},
	{"why.ocencahuac.capture_stage.other", "captures begin with the side's second stage ({1} has {2} crowned royal pieces)"},
	{"why.ocencahuac.warriors", "Warriors do not capture"},
	{"why.ocencahuac.nothing", "{1} is empty: there is nothing to capture"},
	{"why.ocencahuac.own", "{1} holds a {2} piece: a side does not capture its own"},
	{"why.ocencahuac.royal", "{1} holds a royal piece: royal pieces do not capture one another"},
	{"why.ocencahuac.prince_capture", "the Prince captures by a knight's move, and {1}-{2} is not one"},
	{"why.ocencahuac.princess_rank", "the Princess captures along her rank"},
	{"why.ocencahuac.princess_vertical", "the Princess cannot capture vertically"},
	{"why.ocencahuac.emperor_file", "the Emperor captures along his file"},
	{"why.ocencahuac.emperor_horizontal", "the Emperor cannot capture horizontally"},
	{"why.ocencahuac.capture_over", "the capture passes over {1}, which is occupied"},
	{"why.ocencahuac.support_target", "no {1} Warrior stands next to {2} to support the capture (support=target)"},
	{"why.ocencahuac.support_capturer", "no {1} Warrior stands next to {2} to support the capture (support=capturer)"},
	{"why.ocencahuac.hop_adjacent", "{1} and {2} are adjacent: a jump passes over a piece"},
	{"why.ocencahuac.hop_same", "{1} and {2} are the same cell: a jump passes over a piece"},
	{"why.ocencahuac.hop_empty", "{1} is empty: there is no piece to jump"},
	{"why.ocencahuac.hop_first", "{1} is empty: a jump lands on the first empty cell"},
	{"why.ocencahuac.jump_one", "a jump passes one piece and lands just beyond it (jump=one)"},
	{"why.ocencahuac.come_back", "a chain may not come back to {1}, where the piece has already stood"},
	{"why.ocencahuac.block", "{1} and {2} are two {3} pieces in one file, a block: {4} cannot jump them (jump=line)"},
	{"why.ocencahuac.run_royal", "a jump over a run of pieces never passes a second-stage royal piece that is not pushed back (jump=line)"},
	{"why.ocencahuac.no_threat_push", "{1} threatens no {2} Warrior: it is not relocated but pushed back (stage2_push=on)"},
	{"why.ocencahuac.no_threat", "{1} threatens no {2} Warrior, so it may not be jumped"},
	{"why.ocencahuac.no_cell_push", "no empty cell {1} {2} is left to relocate {3}: jumped, it is pushed back (stage2_push=on)"},
	{"why.ocencahuac.frees_none", "from every empty cell {1} {2}, {3} would still threaten a {4} Warrior: the jump would free none, so it may not be made (relief=frees)"},
	{"why.ocencahuac.no_cell", "no empty cell {1} {2} is left for {3}, so it may not be jumped"},
	{"why.ocencahuac.relocated", "a second-stage royal piece is relocated, not pushed back (stage2_push=off)"},
	{"why.ocencahuac.relief_only", "{1} is in {2}'s second stage: it may be jumped only to free a threatened Warrior, and is then relocated: write where (@…)"},
	{"why.ocencahuac.must_leave", "{1} must leave {2}"},
	{"why.ocencahuac.still_threat", "on {1}, {2} would still threaten a {3} Warrior: a relief jump must free it (relief=frees)"},
	{"why.ocencahuac.not_near.0", "{1} is not {2} {3}, where the jumper landed"},
	{"why.ocencahuac.not_near.1", "{1} is not {2} {3}, where the jumper landed (relocate=orthogonal)"},
	{"why.ocencahuac.cool_turn", "{1} was pushed back last turn and may not push back this turn"},
	{"why.ocencahuac.cool_move", "{1} was pushed back and has not moved since: it may not push back yet (cooldown=next_move)"},
	{"why.ocencahuac.pushes", "{1} are pushed back one after the other, the one farthest along the way they go first, each as the rules send it (one '>' for each that moves): write {2}"},
	{"why.ocencahuac.hop_alone", "the hop without them"},
	{"why.ocencahuac.pushed", "{1} is pushed back: write where ({2})"},
	{"why.ocencahuac.push_warrior", "{1} holds a Warrior: only royal pieces are pushed back (push_target=royal)"},
	{"why.ocencahuac.push_own", "{1} is {2}'s own piece: only enemy pieces are pushed back"},
	{"why.ocencahuac.stays", "{1} has nowhere to go and stays where it is: write {2}"},
	{"why.ocencahuac.penultimate", "{1} is jumped on its penultimate row, so it goes sideways to the first empty cell of rank {2} (push_sideways=penultimate): write {3}"},
	{"why.ocencahuac.sideways.0", "{1} has no cell the way it is pushed, so it goes sideways to the nearest empty cell of rank {2}: write {3}"},
	{"why.ocencahuac.sideways.1", "{1} has no cell towards its home row, so it goes sideways to the nearest empty cell of rank {2}: write {3}"},
	{"why.ocencahuac.push_to.0", "{1} is pushed back to {2}, the farthest empty of {3}, not {4}: write {5}"},
	{"why.ocencahuac.push_to.1", "{1} is pushed back to {2}, the third cell of {3}, not {4}: write {5}"},
	{"why.ocencahuac.push_to.2", "{1} is pushed back to {2}, the last empty cell before a piece in {3}, not {4}: write {5}"},
	{"why.ocencahuac.prince_leap", "the Prince does not jump: it moves two and one, in an L like a knight (prince=leap)"},
	{"why.ocencahuac.one_jump", "one jump a turn (chain=no)"},
	{"why.ocencahuac.relocation", "a relocation follows only a relief jump over a second-stage royal piece"},
	{"why.ocencahuac.relief_where.0", "the Emperor jumps only to free a threatened Warrior, as here: write where {1} goes (@…)"},
	{"why.ocencahuac.relief_where.1", "the Princess jumps only to free a threatened Warrior, as here: write where {1} goes (@…)"},
	{"why.ocencahuac.relief_where.2", "the Prince jumps only to free a threatened Warrior, as here: write where {1} goes (@…)"},
	{"why.ocencahuac.relief_new.0", "in the second stage the Emperor slides (crowned_move=new): it jumps only to free a threatened Warrior"},
	{"why.ocencahuac.relief_new.1", "in the second stage the Princess slides (crowned_move=new): it jumps only to free a threatened Warrior"},
	{"why.ocencahuac.relief_new.2", "in the second stage the Prince moves as a knight (crowned_move=new): it jumps only to free a threatened Warrior"},
	{"why.ocencahuac.crowns_none", "this turn crowns no royal piece"},
	{"why.ocencahuac.crown_third", "{1}, {2}'s third crowned royal piece: its second stage begins: write {3}"},
	{"why.ocencahuac.crown_not_third.one", "{1}, but {2}'s second stage does not begin ({3} crowned royal piece of 3): write {4}"},
	{"why.ocencahuac.crown_not_third.other", "{1}, but {2}'s second stage does not begin ({3} crowned royal pieces of 3): write {4}"},
	{"why.ocencahuac.crown_write", "{1}: write {2}"},
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
	/* por qué una jugada no es legal (rules.c, S_explain; rules.h, tb_why) */
	{"whose.ocencahuac.0", "Sangangüey"},
	{"whose.ocencahuac.1", "Ceboruco"},
	{"piece.ocencahuac.0", "una pieza de Sangangüey"},
	{"piece.ocencahuac.1", "una pieza de Ceboruco"},
	{"who.ocencahuac.0", "el Emperador de {1}"},
	{"who.ocencahuac.1", "la Princesa de {1}"},
	{"who.ocencahuac.2", "el Príncipe de {1}"},
	{"who.ocencahuac.3", "el Guerrero de {1}"},
	{"near.ocencahuac.next", "junto a"},
	{"near.ocencahuac.around", "alrededor de"},
	{"crowned_self.ocencahuac.0", "el Emperador llega a la última fila y se corona: es el Tigre"},
	{"crowned_self.ocencahuac.1", "la Princesa llega a la última fila y se corona"},
	{"crowned_self.ocencahuac.2", "el Príncipe llega a la última fila y se corona: es el Águila"},
	{"crowned_self.ocencahuac.3", "el Guerrero llega a la última fila y se corona"},
	{"crowned_other.ocencahuac.0", "se corona el Emperador de {1} en {2}: es el Tigre"},
	{"crowned_other.ocencahuac.1", "se corona la Princesa de {1} en {2}"},
	{"crowned_other.ocencahuac.2", "se corona el Príncipe de {1} en {2}: es el Águila"},
	{"crowned_other.ocencahuac.3", "se corona el Guerrero de {1} en {2}"},
	{"why.ocencahuac.prince_l", "el Príncipe mueve dos y una, en L como el caballo (prince={1})"},
	{"why.ocencahuac.prince_stage2.0", "en la segunda etapa el Príncipe mueve como el caballo (crowned_move=new)"},
	{"why.ocencahuac.prince_stage2.1", "en la segunda etapa el Príncipe mueve como el caballo o avanza una casilla (crowned_move=new_plus_old)"},
	{"why.ocencahuac.slide_diagonal.0", "el Emperador se desliza por una fila o una columna, no en diagonal"},
	{"why.ocencahuac.slide_diagonal.1", "la Princesa se desliza por una fila o una columna, no en diagonal"},
	{"why.ocencahuac.slide_over", "la pieza que se desliza pasa por {1}, que está ocupada"},
	{"why.ocencahuac.prince_stage", "el Príncipe mueve como el caballo solo en la segunda etapa de su bando (prince=step)"},
	{"why.ocencahuac.diagonal", "los pasos y los saltos van por una fila o una columna, no en diagonal"},
	{"why.ocencahuac.slide_stage.0.one", "el Emperador se desliza solo en la segunda etapa de su bando ({1} tiene {2} pieza real coronada)"},
	{"why.ocencahuac.slide_stage.0.other", "el Emperador se desliza solo en la segunda etapa de su bando ({1} tiene {2} piezas reales coronadas)"},
	{"why.ocencahuac.slide_stage.1.one", "la Princesa se desliza solo en la segunda etapa de su bando ({1} tiene {2} pieza real coronada)"},
	{"why.ocencahuac.slide_stage.1.other", "la Princesa se desliza solo en la segunda etapa de su bando ({1} tiene {2} piezas reales coronadas)"},
	{"why.ocencahuac.adjacent.2", "{1} y {2} no son vecinas: el Príncipe avanza una casilla"},
	{"why.ocencahuac.adjacent.3", "{1} y {2} no son vecinas: un Guerrero avanza una casilla"},
	{"why.ocencahuac.write_x", "en {1} hay un Guerrero de {2}: una captura se escribe con 'x' ({3})"},
	{"why.ocencahuac.capture_stage.one", "las capturas empiezan con la segunda etapa del bando ({1} tiene {2} pieza real coronada)"},
	{"why.ocencahuac.capture_stage.other", "las capturas empiezan con la segunda etapa del bando ({1} tiene {2} piezas reales coronadas)"},
	{"why.ocencahuac.warriors", "los Guerreros no capturan"},
	{"why.ocencahuac.nothing", "no hay nada en {1}: no hay qué capturar"},
	{"why.ocencahuac.own", "en {1} hay una pieza de {2}: un bando no captura las suyas"},
	{"why.ocencahuac.royal", "en {1} hay una pieza real: las piezas reales no se capturan entre sí"},
	{"why.ocencahuac.prince_capture", "el Príncipe captura con el salto del caballo, y {1}-{2} no lo es"},
	{"why.ocencahuac.princess_rank", "la Princesa captura a lo largo de su fila"},
	{"why.ocencahuac.princess_vertical", "la Princesa no puede capturar en vertical"},
	{"why.ocencahuac.emperor_file", "el Emperador captura a lo largo de su columna"},
	{"why.ocencahuac.emperor_horizontal", "el Emperador no puede capturar en horizontal"},
	{"why.ocencahuac.capture_over", "la captura pasa por {1}, que está ocupada"},
	{"why.ocencahuac.support_target", "ningún Guerrero de {1} está junto a {2} para apoyar la captura (support=target)"},
	{"why.ocencahuac.support_capturer", "ningún Guerrero de {1} está junto a {2} para apoyar la captura (support=capturer)"},
	{"why.ocencahuac.hop_adjacent", "{1} y {2} son vecinas: un salto pasa sobre una pieza"},
	{"why.ocencahuac.hop_same", "{1} y {2} son la misma casilla: un salto pasa sobre una pieza"},
	{"why.ocencahuac.hop_empty", "no hay nada en {1}: no hay pieza que saltar"},
	{"why.ocencahuac.hop_first", "no hay nada en {1}: un salto cae en la primera casilla vacía"},
	{"why.ocencahuac.jump_one", "un salto pasa sobre una pieza y cae justo detrás de ella (jump=one)"},
	{"why.ocencahuac.come_back", "una cadena no puede volver a {1}, donde la pieza ya estuvo"},
	{"why.ocencahuac.block", "{1} y {2} son dos piezas de {3} en una misma columna, un bloque: {4} no puede saltarlas (jump=line)"},
	{"why.ocencahuac.run_royal", "un salto sobre una hilera de piezas nunca pasa sobre una pieza real de segunda etapa que no retrocede (jump=line)"},
	{"why.ocencahuac.no_threat_push", "{1} no amenaza a ningún Guerrero de {2}: no se reubica, retrocede (stage2_push=on)"},
	{"why.ocencahuac.no_threat", "{1} no amenaza a ningún Guerrero de {2}: no se le puede saltar"},
	{"why.ocencahuac.no_cell_push", "no queda ninguna casilla vacía {1} {2} para reubicar a {3}: saltada, retrocede (stage2_push=on)"},
	{"why.ocencahuac.frees_none", "desde cualquier casilla vacía {1} {2}, {3} seguiría amenazando a un Guerrero de {4}: el salto no liberaría a ninguno, así que no se puede hacer (relief=frees)"},
	{"why.ocencahuac.no_cell", "no queda ninguna casilla vacía {1} {2} para {3}: no se le puede saltar"},
	{"why.ocencahuac.relocated", "una pieza real de segunda etapa se reubica, no retrocede (stage2_push=off)"},
	{"why.ocencahuac.relief_only", "{1} está en la segunda etapa de {2}: solo se la puede saltar para liberar a un Guerrero amenazado, y entonces se reubica: escriba dónde (@…)"},
	{"why.ocencahuac.must_leave", "{1} tiene que dejar {2}"},
	{"why.ocencahuac.still_threat", "en {1}, {2} seguiría amenazando a un Guerrero de {3}: el salto de liberación tiene que liberarlo (relief=frees)"},
	{"why.ocencahuac.not_near.0", "{1} no está {2} {3}, donde cayó la pieza que saltó"},
	{"why.ocencahuac.not_near.1", "{1} no está {2} {3}, donde cayó la pieza que saltó (relocate=orthogonal)"},
	{"why.ocencahuac.cool_turn", "a {1} la hicieron retroceder en la jugada anterior y no puede hacer retroceder en esta"},
	{"why.ocencahuac.cool_move", "a {1} la hicieron retroceder y no se ha movido desde entonces: todavía no puede hacer retroceder (cooldown=next_move)"},
	{"why.ocencahuac.pushes", "{1} retroceden una tras otra, primero la que está más lejos en el sentido en que van, cada una adonde la mandan las reglas (un '>' por cada una que se mueve): escriba {2}"},
	{"why.ocencahuac.hop_alone", "el salto sin ellas"},
	{"why.ocencahuac.pushed", "{1} retrocede: escriba adónde ({2})"},
	{"why.ocencahuac.push_warrior", "en {1} hay un Guerrero: solo las piezas reales retroceden (push_target=royal)"},
	{"why.ocencahuac.push_own", "{1} es una pieza del propio {2}: solo retroceden las piezas del contrario"},
	{"why.ocencahuac.stays", "{1} no tiene adónde ir y se queda donde está: escriba {2}"},
	{"why.ocencahuac.penultimate", "a {1} la saltan en su penúltima fila, así que va de lado a la primera casilla vacía de la fila {2} (push_sideways=penultimate): escriba {3}"},
	{"why.ocencahuac.sideways.0", "{1} no tiene casilla en el sentido en que la empujan, así que va de lado a la casilla vacía más cercana de la fila {2}: escriba {3}"},
	{"why.ocencahuac.sideways.1", "{1} no tiene casilla hacia su fila de salida, así que va de lado a la casilla vacía más cercana de la fila {2}: escriba {3}"},
	{"why.ocencahuac.push_to.0", "{1} retrocede a {2}, la vacía más lejana de {3}, no a {4}: escriba {5}"},
	{"why.ocencahuac.push_to.1", "{1} retrocede a {2}, la tercera casilla de {3}, no a {4}: escriba {5}"},
	{"why.ocencahuac.push_to.2", "{1} retrocede a {2}, la última casilla vacía antes de una pieza en {3}, no a {4}: escriba {5}"},
	{"why.ocencahuac.prince_leap", "el Príncipe no salta: mueve dos y una, en L como el caballo (prince=leap)"},
	{"why.ocencahuac.one_jump", "un salto por jugada (chain=no)"},
	{"why.ocencahuac.relocation", "solo hay reubicación tras un salto de liberación sobre una pieza real de segunda etapa"},
	{"why.ocencahuac.relief_where.0", "el Emperador salta solo para liberar a un Guerrero amenazado, como aquí: escriba adónde va {1} (@…)"},
	{"why.ocencahuac.relief_where.1", "la Princesa salta solo para liberar a un Guerrero amenazado, como aquí: escriba adónde va {1} (@…)"},
	{"why.ocencahuac.relief_where.2", "el Príncipe salta solo para liberar a un Guerrero amenazado, como aquí: escriba adónde va {1} (@…)"},
	{"why.ocencahuac.relief_new.0", "en la segunda etapa el Emperador se desliza (crowned_move=new): salta solo para liberar a un Guerrero amenazado"},
	{"why.ocencahuac.relief_new.1", "en la segunda etapa la Princesa se desliza (crowned_move=new): salta solo para liberar a un Guerrero amenazado"},
	{"why.ocencahuac.relief_new.2", "en la segunda etapa el Príncipe mueve como el caballo (crowned_move=new): salta solo para liberar a un Guerrero amenazado"},
	{"why.ocencahuac.crowns_none", "esta jugada no corona ninguna pieza real"},
	{"why.ocencahuac.crown_third", "{1}, la tercera pieza real coronada de {2}: empieza su segunda etapa: escriba {3}"},
	{"why.ocencahuac.crown_not_third.one", "{1}, pero no empieza la segunda etapa de {2} ({3} pieza real coronada de 3): escriba {4}"},
	{"why.ocencahuac.crown_not_third.other", "{1}, pero no empieza la segunda etapa de {2} ({3} piezas reales coronadas de 3): escriba {4}"},
	{"why.ocencahuac.crown_write", "{1}: escriba {2}"},
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
	/* لماذا لا تجوز النقلة (rules.c, S_explain; rules.h, tb_why) */
	{"whose.ocencahuac.0", "Sangangüey"},
	{"whose.ocencahuac.1", "Ceboruco"},
	{"piece.ocencahuac.0", "قطعة لـ Sangangüey"},
	{"piece.ocencahuac.1", "قطعة لـ Ceboruco"},
	{"who.ocencahuac.0", "الإمبراطور في {1}"},
	{"who.ocencahuac.1", "الأميرة في {1}"},
	{"who.ocencahuac.2", "الأمير في {1}"},
	{"who.ocencahuac.3", "المحارب في {1}"},
	{"near.ocencahuac.next", "بجوار"},
	{"near.ocencahuac.around", "حول"},
	{"crowned_self.ocencahuac.0", "يبلغ الإمبراطور الصف الأخير فيُتوَّج، فهو Tigre"},
	{"crowned_self.ocencahuac.1", "تبلغ الأميرة الصف الأخير فتُتوَّج"},
	{"crowned_self.ocencahuac.2", "يبلغ الأمير الصف الأخير فيُتوَّج، فهو Águila"},
	{"crowned_self.ocencahuac.3", "يبلغ المحارب الصف الأخير فيُتوَّج"},
	{"crowned_other.ocencahuac.0", "يُتوَّج إمبراطور {1} في {2}، فهو Tigre"},
	{"crowned_other.ocencahuac.1", "تُتوَّج أميرة {1} في {2}"},
	{"crowned_other.ocencahuac.2", "يُتوَّج أمير {1} في {2}، فهو Águila"},
	{"crowned_other.ocencahuac.3", "يُتوَّج محارب {1} في {2}"},
	{"why.ocencahuac.prince_l", "يتحرك الأمير خانتين ثم خانة، على شكل L كالحصان (prince={1})"},
	{"why.ocencahuac.prince_stage2.0", "في المرحلة الثانية يتحرك الأمير كالحصان (crowned_move=new)"},
	{"why.ocencahuac.prince_stage2.1", "في المرحلة الثانية يتحرك الأمير كالحصان أو يخطو خانة واحدة (crowned_move=new_plus_old)"},
	{"why.ocencahuac.slide_diagonal.0", "ينزلق الإمبراطور على صف أو عمود، لا قطريًا"},
	{"why.ocencahuac.slide_diagonal.1", "تنزلق الأميرة على صف أو عمود، لا قطريًا"},
	{"why.ocencahuac.slide_over", "تمرّ القطعة المنزلقة على {1}، وهي مشغولة"},
	{"why.ocencahuac.prince_stage", "لا يتحرك الأمير كالحصان إلا في المرحلة الثانية لفريقه (prince=step)"},
	{"why.ocencahuac.diagonal", "الخطوات والقفزات على صف أو عمود، لا قطريًا"},
	{"why.ocencahuac.slide_stage.0.one", "لا ينزلق الإمبراطور إلا في المرحلة الثانية لفريقه (لـ {1} قطعة ملكية متوَّجة واحدة)"},
	{"why.ocencahuac.slide_stage.0.two", "لا ينزلق الإمبراطور إلا في المرحلة الثانية لفريقه (لـ {1} قطعتان ملكيتان متوَّجتان)"},
	{"why.ocencahuac.slide_stage.0.other", "لا ينزلق الإمبراطور إلا في المرحلة الثانية لفريقه (عدد القطع الملكية المتوَّجة لـ {1}: {2})"},
	{"why.ocencahuac.slide_stage.1.one", "لا تنزلق الأميرة إلا في المرحلة الثانية لفريقها (لـ {1} قطعة ملكية متوَّجة واحدة)"},
	{"why.ocencahuac.slide_stage.1.two", "لا تنزلق الأميرة إلا في المرحلة الثانية لفريقها (لـ {1} قطعتان ملكيتان متوَّجتان)"},
	{"why.ocencahuac.slide_stage.1.other", "لا تنزلق الأميرة إلا في المرحلة الثانية لفريقها (عدد القطع الملكية المتوَّجة لـ {1}: {2})"},
	{"why.ocencahuac.adjacent.2", "الخانتان {1} و{2} غير متجاورتين: يخطو الأمير خانة واحدة"},
	{"why.ocencahuac.adjacent.3", "الخانتان {1} و{2} غير متجاورتين: يخطو المحارب خانة واحدة"},
	{"why.ocencahuac.write_x", "في {1} محارب لـ {2}: الأسر يُكتب بالحرف 'x' ({3})"},
	{"why.ocencahuac.capture_stage.one", "لا يبدأ الأسر إلا مع المرحلة الثانية للفريق (لـ {1} قطعة ملكية متوَّجة واحدة)"},
	{"why.ocencahuac.capture_stage.two", "لا يبدأ الأسر إلا مع المرحلة الثانية للفريق (لـ {1} قطعتان ملكيتان متوَّجتان)"},
	{"why.ocencahuac.capture_stage.other", "لا يبدأ الأسر إلا مع المرحلة الثانية للفريق (عدد القطع الملكية المتوَّجة لـ {1}: {2})"},
	{"why.ocencahuac.warriors", "المحاربون لا يأسرون"},
	{"why.ocencahuac.nothing", "لا شيء في {1}: لا شيء يُؤسر"},
	{"why.ocencahuac.own", "في {1} قطعة لـ {2}: لا يأسر الفريق قطعه"},
	{"why.ocencahuac.royal", "في {1} قطعة ملكية: القطع الملكية لا يأسر بعضها بعضًا"},
	{"why.ocencahuac.prince_capture", "يأسر الأمير بحركة الحصان، و{1}-{2} ليست كذلك"},
	{"why.ocencahuac.princess_rank", "تأسر الأميرة على صفها"},
	{"why.ocencahuac.princess_vertical", "لا تستطيع الأميرة أن تأسر عموديًا"},
	{"why.ocencahuac.emperor_file", "يأسر الإمبراطور على عموده"},
	{"why.ocencahuac.emperor_horizontal", "لا يستطيع الإمبراطور أن يأسر أفقيًا"},
	{"why.ocencahuac.capture_over", "يمرّ الأسر على {1}، وهي مشغولة"},
	{"why.ocencahuac.support_target", "لا محارب لـ {1} بجوار {2} يسند الأسر (support=target)"},
	{"why.ocencahuac.support_capturer", "لا محارب لـ {1} بجوار {2} يسند الأسر (support=capturer)"},
	{"why.ocencahuac.hop_adjacent", "الخانتان {1} و{2} متجاورتان: القفزة تمرّ فوق قطعة"},
	{"why.ocencahuac.hop_same", "{1} و{2} خانة واحدة: القفزة تمرّ فوق قطعة"},
	{"why.ocencahuac.hop_empty", "لا شيء في {1}: لا قطعة يُقفز فوقها"},
	{"why.ocencahuac.hop_first", "لا شيء في {1}: القفزة تنتهي في أول خانة خالية"},
	{"why.ocencahuac.jump_one", "القفزة تمرّ فوق قطعة واحدة وتنتهي خلفها مباشرة (jump=one)"},
	{"why.ocencahuac.come_back", "لا يجوز للسلسلة أن تعود إلى {1}، حيث كانت القطعة من قبل"},
	{"why.ocencahuac.block", "في {1} و{2} قطعتان لـ {3} في عمود واحد، وهما كتلة: لا يستطيع {4} القفز فوقهما (jump=line)"},
	{"why.ocencahuac.run_royal", "القفزة فوق صف من القطع لا تمرّ أبدًا فوق قطعة ملكية في المرحلة الثانية لا تُدفع إلى الوراء (jump=line)"},
	{"why.ocencahuac.no_threat_push", "{1} لا يهدد أي محارب لـ {2}: لا يُنقل بل يُدفع إلى الوراء (stage2_push=on)"},
	{"why.ocencahuac.no_threat", "{1} لا يهدد أي محارب لـ {2}، فلا يجوز القفز فوقه"},
	{"why.ocencahuac.no_cell_push", "لم تبقَ خانة خالية {1} {2} لنقل {3}: إذا قُفز فوقه دُفع إلى الوراء (stage2_push=on)"},
	{"why.ocencahuac.frees_none", "من أي خانة خالية {1} {2} سيظل {3} يهدد محاربًا لـ {4}: القفزة لن تنقذ أحدًا، فلا تجوز (relief=frees)"},
	{"why.ocencahuac.no_cell", "لم تبقَ خانة خالية {1} {2} لـ {3}، فلا يجوز القفز فوقه"},
	{"why.ocencahuac.relocated", "القطعة الملكية في المرحلة الثانية تُنقل ولا تُدفع إلى الوراء (stage2_push=off)"},
	{"why.ocencahuac.relief_only", "{1} في المرحلة الثانية لـ {2}: لا يُقفز فوقه إلا لإنقاذ محارب مهدَّد، ثم يُنقل: اكتب إلى أين (@…)"},
	{"why.ocencahuac.must_leave", "على {1} أن يغادر {2}"},
	{"why.ocencahuac.still_threat", "في {1} سيظل {2} يهدد محاربًا لـ {3}: يجب أن تنقذه قفزة الإنقاذ (relief=frees)"},
	{"why.ocencahuac.not_near.0", "{1} ليست {2} {3}، حيث نزلت القطعة القافزة"},
	{"why.ocencahuac.not_near.1", "{1} ليست {2} {3}، حيث نزلت القطعة القافزة (relocate=orthogonal)"},
	{"why.ocencahuac.cool_turn", "القطعة في {1} دُفعت إلى الوراء في النقلة السابقة، فلا يجوز لها أن تدفع في هذه النقلة"},
	{"why.ocencahuac.cool_move", "القطعة في {1} دُفعت إلى الوراء ولم تتحرك منذ ذلك: لا يجوز لها أن تدفع بعد (cooldown=next_move)"},
	{"why.ocencahuac.pushes", "{1} تُدفع إلى الوراء واحدة بعد الأخرى، أبعدها في اتجاه سيرها أولًا، كل واحدة حيث ترسلها القواعد (علامة '>' لكل قطعة تتحرك): اكتب {2}"},
	{"why.ocencahuac.hop_alone", "القفزة من دونها"},
	{"why.ocencahuac.pushed", "{1} يُدفع إلى الوراء: اكتب إلى أين ({2})"},
	{"why.ocencahuac.push_warrior", "في {1} محارب: لا تُدفع إلى الوراء إلا القطع الملكية (push_target=royal)"},
	{"why.ocencahuac.push_own", "في {1} قطعة لـ {2} نفسه: لا تُدفع إلى الوراء إلا قطع الخصم"},
	{"why.ocencahuac.stays", "{1} لا مكان له يذهب إليه فيبقى حيث هو: اكتب {2}"},
	{"why.ocencahuac.penultimate", "قُفز فوق {1} وهو في صفه قبل الأخير، فيذهب جانبًا إلى أول خانة خالية في الصف {2} (push_sideways=penultimate): اكتب {3}"},
	{"why.ocencahuac.sideways.0", "لا خانة لـ {1} في اتجاه الدفع، فيذهب جانبًا إلى أقرب خانة خالية في الصف {2}: اكتب {3}"},
	{"why.ocencahuac.sideways.1", "لا خانة لـ {1} نحو صفه الأول، فيذهب جانبًا إلى أقرب خانة خالية في الصف {2}: اكتب {3}"},
	{"why.ocencahuac.push_to.0", "{1} يُدفع إلى {2}، أبعد خانة خالية من {3}، لا إلى {4}: اكتب {5}"},
	{"why.ocencahuac.push_to.1", "{1} يُدفع إلى {2}، الخانة الثالثة من {3}، لا إلى {4}: اكتب {5}"},
	{"why.ocencahuac.push_to.2", "{1} يُدفع إلى {2}، آخر خانة خالية قبل قطعة في {3}، لا إلى {4}: اكتب {5}"},
	{"why.ocencahuac.prince_leap", "الأمير لا يقفز: يتحرك خانتين ثم خانة، على شكل L كالحصان (prince=leap)"},
	{"why.ocencahuac.one_jump", "قفزة واحدة في كل نقلة (chain=no)"},
	{"why.ocencahuac.relocation", "لا يأتي النقل إلا بعد قفزة إنقاذ فوق قطعة ملكية في المرحلة الثانية"},
	{"why.ocencahuac.relief_where.0", "لا يقفز الإمبراطور إلا لإنقاذ محارب مهدَّد، كما هنا: اكتب إلى أين يذهب {1} (@…)"},
	{"why.ocencahuac.relief_where.1", "لا تقفز الأميرة إلا لإنقاذ محارب مهدَّد، كما هنا: اكتب إلى أين يذهب {1} (@…)"},
	{"why.ocencahuac.relief_where.2", "لا يقفز الأمير إلا لإنقاذ محارب مهدَّد، كما هنا: اكتب إلى أين يذهب {1} (@…)"},
	{"why.ocencahuac.relief_new.0", "في المرحلة الثانية ينزلق الإمبراطور (crowned_move=new): لا يقفز إلا لإنقاذ محارب مهدَّد"},
	{"why.ocencahuac.relief_new.1", "في المرحلة الثانية تنزلق الأميرة (crowned_move=new): لا تقفز إلا لإنقاذ محارب مهدَّد"},
	{"why.ocencahuac.relief_new.2", "في المرحلة الثانية يتحرك الأمير كالحصان (crowned_move=new): لا يقفز إلا لإنقاذ محارب مهدَّد"},
	{"why.ocencahuac.crowns_none", "هذه النقلة لا تتوّج أي قطعة ملكية"},
	{"why.ocencahuac.crown_third", "{1}، وهي ثالث قطعة ملكية متوَّجة لـ {2}: تبدأ مرحلته الثانية: اكتب {3}"},
	{"why.ocencahuac.crown_not_third.one", "{1}، لكن المرحلة الثانية لـ {2} لا تبدأ (قطعة ملكية متوَّجة واحدة من 3): اكتب {4}"},
	{"why.ocencahuac.crown_not_third.two", "{1}، لكن المرحلة الثانية لـ {2} لا تبدأ (قطعتان ملكيتان متوَّجتان من 3): اكتب {4}"},
	{"why.ocencahuac.crown_not_third.other", "{1}، لكن المرحلة الثانية لـ {2} لا تبدأ ({3} قطع ملكية متوَّجة من 3): اكتب {4}"},
	{"why.ocencahuac.crown_write", "{1}: اكتب {2}"},
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
	/* the volcano rows, the river's lines, the pieces, their ghosts and
	 * their letters; in grayscale the river's lines dashed */
	.css = {".volcano{fill:#ede4d3;stroke:#8a7a5a;stroke-width:0.4}"
	        ".river-line{stroke:#2b6cb0;stroke-width:0.8}"
	        ".piece.dark{fill:#3b2a20}.piece.light{fill:#f4ead8}"
	        ".ghost.dark{stroke:#3b2a20}.ghost.light{stroke:#8a7a5a}"
	        ".label.dark{fill:#fff}.label.light{fill:#111}",
	        ".volcano{fill:#e6e6e6;stroke:#000;stroke-width:0.4}"
	        ".river-line{stroke:#000;stroke-width:0.8;stroke-dasharray:4,1}"
	        ".piece.dark{fill:#000}.piece.light{fill:#fff}"
	        ".label.dark{fill:#fff}.label.light{fill:#000}"},
	.noptions = O_COUNT,
	.value_names = S_values,
};
