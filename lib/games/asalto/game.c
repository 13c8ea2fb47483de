/*
 * games/asalto/game.c -- Asalto (the fortress game) in the notation.
 *
 * Board: the 33-point cross on the 7x7 grid, fortress c5..e7.
 * Tokens: step "c3-c4"; capture chain through its landing points
 * "d6xd4xf4"; a huff before the attackers' turn "Hd6/c3-c4" (or
 * "Hd6/pass").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "rules.h"

#include "asalto.h"

static const char *S_board(tb_board *b, const tb_opts *o)
{
	(void)o;
	memset(b, 0, sizeof *b);
	b->files = b->ranks = 7;
	for (int r = 0; r < 7; r++)
		for (int f = 0; f < 7; f++)
			if ((f >= 2 && f <= 4) || (r >= 2 && r <= 4))
				b->valid[TB_PT(f, r)] = 1;
	return NULL;
}

/* A step "c3-c4" that is the whole token -- most of a record's -- read
 * at once (tb_scan_step): the two parts the grammar makes of it, 1; 0
 * for any other token, which the grammar reads. */
static int S_step(tb_scan *sc, tb_move_builder *mb)
{
	tb_point from, to;
	if (mb->n + 2 > TB_MAX_PARTS || !tb_scan_step(sc, &from, &to))
		return 0;
	mb->parts[mb->n++] = (tb_part){TB_PART_AT, from};
	mb->parts[mb->n++] = (tb_part){TB_PART_STEP, to};
	return 1;
}

/* move -> ('H' point '/')? (point ('-' point | ('x' point)+) | "pass")
 * (kept out of S_parse: its registers are saved only for the tokens
 * S_step leaves) */
static __attribute__((noinline)) int S_grammar(tb_scan *sc, tb_move_builder *mb)
{
	tb_point p;
	if (sc->i < sc->n && sc->s[sc->i] == 'H') {
		sc->i++;
		if (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_HUFF, p))
			return -1;
		if (!tb_scan_accept(sc, '/'))
			return tb_scan_fail(sc, "a huff is written Hd6/ followed by the attackers' move");
		if (sc->n - sc->i >= 4 && memcmp(sc->s + sc->i, "pass", 4) == 0) {
			sc->i += 4; /* a suffix may follow */
			return 0;
		}
	}
	if (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_AT, p))
		return -1;
	if (tb_scan_accept(sc, '-'))
		return tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_STEP, p) ? -1 : 0;
	if (sc->i >= sc->n || sc->s[sc->i] != 'x')
		return tb_scan_fail(sc, sc->i >= sc->n
		                            ? "a turn needs a step (c3-c4) or a capture (d6xd4)"
		                            : "expected '-' or 'x' here");
	while (tb_scan_accept(sc, 'x'))
		if (tb_scan_point(sc, &p) || tb_mb_add(mb, sc, TB_PART_CAPTURE, p))
			return -1;
	return 0;
}

static int S_parse(tb_scan *sc, tb_move_builder *mb)
{
	return S_step(sc, mb) ? 0 : S_grammar(sc, mb);
}

/* Canonical order of two point names: by rank, then file. */
static int S_point_cmp(const char *a, const char *b)
{
	int ra = atoi(a + 1), rb = atoi(b + 1);
	return ra != rb ? ra - rb : a[0] - b[0];
}

static const char *S_check_extra(const tb_board *b, const char *key,
                                 const char *value, tb_buf *canon)
{
	if (strcmp(key, "huff") != 0)
		return "unknown key";
	/* one defender, or both: "d6" or "d6,e7", written in canonical order */
	char first[8];
	const char *comma = strchr(value, ',');
	size_t n = comma ? (size_t)(comma - value) : strlen(value);
	snprintf(first, sizeof first, "%.*s", (int)(n < 7 ? n : 7), value);
	tb_buf one = TB_BUF_SOFT, two = TB_BUF_SOFT;
	int ok = n <= 3 && tb_is_point(b, first, &one) &&
	         (!comma || tb_is_point(b, comma + 1, &two));
	if (!tb_buf_ok(&one) || !tb_buf_ok(&two)) { /* out of memory: 'canon' says so */
		tb_buf_free(&one);
		tb_buf_free(&two);
		tb_buf_fail(canon);
		return NULL;
	}
	int order = ok && comma ? S_point_cmp(one.data, two.data) : -1;
	if (ok && order != 0) {
		tb_buf_puts(canon, order < 0 ? one.data : two.data);
		if (comma) {
			tb_buf_putc(canon, ',');
			tb_buf_puts(canon, order < 0 ? two.data : one.data);
		}
	}
	tb_buf_free(&one);
	tb_buf_free(&two);
	if (!ok)
		return "huff must name the defenders that may be huffed: huff=d6 or huff=d6,e7";
	return order == 0 ? "huff names the same defender twice" : NULL;
}

