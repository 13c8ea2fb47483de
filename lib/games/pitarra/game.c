/*
 * games/pitarra/game.c -- La Pitarra in the notation: its board and tokens.
 *
 * Board: three concentric squares on the 7x7 grid a1..g7, joined at
 * the midpoints and by the four corner diagonals (24 points), or with
 * a centre d4 under "board=25" (spec/tgn.md, "La Pitarra").
 * Tokens: placement "d1", step "a1-a4", removal after a tercia "xg7".
 */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "rules.h"

#include "pitarra.h"

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

/* Reads the point at '*s' up to one of 'stops' (or the end) into *out;
 * advances '*s'. */
static int S_point(const tb_board *b, const char **s, const char *stops, tb_point *out,
                   tb_buf *canon)
{
	size_t len = strcspn(*s, stops);
	char one[8];
	tb_buf c = TB_BUF_SOFT;
	snprintf(one, sizeof one, "%.*s", (int)(len < 7 ? len : 7), *s);
	int ok = len <= 2 && tb_is_point(b, one, &c); /* c: the canonical spelling */
	if (ok && !tb_buf_ok(&c)) { /* out of memory: 'canon' says so (position.c) */
		tb_buf_fail(canon);
		ok = 0;
	}
	if (ok)
		*out = TB_PT(c.data[0] - 'a', c.data[1] - '1');
	tb_buf_free(&c);
	*s += len;
	return ok ? 0 : -1;
}

/* Canonical order of points: by rank, then file. */
static int S_point_cmp(tb_point a, tb_point b)
{
	return TB_PT_RANK(a) != TB_PT_RANK(b) ? TB_PT_RANK(a) - TB_PT_RANK(b)
	                                      : TB_PT_FILE(a) - TB_PT_FILE(b);
}

/* "moved=c3-d3" or "moved=c3-d3,e5-e4": a side's move on its last
 * turn, from the point it left to the point its piece stands on (whose
 * piece it is says whose move it was), kept while the piece could go
 * straight back and re-form a tercia (the columpio). At most one a
 * side, so two leave two points and end on two others; written in the
 * order of the points they left. */
static const char *S_check_moved(const tb_board *b, const char *value, tb_buf *canon)
{
	static const char *const bad = "moved must name a side's last move, from the point it "
	                               "left to the point its piece stands on: moved=c3-d3 or "
	                               "moved=c3-d3,e5-e4";
	tb_point m[2][2];
	size_t n = 0;
	for (const char *v = value;; v++) {
		if (n == 2 || S_point(b, &v, "-,", &m[n][0], canon) || *v++ != '-' ||
		    S_point(b, &v, ",", &m[n][1], canon) || m[n][0] == m[n][1])
			return bad;
		n++;
		if (!*v)
			break;
	}
	if (n == 2 && (m[0][0] == m[1][0] || m[0][1] == m[1][1]))
		return "moved names two moves from or to the same point: they are two sides' moves";
	int swap = n == 2 && S_point_cmp(m[0][0], m[1][0]) > 0;
	for (size_t i = 0; i < n; i++) {
		const tb_point *one = m[swap ? 1 - i : i];
		if (i)
			tb_buf_putc(canon, ',');
		tb_point_write(canon, one[0]);
		tb_buf_putc(canon, '-');
		tb_point_write(canon, one[1]);
	}
	return NULL;
}