static const char *const S_extras[] = {"huff", NULL};

/* A defender's jump takes the attacker it passes: halfway along. */
static tb_point S_captured(tb_point from, tb_point to)
{
	return TB_PT((TB_PT_FILE(from) + TB_PT_FILE(to)) / 2, (TB_PT_RANK(from) + TB_PT_RANK(to)) / 2);
}

/* The readings of spec/games/asalto.md (shared/research/games.md items
 * 32-43), the default first, each at its index (asalto.h), which the rules read
 * it by. */
static const tb_option S_options[O_COUNT + 1] = {
	[O_FIRST] = {"first", "attackers|defenders", "who moves first"},
	[O_BLUE] = {"blue", "diagonals|horizontals|fortress", "which lines the attackers may not use"},
	[O_FORWARD] = {"forward", "rank|fortress|path",
	 "forward is up the board, or closer to the fortress along any line, or along the red lines"},
	[O_CHAIN] = {"chain", "straight|one_turn|zigzag|right_angles",
	 "a chain of jumps goes straight, turns once, turns at will, or turns at right angles"},
	[O_HUFF] = {"huff", "optional|automatic|off|compulsory",
	 "a defender that passes up a capture may be removed, must be, goes free, or may not pass it up"},
	[O_HUFF_TARGET] = {"huff_target", "capturer|mover", "which defender may be huffed"},
	[O_IMMOBILE] = {"immobile", "pass|lose", "defenders that cannot move pass, or lose"},
	[O_LOCKOUT] = {"lockout", "draw|play", "defenders shut out of the fortress draw the game, or play on"},
	[O_DIAGONALS] = {"diagonals", "alquerque|none", "the board's diagonals"},
	[O_COUNT] = {NULL, NULL, NULL}
};

/* The names the rules read the values by (asalto.h), each with its
 * text: tests/unit/test_games.c checks each is at its place. */
static const tb_option_value S_values[] = {
	{O_FIRST, FIRST_ATTACKERS, "attackers"}, {O_FIRST, FIRST_DEFENDERS, "defenders"},
	{O_BLUE, BLUE_DIAGONALS, "diagonals"}, {O_BLUE, BLUE_HORIZONTALS, "horizontals"},
	{O_BLUE, BLUE_FORTRESS, "fortress"},
	{O_FORWARD, FORWARD_RANK, "rank"}, {O_FORWARD, FORWARD_FORTRESS, "fortress"},
	{O_FORWARD, FORWARD_PATH, "path"},
	{O_CHAIN, CHAIN_STRAIGHT, "straight"}, {O_CHAIN, CHAIN_ONE_TURN, "one_turn"},
	{O_CHAIN, CHAIN_ZIGZAG, "zigzag"}, {O_CHAIN, CHAIN_RIGHT_ANGLES, "right_angles"},
	{O_HUFF, HUFF_OPTIONAL, "optional"}, {O_HUFF, HUFF_AUTOMATIC, "automatic"},
	{O_HUFF, HUFF_OFF, "off"}, {O_HUFF, HUFF_COMPULSORY, "compulsory"},
	{O_HUFF_TARGET, HUFF_TARGET_CAPTURER, "capturer"}, {O_HUFF_TARGET, HUFF_TARGET_MOVER, "mover"},
	{O_IMMOBILE, IMMOBILE_PASS, "pass"}, {O_IMMOBILE, IMMOBILE_LOSE, "lose"},
	{O_LOCKOUT, LOCKOUT_DRAW, "draw"}, {O_LOCKOUT, LOCKOUT_PLAY, "play"},
	{O_DIAGONALS, DIAGONALS_ALQUERQUE, "alquerque"}, {O_DIAGONALS, DIAGONALS_NONE, "none"},
	{0, 0, NULL}
};

/* ORDER: spec/games/asalto.md, "Reading the source". */
static const tb_option_rename S_renames[] = {
	{"chain", "angle", "chain", "right_angles"},
	{NULL, NULL, NULL, NULL}
};

static const tb_option_was S_was[] = {
	{"chain", "zigzag", "0.1"},
	{"lockout", "play", "0.1"},
	{NULL, NULL, NULL}
};

/* Its words (game.h). The Arabic sides and title are the Arabic source's
 * words: المهاجمون (the attackers), المحاصران (the besieged two, as the
 * text calls the defenders), and لعبة الحصن as the records of Fez and
 * Tetouan name the game (LocalName). */
static const tb_lang_entry S_en[] = {
	{"game.asalto", "Asalto"},
	{"side.asalto.0", "Attackers"},
	{"side.asalto.1", "Defenders"},
	{"win.asalto.0", "the attackers win"},
	{"win.asalto.1", "the defenders win"},
	/* why the game is over (rules.c, S_ending; rules.h, tb_ending) */
	{"end.asalto.full", "the attackers hold all nine points of the fortress"},
	{"end.asalto.lockout", "the defenders are out of the fortress and cannot get back in"},
	{"end.asalto.few.one", "{1} attacker is too few to fill the fortress"},
	{"end.asalto.few.other", "{1} attackers are too few to fill the fortress"},
	{"end.asalto.few_held.one", "{1} attacker is too few to fill the fortress, and a defender holds it"},
	{"end.asalto.few_held.other", "{1} attackers are too few to fill the fortress, and a defender holds it"},
	{"end.asalto.walled", "the defender on {2} is walled in for good: the fortress can never be filled, and a defender holds it"},
	{"end.asalto.stuck", "the attackers cannot move"},
	{"end.asalto.stuck_held", "the attackers cannot move, and a defender holds the fortress"},
	{"end.asalto.immobile", "the defenders cannot move and lose (immobile=lose)"},
	/* the text board's key (textboard.c) */
	{"mark.asalto.fortress", "the fortress"},
	/* why a turn is illegal (rules.c, S_explain, S_remark; rules.h, tb_why) */
	{"whose.asalto.0", "the attackers'"},
	{"whose.asalto.1", "the defenders'"},
	{"piece.asalto.0", "an attacker"},
	{"piece.asalto.1", "a defender"},
	{"why.asalto.apart", "{1} and {2} are not two points apart on one line"},
	{"why.asalto.over_defender", "the jump{1} passes over {2}, the other defender"},
	{"why.asalto.over_empty", "the jump{1} passes over {2}, which is empty"},
	{"why.asalto.one_turn", "the chain turns a second time at {1}: it may turn once (chain=one_turn)"},
	{"why.asalto.right_angles", "the chain turns at {1} by other than a right angle: it goes straight on or turns a right angle (chain=right_angles)"},
	{"why.asalto.straight", "the chain turns at {1}: it goes straight on (chain=straight)"},
	{"why.asalto.go_on", "the chain could go on from {1}: the defenders take every attacker they can (huff=compulsory)"},
	{"why.asalto.huff_who", "only the attackers huff, before their own move"},
	{"why.asalto.no_huffs", "there are no huffs under huff={1}"},
	{"why.asalto.not_defender", "{1} is not a defender"},
	{"why.asalto.huff_none", "the defender on {1} passed up no capture, so it may not be huffed"},
	{"why.asalto.huff_first", "the attackers must first huff the defender on {1} (huff=automatic)"},
	{"why.asalto.huff_step", "a huff comes before the attackers' own step, which they must make: only a side that cannot move passes"},
	{"why.asalto.attackers_jump", "the attackers do not capture: only the defenders jump"},
	{"why.asalto.adjacent", "{1} and {2} are not adjacent: a step goes along a line to the next point"},
	{"why.asalto.backwards", "it goes backwards: the attackers only advance or go sideways"},
	{"why.asalto.blue", "it goes along a blue line: the attackers do not move along the blue lines ({1})"},
	{"blue.asalto.diagonals", "the diagonals"},
	{"blue.asalto.below", "the rows below the fifth"},
	{"blue.asalto.inside", "the lines inside the fortress"},
	{"why.asalto.must_capture", "a defender can capture: the defenders capture when they can (huff=compulsory)"},
	{"why.asalto.passed_chain", "a capture was passed up: the chain could go on ({1}), and no huff of the defender on {2} follows; is a jump missing from the copy?"},
	{"why.asalto.passed", "a capture was passed up ({1} could be played), and no huff of the defender on {2} follows; is a capture missing from the copy?"},
	{"why.asalto.passed_two", "a capture was passed up ({1} could be played), and no huff of the defender on {2} or the one on {3} follows; is a capture missing from the copy?"},
	{NULL, NULL}
};