static const char *S_check_extra(const tb_board *b, const char *key,
                                 const char *value, tb_buf *canon)
{
	if (strcmp(key, "moved") == 0)
		return S_check_moved(b, value, canon);
	if (strcmp(key, "quiet") == 0)
		return tb_extra_quiet(value, canon);
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

static const char *const S_extras[] = {"hand", "moved", "quiet", NULL};

/* The options of spec/games/pitarra.md, each at its index (pitarra.h),
 * which the rules read it by. */
static const tb_option S_options[O_COUNT + 1] = {
	[O_BOARD] = {"board", "24|25", "24 points, or 25 with a centre d4"},
	[O_DIAGONALS] = {"diagonals", "tercia|movement", "the corner diagonals make tercias, or only carry moves"},
	[O_MOVEMENT] = {"movement", "step|slide|fly", "a move is one step, a slide along a line, or a flight"},
	[O_FLYING] = {"flying", "none|at3", "a player with three pieces flies"},
	[O_PROTECT] = {"protect", "none|tercia", "pieces in a tercia are safe while others are not"},
	[O_CAPTURE] = {"capture", "mandatory|optional", "a tercia must take a piece, or may"},
	[O_COLUMPIO] = {"columpio", "free|no_return", "a piece coming straight back re-forms its tercia, or not"},
	[O_BLOCKED] = {"blocked", "pass|lose", "a player who cannot move passes, or loses"},
	[O_LIMIT] = {"limit", "none|#", "N turns in a row without a capture end the game"},
	[O_COUNT] = {NULL, NULL, NULL}
};

/* The names the rules read the values by (pitarra.h), each with its
 * text: tests/unit/test_games.c checks each is at its place. */
static const tb_option_value S_values[] = {
	{O_BOARD, BOARD_24, "24"}, {O_BOARD, BOARD_25, "25"},
	{O_DIAGONALS, DIAGONALS_TERCIA, "tercia"}, {O_DIAGONALS, DIAGONALS_MOVEMENT, "movement"},
	{O_MOVEMENT, MOVE_STEP, "step"}, {O_MOVEMENT, MOVE_SLIDE, "slide"},
	{O_MOVEMENT, MOVE_FLY, "fly"},
	{O_FLYING, FLYING_NONE, "none"}, {O_FLYING, FLYING_AT3, "at3"},
	{O_PROTECT, PROTECT_NONE, "none"}, {O_PROTECT, PROTECT_TERCIA, "tercia"},
	{O_CAPTURE, CAPTURE_MANDATORY, "mandatory"}, {O_CAPTURE, CAPTURE_OPTIONAL, "optional"},
	{O_COLUMPIO, COLUMPIO_FREE, "free"}, {O_COLUMPIO, COLUMPIO_NO_RETURN, "no_return"},
	{O_BLOCKED, BLOCKED_PASS, "pass"}, {O_BLOCKED, BLOCKED_LOSE, "lose"},
	{O_LIMIT, LIMIT_NONE, "none"}, {O_LIMIT, LIMIT_N, "#"},
	{0, 0, NULL}
};

/* Its words (game.h). No Arabic source names La Pitarra: its title
 * keeps its own name, in Latin letters. */
static const tb_lang_entry S_en[] = {
	{"game.pitarra", "La Pitarra"},
	{"side.pitarra.0", "Red"},
	{"side.pitarra.1", "Yellow"},
	{"win.pitarra.0", "Red wins"},
	{"win.pitarra.1", "Yellow wins"},
	/* why the game is over (rules.c, S_ending; rules.h, tb_ending) */
	{"end.pitarra.few.0.one", "Red has {1} piece left, too few for a tercia"},
	{"end.pitarra.few.0.other", "Red has {1} pieces left, too few for a tercia"},
	{"end.pitarra.few.1.one", "Yellow has {1} piece left, too few for a tercia"},
	{"end.pitarra.few.1.other", "Yellow has {1} pieces left, too few for a tercia"},
	{"end.pitarra.blocked.0", "Red cannot move and loses"},
	{"end.pitarra.blocked.1", "Yellow cannot move and loses"},
	{"end.pitarra.stuck", "neither side can move"},
	{"end.pitarra.limit.one", "{1} turn without a capture"},
	{"end.pitarra.limit.other", "{1} turns without a capture"},
	/* why a turn is illegal (rules.c, S_explain; rules.h, tb_why) */
	{"whose.pitarra.0", "Red's"},
	{"whose.pitarra.1", "Yellow's"},
	{"piece.pitarra.0", "a red piece"},
	{"piece.pitarra.1", "a yellow piece"},
	{"why.pitarra.hand.0.one", "Red still has {1} piece to place: a turn places one"},
	{"why.pitarra.hand.0.other", "Red still has {1} pieces to place: a turn places one"},
	{"why.pitarra.hand.1.one", "Yellow still has {1} piece to place: a turn places one"},
	{"why.pitarra.hand.1.other", "Yellow still has {1} pieces to place: a turn places one"},
	{"why.pitarra.placed.0", "Red has placed all {1} pieces: a turn moves one (a1-a4)"},
	{"why.pitarra.placed.1", "Yellow has placed all {1} pieces: a turn moves one (a1-a4)"},
	{"why.pitarra.adjacent", "{1} and {2} are not adjacent: a piece steps along a line to the next point (movement=step)"},
	{"why.pitarra.line", "{1} and {2} are not on one line"},
	{"why.pitarra.over", "the slide passes over {1}, which is occupied"},
	{"why.pitarra.swing", "{1} swings straight back, which forms no tercia under columpio=no_return, so no piece may be taken"},
	{"why.pitarra.notercia", "{1} forms no tercia, so no piece may be taken"},
	{"why.pitarra.untaken", "a tercia was formed at {1}-{2}-{3} but no piece was taken"},
	{"why.pitarra.own.0", "{1} holds a red piece: a tercia takes an enemy one"},
	{"why.pitarra.own.1", "{1} holds a yellow piece: a tercia takes an enemy one"},
	{"why.pitarra.protected.0", "{1} stands in a tercia, and Red has pieces that do not (protect=tercia)"},
	{"why.pitarra.protected.1", "{1} stands in a tercia, and Yellow has pieces that do not (protect=tercia)"},
	{NULL, NULL}
};

static const tb_lang_entry S_es[] = {
	{"game.pitarra", "La Pitarra"},
	{"side.pitarra.0", "Rojas"},
	{"side.pitarra.1", "Amarillas"},
	{"win.pitarra.0", "ganan las rojas"},
	{"win.pitarra.1", "ganan las amarillas"},
	/* why the game is over (rules.c, S_ending; rules.h, tb_ending) */
	{"end.pitarra.few.0.one", "a las rojas les queda {1} ficha, muy pocas para una tercia"},
	{"end.pitarra.few.0.other", "a las rojas les quedan {1} fichas, muy pocas para una tercia"},
	{"end.pitarra.few.1.one", "a las amarillas les queda {1} ficha, muy pocas para una tercia"},
	{"end.pitarra.few.1.other", "a las amarillas les quedan {1} fichas, muy pocas para una tercia"},
	{"end.pitarra.blocked.0", "las rojas no pueden mover y pierden"},
	{"end.pitarra.blocked.1", "las amarillas no pueden mover y pierden"},
	{"end.pitarra.stuck", "ningún bando puede mover"},
	{"end.pitarra.limit.one", "{1} jugada sin captura"},
	{"end.pitarra.limit.other", "{1} jugadas sin captura"},
	/* por qué una jugada no es legal (rules.c, S_explain; rules.h, tb_why) */
	{"whose.pitarra.0", "las rojas"},
	{"whose.pitarra.1", "las amarillas"},
	{"piece.pitarra.0", "una ficha roja"},
	{"piece.pitarra.1", "una ficha amarilla"},
	{"why.pitarra.hand.0.one", "a las rojas aún les queda {1} ficha por colocar: cada jugada coloca una"},
	{"why.pitarra.hand.0.other", "a las rojas aún les quedan {1} fichas por colocar: cada jugada coloca una"},
	{"why.pitarra.hand.1.one", "a las amarillas aún les queda {1} ficha por colocar: cada jugada coloca una"},
	{"why.pitarra.hand.1.other", "a las amarillas aún les quedan {1} fichas por colocar: cada jugada coloca una"},
	{"why.pitarra.placed.0", "las rojas ya colocaron sus {1} fichas: cada jugada mueve una (a1-a4)"},
	{"why.pitarra.placed.1", "las amarillas ya colocaron sus {1} fichas: cada jugada mueve una (a1-a4)"},
	{"why.pitarra.adjacent", "{1} y {2} no son vecinos: una ficha avanza por una línea hasta el punto siguiente (movement=step)"},
	{"why.pitarra.line", "{1} y {2} no están en una misma línea"},
	{"why.pitarra.over", "la ficha que se desliza pasa por {1}, que está ocupado"},
	{"why.pitarra.swing", "la ficha de {1} vuelve derecho al punto de donde salió, y eso no forma tercia con columpio=no_return: no puede tomar ninguna ficha"},
	{"why.pitarra.notercia", "{1} no forma tercia: no se puede tomar ninguna ficha"},
	{"why.pitarra.untaken", "se formó una tercia en {1}-{2}-{3} pero no se tomó ninguna ficha"},
	{"why.pitarra.own.0", "en {1} hay una ficha roja: una tercia toma una del contrario"},
	{"why.pitarra.own.1", "en {1} hay una ficha amarilla: una tercia toma una del contrario"},
	{"why.pitarra.protected.0", "{1} está en una tercia, y las rojas tienen fichas que no lo están (protect=tercia)"},
	{"why.pitarra.protected.1", "{1} está en una tercia, y las amarillas tienen fichas que no lo están (protect=tercia)"},
	{NULL, NULL}
};

static const tb_lang_entry S_ar[] = {
	{"game.pitarra", "La Pitarra"},
	{"side.pitarra.0", "الأحمر"},
	{"side.pitarra.1", "الأصفر"},
	{"win.pitarra.0", "فاز الأحمر"},
	{"win.pitarra.1", "فاز الأصفر"},
	/* why the game is over (rules.c, S_ending; rules.h, tb_ending) */
	{"end.pitarra.few.0.zero", "لم يبقَ للأحمر أي قطعة، فلا ثلاثية له"},
	{"end.pitarra.few.0.one", "بقيت للأحمر قطعة واحدة، وهي أقل من أن تصنع ثلاثية"},
	{"end.pitarra.few.0.two", "بقيت للأحمر قطعتان، وهما أقل من أن تصنعا ثلاثية"},
	{"end.pitarra.few.0.other", "بقي للأحمر {1} قطع، وهي أقل من أن تصنع ثلاثية"},
	{"end.pitarra.few.1.zero", "لم يبقَ للأصفر أي قطعة، فلا ثلاثية له"},
	{"end.pitarra.few.1.one", "بقيت للأصفر قطعة واحدة، وهي أقل من أن تصنع ثلاثية"},
	{"end.pitarra.few.1.two", "بقيت للأصفر قطعتان، وهما أقل من أن تصنعا ثلاثية"},
	{"end.pitarra.few.1.other", "بقي للأصفر {1} قطع، وهي أقل من أن تصنع ثلاثية"},
	{"end.pitarra.blocked.0", "لا يستطيع الأحمر أن يتحرك فيخسر"},
	{"end.pitarra.blocked.1", "لا يستطيع الأصفر أن يتحرك فيخسر"},
	{"end.pitarra.stuck", "لا يستطيع أي من الطرفين أن يتحرك"},
	{"end.pitarra.limit.one", "نقلة واحدة دون أسر"},
	{"end.pitarra.limit.two", "نقلتان دون أسر"},
	{"end.pitarra.limit.few", "{1} نقلات دون أسر"},
	{"end.pitarra.limit.other", "{1} نقلة دون أسر"},
	/* لماذا لا تجوز النقلة (rules.c, S_explain; rules.h, tb_why) */
	{"whose.pitarra.0", "الأحمر"},
	{"whose.pitarra.1", "الأصفر"},
	{"piece.pitarra.0", "قطعة حمراء"},
	{"piece.pitarra.1", "قطعة صفراء"},
	{"why.pitarra.hand.0.one", "بقيت للأحمر قطعة واحدة لم يضعها بعد: كل نقلة تضع قطعة واحدة"},
	{"why.pitarra.hand.0.two", "بقيت للأحمر قطعتان لم يضعهما بعد: كل نقلة تضع قطعة واحدة"},
	{"why.pitarra.hand.0.few", "بقيت للأحمر {1} قطع لم يضعها بعد: كل نقلة تضع قطعة واحدة"},
	{"why.pitarra.hand.0.other", "بقيت للأحمر {1} قطعة لم يضعها بعد: كل نقلة تضع قطعة واحدة"},
	{"why.pitarra.hand.1.one", "بقيت للأصفر قطعة واحدة لم يضعها بعد: كل نقلة تضع قطعة واحدة"},
	{"why.pitarra.hand.1.two", "بقيت للأصفر قطعتان لم يضعهما بعد: كل نقلة تضع قطعة واحدة"},
	{"why.pitarra.hand.1.few", "بقيت للأصفر {1} قطع لم يضعها بعد: كل نقلة تضع قطعة واحدة"},
	{"why.pitarra.hand.1.other", "بقيت للأصفر {1} قطعة لم يضعها بعد: كل نقلة تضع قطعة واحدة"},
	{"why.pitarra.placed.0", "وضع الأحمر قطعه كلها ({1}): كل نقلة تحرّك قطعة واحدة (a1-a4)"},
	{"why.pitarra.placed.1", "وضع الأصفر قطعه كلها ({1}): كل نقلة تحرّك قطعة واحدة (a1-a4)"},
	{"why.pitarra.adjacent", "النقطتان {1} و{2} غير متجاورتين: تنتقل القطعة على خط إلى النقطة التالية (movement=step)"},
	{"why.pitarra.line", "النقطتان {1} و{2} ليستا على خط واحد"},
	{"why.pitarra.over", "تمرّ القطعة المنزلقة على {1}، وهي مشغولة"},
	{"why.pitarra.swing", "القطعة في {1} تعود مباشرة إلى حيث كانت، وهذا لا يصنع ثلاثية مع columpio=no_return، فلا يجوز أخذ أي قطعة"},
	{"why.pitarra.notercia", "{1} لا تصنع ثلاثية، فلا يجوز أخذ أي قطعة"},
	{"why.pitarra.untaken", "تكوّنت ثلاثية في {1}-{2}-{3} ولم تُؤخذ أي قطعة"},
	{"why.pitarra.own.0", "في {1} قطعة حمراء: الثلاثية تأخذ قطعة من الخصم"},
	{"why.pitarra.own.1", "في {1} قطعة صفراء: الثلاثية تأخذ قطعة من الخصم"},
	{"why.pitarra.protected.0", "القطعة في {1} ضمن ثلاثية، وللأحمر قطع ليست ضمن ثلاثية (protect=tercia)"},
	{"why.pitarra.protected.1", "القطعة في {1} ضمن ثلاثية، وللأصفر قطع ليست ضمن ثلاثية (protect=tercia)"},
	{NULL, NULL}
};

static const tb_game_words S_words[] = {
	{"en", S_en},
	{"es", S_es},
	{"ar", S_ar},
	{NULL, NULL}
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
	.place = 1,
	.words = S_words,
	.side_sgr = {"1;31", "1;33"},
	/* its pieces, their ghosts and its lines of three, each side's;
	 * in grayscale the sides are black and white, a line of three gray */
	.css = {".tercia.red{stroke:#f2a49b}.tercia.yellow{stroke:#f7d979}"
	        ".piece.red{fill:#d63b2f}.piece.yellow{fill:#f2c12e}"
	        ".ghost.red{stroke:#d63b2f}.ghost.yellow{stroke:#b8860b}",
	        ".piece.red{fill:#000}.piece.yellow{fill:#fff}"},
	.noptions = O_COUNT,
	.value_names = S_values,
};