static const tb_lang_entry S_es[] = {
	{"game.asalto", "Asalto"},
	{"side.asalto.0", "Atacantes"},
	{"side.asalto.1", "Defensores"},
	{"win.asalto.0", "ganan los atacantes"},
	{"win.asalto.1", "ganan los defensores"},
	/* why the game is over (rules.c, S_ending; rules.h, tb_ending) */
	{"end.asalto.full", "los atacantes ocupan los nueve puntos de la fortaleza"},
	{"end.asalto.lockout", "los defensores están fuera de la fortaleza y no pueden volver a entrar"},
	{"end.asalto.few.one", "queda {1} atacante, muy pocos para llenar la fortaleza"},
	{"end.asalto.few.other", "quedan {1} atacantes, muy pocos para llenar la fortaleza"},
	{"end.asalto.few_held.one", "queda {1} atacante, muy pocos para llenar la fortaleza, y un defensor la ocupa"},
	{"end.asalto.few_held.other", "quedan {1} atacantes, muy pocos para llenar la fortaleza, y un defensor la ocupa"},
	{"end.asalto.walled", "el defensor de {2} quedó encerrado para siempre: la fortaleza ya no puede llenarse, y un defensor la ocupa"},
	{"end.asalto.stuck", "los atacantes no pueden mover"},
	{"end.asalto.stuck_held", "los atacantes no pueden mover, y un defensor ocupa la fortaleza"},
	{"end.asalto.immobile", "los defensores no pueden mover y pierden (immobile=lose)"},
	/* the text board's key (textboard.c) */
	{"mark.asalto.fortress", "la fortaleza"},
	/* por qué una jugada no es legal (rules.c, S_explain, S_remark; rules.h, tb_why) */
	{"whose.asalto.0", "los atacantes"},
	{"whose.asalto.1", "los defensores"},
	{"piece.asalto.0", "un atacante"},
	{"piece.asalto.1", "un defensor"},
	{"why.asalto.apart", "{1} y {2} no están a dos puntos de distancia sobre una misma línea"},
	{"why.asalto.over_defender", "el salto{1} pasa sobre {2}, el otro defensor"},
	{"why.asalto.over_empty", "el salto{1} pasa sobre {2}, que está vacío"},
	{"why.asalto.one_turn", "la cadena cambia de dirección por segunda vez en {1}: solo puede hacerlo una vez (chain=one_turn)"},
	{"why.asalto.right_angles", "la cadena cambia de dirección en {1} sin hacer ángulo recto: sigue derecho o gira en ángulo recto (chain=right_angles)"},
	{"why.asalto.straight", "la cadena cambia de dirección en {1}: sigue siempre derecho (chain=straight)"},
	{"why.asalto.go_on", "la cadena podía seguir desde {1}: los defensores toman todos los atacantes que pueden (huff=compulsory)"},
	{"why.asalto.huff_who", "solo los atacantes soplan, antes de su propio movimiento"},
	{"why.asalto.no_huffs", "no hay soplo con huff={1}"},
	{"why.asalto.not_defender", "en {1} no hay un defensor"},
	{"why.asalto.huff_none", "el defensor de {1} no dejó de tomar ninguna ficha: no se le puede soplar"},
	{"why.asalto.huff_first", "los atacantes deben soplar primero al defensor de {1} (huff=automatic)"},
	{"why.asalto.huff_step", "el soplo va antes del movimiento de los atacantes, que están obligados a hacerlo: solo pasa el bando que no puede mover"},
	{"why.asalto.attackers_jump", "los atacantes no capturan: solo saltan los defensores"},
	{"why.asalto.adjacent", "{1} y {2} no son vecinos: un paso va por una línea hasta el punto siguiente"},
	{"why.asalto.backwards", "va hacia atrás: los atacantes solo avanzan o van de lado"},
	{"why.asalto.blue", "va por una línea azul: los atacantes no se mueven por las líneas azules ({1})"},
	{"blue.asalto.diagonals", "las diagonales"},
	{"blue.asalto.below", "las filas debajo de la quinta"},
	{"blue.asalto.inside", "las líneas dentro de la fortaleza"},
	{"why.asalto.must_capture", "un defensor puede capturar: los defensores capturan siempre que pueden (huff=compulsory)"},
	{"why.asalto.passed_chain", "se dejó de tomar una ficha: la cadena podía seguir ({1}), y no sigue ningún soplo al defensor de {2}; ¿falta un salto en la copia?"},
	{"why.asalto.passed", "se dejó de tomar una ficha (se podía jugar {1}), y no sigue ningún soplo al defensor de {2}; ¿falta una captura en la copia?"},
	{"why.asalto.passed_two", "se dejó de tomar una ficha (se podía jugar {1}), y no sigue ningún soplo al defensor de {2} ni al de {3}; ¿falta una captura en la copia?"},
	{NULL, NULL}
};

static const tb_lang_entry S_ar[] = {
	{"game.asalto", "لعبة الحصن"},
	{"side.asalto.0", "المهاجمون"},
	{"side.asalto.1", "المحاصران"},
	{"win.asalto.0", "فاز المهاجمون"},
	{"win.asalto.1", "فاز المحاصران"},
	/* why the game is over (rules.c, S_ending; rules.h, tb_ending) */
	{"end.asalto.full", "يشغل المهاجمون النقاط التسع الداخلية في الحصن كلها"},
	{"end.asalto.lockout", "خرج المحاصران من الحصن ولا يستطيعان الدخول مجددًا"},
	{"end.asalto.few.zero", "لم يبقَ أي مهاجم، فلا يُشغل الحصن"},
	{"end.asalto.few.one", "بقي مهاجم واحد، وهو أقل من أن يشغل الحصن"},
	{"end.asalto.few.two", "بقي مهاجمان، وهما أقل من أن يشغلا الحصن"},
	{"end.asalto.few.other", "بقي {1} مهاجمين، وهم أقل من أن يشغلوا الحصن"},
	{"end.asalto.few_held.zero", "لم يبقَ أي مهاجم، فلا يُشغل الحصن، وأحد المحاصرين فيه"},
	{"end.asalto.few_held.one", "بقي مهاجم واحد، وهو أقل من أن يشغل الحصن، وأحد المحاصرين فيه"},
	{"end.asalto.few_held.two", "بقي مهاجمان، وهما أقل من أن يشغلا الحصن، وأحد المحاصرين فيه"},
	{"end.asalto.few_held.other", "بقي {1} مهاجمين، وهم أقل من أن يشغلوا الحصن، وأحد المحاصرين فيه"},
	{"end.asalto.walled", "المحاصر في {2} محبوس إلى الأبد: لا يمكن أن يُشغل الحصن كله، وأحد المحاصرين فيه"},
	{"end.asalto.stuck", "لا يستطيع المهاجمون أن يتحركوا"},
	{"end.asalto.stuck_held", "لا يستطيع المهاجمون أن يتحركوا، وأحد المحاصرين في الحصن"},
	{"end.asalto.immobile", "لا يستطيع المحاصران أن يتحركا فيخسران (immobile=lose)"},
	/* the text board's key (textboard.c) */
	{"mark.asalto.fortress", "الحصن"},
	/* لماذا لا تجوز النقلة (rules.c, S_explain, S_remark; rules.h, tb_why) */
	{"whose.asalto.0", "المهاجمين"},
	{"whose.asalto.1", "المحاصرَين"},
	{"piece.asalto.0", "مهاجم"},
	{"piece.asalto.1", "محاصر"},
	{"why.asalto.apart", "النقطتان {1} و{2} ليستا على بُعد نقطتين على خط واحد"},
	{"why.asalto.over_defender", "القفزة{1} تمرّ فوق {2}، وفيها المحاصر الآخر"},
	{"why.asalto.over_empty", "القفزة{1} تمرّ فوق {2}، وهي خالية"},
	{"why.asalto.one_turn", "تنعطف السلسلة مرة ثانية في {1}: لا يجوز لها أن تنعطف إلا مرة واحدة (chain=one_turn)"},
	{"why.asalto.right_angles", "تنعطف السلسلة في {1} بغير زاوية قائمة: تمضي مستقيمة أو تنعطف بزاوية قائمة (chain=right_angles)"},
	{"why.asalto.straight", "تنعطف السلسلة في {1}: إنها تمضي مستقيمة (chain=straight)"},
	{"why.asalto.go_on", "كان يمكن للسلسلة أن تستمر من {1}: يجب على المحاصرَين قتل كل مهاجم يستطيعان قتله (huff=compulsory)"},
	{"why.asalto.huff_who", "لا يُزيل المحاصرَ إلا المهاجمون، قبل نقلتهم"},
	{"why.asalto.no_huffs", "لا إزالة للمحاصر مع huff={1}"},
	{"why.asalto.not_defender", "لا محاصر في {1}"},
	{"why.asalto.huff_none", "لم يفوّت المحاصر في {1} أي قتل، فلا تجوز إزالته"},
	{"why.asalto.huff_first", "على المهاجمين أن يزيلوا أولًا المحاصر في {1} (huff=automatic)"},
	{"why.asalto.huff_step", "إزالة المحاصر تسبق نقلة المهاجمين، وهي واجبة عليهم: لا يمرّر دوره إلا من لا يستطيع الحركة"},
	{"why.asalto.attackers_jump", "المهاجمون لا يقتلون: القفز للمحاصرَين وحدهما"},
	{"why.asalto.adjacent", "النقطتان {1} و{2} غير متجاورتين: الخطوة على خط إلى النقطة التالية"},
	{"why.asalto.backwards", "إنها تعود إلى الوراء: المهاجمون يتقدمون أو يتحركون جانبًا فقط"},
	{"why.asalto.blue", "إنها على خط أزرق: لا يتحرك المهاجمون على الخطوط الزرقاء ({1})"},
	{"blue.asalto.diagonals", "الأقطار"},
	{"blue.asalto.below", "الصفوف التي تحت الخامس"},
	{"blue.asalto.inside", "الخطوط داخل الحصن"},
	{"why.asalto.must_capture", "يستطيع أحد المحاصرَين أن يقتل: يجب على المحاصرَين القتل متى استطاعا (huff=compulsory)"},
	{"why.asalto.passed_chain", "فُوِّت قتل: كان يمكن للسلسلة أن تستمر ({1})، ولا تليها إزالة المحاصر في {2}؛ هل سقطت قفزة من النسخة؟"},
	{"why.asalto.passed", "فُوِّت قتل (كان يمكن لعب {1})، ولا تليه إزالة المحاصر في {2}؛ هل سقط قتل من النسخة؟"},
	{"why.asalto.passed_two", "فُوِّت قتل (كان يمكن لعب {1})، ولا تليه إزالة المحاصر في {2} ولا المحاصر في {3}؛ هل سقط قتل من النسخة؟"},
	{NULL, NULL}
};

static const tb_game_words S_words[] = {
	{"en", S_en},
	{"es", S_es},
	{"ar", S_ar},
	{NULL, NULL}
};

/* The fortress on the text board (the diagrams style its class). */
static const tb_game_mark S_marks[] = {
	{"fortress", ':', "the fortress"},
	{NULL, 0, NULL}
};

const tb_game tb_game_asalto = {
	.name = "asalto",
	.title = "Asalto",
	.side_tag = {"Attackers", "Defenders"},
	.side_letter = {'A', 'D'},
	.side_name = {"the attackers", "the defenders"},
	.side_piece = {"an attacker", "a defender"},
	.piece_class = {"attacker", "defender"},
	.square_pieces = 1, /* "مربع": the text's pieces are squares */
	.piece_types = "",
	.symmetries = 2, /* left and right: the fortress is at one end, so the
	                  * board turned is another game */
	.extra_keys = S_extras,
	.start = "A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 D:?,?",
	.board = S_board,
	.parse_move = S_parse,
	.check_extra = S_check_extra,
	.options = S_options,
	.renames = S_renames,
	.was = S_was,
	.captured = S_captured,
	.rules = &tb_rules_asalto,
	.place = 2,
	.words = S_words,
	.marks = S_marks,
	.side_sgr = {"1;33", "1;34"},
	/* the red lines (the attackers' way in) and the blue ones, the
	 * fortress, the pieces and their ghosts; in grayscale the blue
	 * lines dashed and the fortress dotted */
	.css = {".line.red{stroke:#c0392b;stroke-width:0.9}"
	        ".line.blue{stroke:#1f5fbf;stroke-width:0.9;stroke-dasharray:2.5,1.5}"
	        ".fortress{fill:#e8e0c8;stroke:#7a6a3a;stroke-width:0.5}"
	        ".piece.attacker{fill:#f2c12e}.piece.defender{fill:#2a62c9}"
	        ".ghost.attacker{stroke:#b8860b}.ghost.defender{stroke:#2a62c9}",
	        ".line.red{stroke:#000;stroke-width:0.9}"
	        ".line.blue{stroke:#000;stroke-width:0.6;stroke-dasharray:2.5,1.5}"
	        ".fortress{fill:url(#dots);stroke:#000;stroke-width:0.5}"
	        ".piece.attacker{fill:#fff}.piece.defender{fill:#000}"},
	.noptions = O_COUNT,
	.value_names = S_values,
};
