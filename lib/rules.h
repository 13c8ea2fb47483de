/*
 * rules.h -- the rules engines' interface (internal; spec/games/).
 *
 * One const tb_rules per game (lib/games/<name>/rules.c), found through
 * the game (tb_game.rules). An engine works on a tb_state: a small fixed-size
 * position that every game shares (cells, hands, captures, side to
 * move, stage, a few marked points), so that "unmake" is restoring a
 * copy, and generates complete turns as tb_turn: the same parts the
 * notation writes, so a generated turn's canonical token is the
 * notation's writer applied to it, and a transcriber's token is matched
 * against generated turns part by part.
 */
#ifndef TB_RULES_H
#define TB_RULES_H

#include "game.h"

/* The bits set in 'm', without the compiler's library call (no POPCNT
 * instruction is assumed): the rules count pieces this way at every
 * turn. */
static inline int tb_popcount(uint64_t m)
{
	m -= (m >> 1) & 0x5555555555555555u;
	m = (m & 0x3333333333333333u) + ((m >> 2) & 0x3333333333333333u);
	m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0fu;
	return (int)((m * 0x0101010101010101u) >> 56);
}

#define TB_MAX_POINTS 64   /* points on any board (Ocencahuac: 5 x 10) */
#define TB_TURN_PARTS 48   /* parts of one generated turn */

/* ## Geometry: points, lines, lines of three */

enum { TB_LINE_ORTHO = 1, TB_LINE_DIAG = 2 };

typedef struct tb_geo_point {
	tb_point pt;       /* grid name */
	float x, y;        /* drawing position, board units, origin bottom-left */
} tb_geo_point;

typedef struct tb_geo_edge {
	uint8_t a, b;      /* dense point indices */
	uint8_t kind;      /* TB_LINE_ORTHO or TB_LINE_DIAG */
	uint8_t colour;    /* game-specific (Asalto: red or blue), 0 if none */
} tb_geo_edge;

/* What a drawing of the board shows beyond its points and lines
 * (spec/svg.md): an area (a rectangle) or a line nobody moves along. */
typedef struct tb_geo_mark {
	const char *cls;   /* its CSS class: "fortress", "volcano", "river-line" */
	uint8_t area;      /* 1: the rectangle (x1,y1)-(x2,y2); 0: the line */
	float x1, y1, x2, y2;
} tb_geo_mark;

typedef struct tb_geometry {
	uint8_t npoints;
	tb_geo_point points[TB_MAX_POINTS];
	uint8_t index[256];          /* tb_point -> dense index + 1; 0 off the board */
	uint8_t nedges;
	tb_geo_edge edges[160];
	uint8_t nadj[TB_MAX_POINTS]; /* neighbours along edges */
	uint8_t adj[TB_MAX_POINTS][8];
	uint8_t adj_edge[TB_MAX_POINTS][8]; /* the edge to each neighbour */
	uint8_t nthrees;             /* lines of three (tercias, jump lines) */
	uint8_t threes[64][3];
	uint8_t three_kind[64];
	uint64_t three_mask[64];     /* the three points as a bit set */
	uint8_t nthrees_at[TB_MAX_POINTS]; /* the lines of three through each point */
	uint8_t threes_at[TB_MAX_POINTS][8];
	uint8_t dist[TB_MAX_POINTS];  /* game-specific distances (Asalto: to the fortress) */
	uint64_t zone;               /* a game's area (Asalto: the fortress), as a bit set */
	uint64_t reach[TB_MAX_POINTS]; /* game-specific, per point (Asalto: where an
	                                  attacker may step, as a bit set; La Pitarra: two
	                                  of its lines of three, S_pairs) */
	uint64_t next_to[TB_MAX_POINTS]; /* game-specific, per point (Asalto: a defender's
	                                  steps along the lines, as a bit set; La Pitarra:
	                                  its other two lines of three, S_pairs) */
	uint64_t jump_to[TB_MAX_POINTS]; /* game-specific: where a jump from each point
	                                  lands, as bit sets (Asalto: the defenders') */
	/* beyond[p][k]: the point after adj[p][k] going p -> adj[p][k] along
	 * a line, or -1 (tb_geo_finish; the jumps and slides ask it at every
	 * turn of every search) */
	int8_t beyond[TB_MAX_POINTS][8];
	uint8_t finished;            /* tb_geo_finish has filled 'beyond' */
	uint8_t nmarks;              /* for drawing: areas and lines beyond the edges */
	tb_geo_mark marks[8];
	uint8_t edges_hidden;        /* the edges are for moves only, not drawn */
} tb_geometry;

/* Dense index of point 'p', or -1 off the board. */
static inline int tb_geo_at(const tb_geometry *g, tb_point p)
{
	return (int)g->index[p] - 1;
}

/* Adds the edges of a polyline "a1 d1 g1" of one kind (colour 0: a
 * game colours its edges afterwards if it has colours); builds
 * adjacency. A point off the board breaks the line there. */
void tb_geo_line(tb_geometry *g, const char *points, uint8_t kind);
/* Adds the points "a1 d1 ..." with drawing positions from the grid. */
void tb_geo_points(tb_geometry *g, const char *points);
/* Adds a drawing mark (an area when 'area'), of CSS class 'cls' (static). */
void tb_geo_mark_add(tb_geometry *g, const char *cls, int area, float x1, float y1, float x2,
                     float y2);
/* Adds a line of three. */
void tb_geo_three(tb_geometry *g, const char *points, uint8_t kind);
/* The next point from 'q' going the way 'p' -> 'q' goes, along an edge
 * in the same direction; -1 where the line ends. */
int tb_geo_beyond(const tb_geometry *g, int p, int q);
/* tb_geo_beyond(g, p, g->adj[p][k]), from the table once it is made. */
static inline int tb_geo_beyond_at(const tb_geometry *g, int p, int k)
{
	return g->finished ? g->beyond[p][k] : tb_geo_beyond(g, p, g->adj[p][k]);
}
/* Fills the tables computed from the finished geometry ('beyond');
 * tb_ruleset_init calls it after the game's configure. */
void tb_geo_finish(tb_geometry *g);
/* The edge joining dense points a and b, or -1. */
int tb_geo_edge_between(const tb_geometry *g, int a, int b);

/* ## Options (the table is the game's: tb_game.options) */

/* A game's options as read from [Rules]: for each option, the index of
 * its value in 'values' ('num' holds a number for "#"). */
typedef struct tb_ruleset {
	const tb_game *game;
	const struct tb_rules *rules;
	tb_geometry geo;
	uint8_t opt[TB_MAX_OPTS];
	long num[TB_MAX_OPTS];
} tb_ruleset;

/* ## Positions, turns, events */

/* A cell: 0 empty, else side + 1 in bits 0-1, piece type in bits 2-4
 * (index into the game's piece_types), crowned in bit 5. */
#define TB_CELL(side, type, crowned) \
	((uint8_t)(((side) + 1) | ((type) << 2) | ((crowned) ? 0x20 : 0)))
#define TB_CELL_SIDE(c) (((c) & 3) - 1)
#define TB_CELL_TYPE(c) (((c) >> 2) & 7)
#define TB_CELL_CROWNED(c) (((c) >> 5) & 1)

typedef struct tb_state {
	uint64_t bits[2];    /* each side's pieces as a bit set of dense points */
	uint8_t cell[TB_MAX_POINTS];
	uint8_t hand[2];     /* pieces still to place */
	uint8_t taken[2];    /* pieces each side has captured */
	uint8_t to_move;
	uint8_t stage;       /* game-specific phase or stage */
	uint8_t mark[4];     /* game-specific points (dense + 1; 0 none) */
	uint32_t quiet;      /* turns since the last capture (a limit is at most 99999) */
	unsigned number;     /* turn number */
	/* What the rules know of the fields above that a walk over the
	 * pieces would find again (Ocencahuac: no piece is cool), for their
	 * own shortcuts: a function of what the keys (poskey.c) and
	 * tb_state_same read, which never read it. 0 claims nothing, so a
	 * state made anywhere else (zeroed, unpacked from a key) is right;
	 * the rules clear what a change of the fields makes untrue. */
	uint8_t hint;
} tb_state;

typedef struct tb_turn {
	uint8_t nparts;
	uint8_t crown;
	tb_part parts[TB_TURN_PARTS];
} tb_turn;

/* What a turn did that a reader of the notation cannot see at once:
 * the public tb_event_kind (tablero.h) in a compact form. 'a' and 'b'
 * are its points (none: 0), as tb_turn_event's point and to; for
 * TB_EV_FORTRESS 'a' is the count. 'piece' is the piece it concerns as
 * a cell (TB_CELL: its side, type and crown; 0 none), as it stood when
 * the event happened (a piece taken: before it went), and 'letter' its
 * type's letter in the game's piece_types (0 when all are alike). */
typedef struct tb_event {
	uint8_t kind;
	tb_point a, b;
	uint8_t piece;
	char letter;
} tb_event;

/* The bit of event kind 'k' in the sets of kinds (tb_rules.events,
 * tb_frame.ev_maybe, tb_ply.maybe): 1 << k for a shared kind, bit 0 --
 * no shared kind's -- for every game's own (TB_EV_GAME on), which the
 * sets do not tell apart: an uncertain one makes them all uncertain. */
static inline unsigned tb_event_slot(unsigned k) { return k < TB_EV_KINDS ? k : 0; }
static inline uint32_t tb_event_bit(unsigned k) { return (uint32_t)1 << tb_event_slot(k); }
/* Is event kind 'k''s 'a' a count, not a point (TB_EV_FORTRESS, a game
 * event with TB_EVF_COUNT)? */
int tb_event_counts(unsigned k);

#define TB_EVENTS_MAX 16 /* events a turn records, at most */
typedef struct tb_events {
	uint8_t n;
	tb_event ev[TB_EVENTS_MAX];
} tb_events;

/* Why a game is over, typed: its words are the game's, by language
 * (game.h, words), under 'key' with ".0" or ".1" after it when 'side' is
 * one, then the plural form of 'count' (lang.h, tb_lang_plural_key).
 * "{1}" in the text is 'count', "{2}" is 'point'. */
typedef struct tb_ending {
	const char *key;  /* "end.pitarra.few": static */
	int side;         /* the side it is about, or -1 */
	long count;       /* a number it says, or -1 */
	char point[8];    /* a point it names, or "" */
} tb_ending;

/* An ending of 'key', no side, no number, no point. */
static inline tb_ending tb_ending_of(const char *key, int side, long count)
{
	tb_ending e = {key, side, count, ""};
	return e;
}

/* Why a written turn is illegal (explain()) or a legal one frowned on
 * (remark()), typed: the words are the game's (game.h, words: keys
 * "why.<game>.*") or the house's (lang_*.c: "why.*"), in each language,
 * under 'key' with ".<side>" after it when 'side' is not -1 (a side, or
 * what else the key says its number is: a piece type), then the
 * plural form of 'count' (tb_lang_text_n) when it is not -1. "{1}" to
 * "{5}" in the text are the args: a point, a token, a number or an
 * option as written -- or, when an arg begins with TB_WHY_WORD, words
 * of their own, "key" or "key|p1|p2..." (the key's text with {1} p1,
 * {2} p2...), or several such separated by TB_WHY_ITEM, joined as a list
 * ("a, b and c" by the keys "why.list.sep" and "why.list.and"). A NULL
 * key says memory ran out explaining (there are no words). */
#define TB_WHY_WORD "\x01"
#define TB_WHY_ITEM "\x1f"
#define TB_WHY_ARGS 5
typedef struct tb_why {
	const char *key;              /* "why.pitarra.hand": static; NULL out of memory */
	int side;                     /* the side the key is about, or -1 */
	long count;                   /* the number that picks the text's plural form, or -1 */
	char arg[TB_WHY_ARGS][400];   /* {1}..{5} */
} tb_why;

/* Sets 'w' to 'key' (static) about 'side' (-1 none) with plural number
 * 'count' (-1 none) and the 'nargs' const char * args that follow (cut
 * to fit; NULL is ""). */
void tb_why_set(tb_why *w, const char *key, int side, long count, int nargs, ...);
/* The words of 'w' in 'l' (NULL: English) into 'out' ('n' bytes, cut;
 * no allocation). An out-of-memory 'w' gives "". */
void tb_why_text(const tb_why *w, const tb_lang *l, char *out, size_t n);
/* Writes into 'out' ('n' bytes) the arg "words of key|param" for
 * tb_why_set ('param' NULL: none). Returns 'out'. */
const char *tb_why_word(char *out, size_t n, const char *key, const char *param);

/* Where a position's pieces stand, of what kind, and whose turn it is:
 * what a search from both ends of a gap meets on (tb_unmoves,
 * reconstruct.c). */
typedef struct tb_occ {
	uint64_t bits[2];    /* as tb_state.bits */
	uint64_t kind[2];    /* two bit planes: the kind of piece on each point, as
	                        far as the game's undoing tells kinds apart
	                        (Ocencahuac: the piece type's two bits) */
	uint8_t to_move;
} tb_occ;

/* A game's turns undone, for a search of a gap from both ends
 * (spec/reconstruct.md §2). */
typedef struct tb_unmoves {
	/* The occupancy of 's' (bits and to_move as they are, 'kind' the
	 * game's), into '*out'. */
	void (*occ)(const tb_ruleset *rs, const tb_state *s, tb_occ *out);
	/* Into 'out' (room for 'cap'), the occupancies of positions one
	 * turn before a position of occupancy 'q' -- a SUPERSET: every
	 * position of a line from 'from' (NULL: any) toward 'target', played
	 * 'turns' turns after 'from', with a legal turn to a position of
	 * occupancy 'q', has its occupancy among them (repeats allowed; the
	 * game may leave out those 'from' cannot reach in 'turns' turns);
	 * returns how many (more than 'cap': only 'cap' were written, call
	 * again with more room). SIZE_MAX when the game
	 * cannot say for a line toward 'target' (turns it does not undo may
	 * be played): the search then goes forward only. The answers rest
	 * on the forward engine: an occupancy too many only prunes less,
	 * one missing loses answers (tests/unit/test_unmove.c checks each
	 * turn generate() lists). Borrows everything. */
	size_t (*undo)(const tb_ruleset *rs, const tb_state *from, unsigned turns,
	               const tb_state *target, const tb_occ *q, tb_occ *out, size_t cap);
} tb_unmoves;

/* ## The table of functions */

typedef struct tb_rules {
	/* Fills rs->geo from the options. NULL, or why not (static). */
	const char *(*configure)(tb_ruleset *rs);
	/* The state for position 'p' (NULL: the start). Returns 0 (with
	 * 'why', which the caller sets to "" first, holding a remark when
	 * the rules leave aside something the position says); 1 with 'why'
	 * set when the position is incomplete (pieces on unknown points);
	 * -1 when it cannot occur. */
	int (*load)(const tb_ruleset *rs, const tb_position *p, tb_state *s,
	            char *why, size_t n);
	/* The position notation of 's' ('out' filled, arrays in 'a'; out of
	 * memory, 'a' jumps or aborts -- not soft: tb_rules_save). */
	void (*save)(const tb_ruleset *rs, const tb_state *s, tb_arena *a,
	             tb_position *out);
	/* Every legal complete turn, in a fixed order, into 'out'; returns
	 * how many there are. When that is more than 'cap', only 'cap' were
	 * written: call again with more room (tb_turns_generate does). With
	 * 'cap' 0 ('out' may then be NULL) it only counts them, as cheaply
	 * as it can: perft's bulk counting of the last ply. No turn when the
	 * game is over; a blocked player's only turn is the empty one (a
	 * pass). */
	size_t (*generate)(const tb_ruleset *rs, const tb_state *s, tb_turn *out,
	                   size_t cap);
	/* Optional: the legal turns whose first part is TB_PART_AT on point
	 * 'at' -- those generate() lists that begin there, in its order --
	 * for checking a written turn at about the cost of playing it
	 * (tb_turn_find). None when the game is over; never a pass. Built
	 * from the generator's own pieces, so the two cannot disagree on a
	 * rule; tests/unit/test_direct.c proves they agree. 'hint' is the
	 * second part written: the turns whose second part is of another
	 * kind (unless hint.kind is TB_PART_AT) or on another point (unless
	 * hint.pt is TB_PT_NONE) may be left out -- a written step need not
	 * list the jumps, nor the steps elsewhere -- but listing them is
	 * right too. */
	size_t (*generate_at)(const tb_ruleset *rs, const tb_state *s, tb_point at,
	                      tb_part hint, tb_turn *out, size_t cap);
	/* Optional: the one legal turn that written move 'm' is, into '*out',
	 * and 1; 0 when none or several are; -1 when the rules leave this
	 * shape of turn to the list (generate_at). 'm' begins with
	 * TB_PART_AT and has no '?' point (tb_turn_find's conditions).
	 * Exactly the answer of counting, in generate_at's list from m's
	 * first point, the turns that fit 'm' with its crown marker
	 * (tb_turn_one, tb_turn_find), without listing them: a written turn
	 * checked at about the cost of reading it, where validation and the
	 * slip search's walks spend their time. tests/unit/test_direct.c
	 * proves the two agree. tb_turn_find also asks it of a move that
	 * begins with a penalty (TB_PART_HUFF) and then TB_PART_AT, which
	 * generate_at does not list: 1 only when it is the one turn of the
	 * full list that fits; rules without penalties answer 0 or -1. */
	int (*one)(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_turn *out);
	/* Optional: is the pass the one legal turn of 's' -- generate() would
	 * list the empty turn, and so no other -- 1; 0 when it is not (the
	 * game is over, or the side has a turn to make). The pass written in
	 * a record checked without listing the turns it is not (tb_pass_find,
	 * tb_turn_one); tests/unit/test_direct.c proves it agrees with the
	 * list. */
	int (*pass)(const tb_ruleset *rs, const tb_state *s);
	/* Plays legal turn 't' (from generate) and reports its events. */
	void (*play)(const tb_ruleset *rs, tb_state *s, const tb_turn *t, tb_events *ev);
	/* Clears in 's' what its position notation does not keep because no
	 * later turn can read it (a count no limit reads, a move that can no
	 * longer matter), so that two states the notation cannot tell apart
	 * are one position where positions are counted (reconstruct.c). May
	 * be NULL: every field then matters. */
	void (*canon)(const tb_ruleset *rs, tb_state *s);
	/* The event kinds play() may report, tb_event_bit: what a turn the
	 * rules cannot follow may have done (tablero grep asks no question
	 * of it that the game cannot answer). */
	uint32_t events;
	/* 1 when the game is over in 's', with its result and why, in
	 * English (diagnostics). A game with ending() sets this to
	 * tb_rules_over_words, which words its ending in English. */
	int (*over)(const tb_ruleset *rs, const tb_state *s, tb_result *res,
	            char *why, size_t n);
	/* Optional: 1 when the game is over in 's', with its result and why
	 * as a typed ending (tb_ending), whose words are the game's in each
	 * language (tb_ending_text); 0 when it is not over. */
	int (*ending)(const tb_ruleset *rs, const tb_state *s, tb_result *res, tb_ending *e);
	/* The result the rules would give if the game stopped now (by
	 * agreement), or NULL when they give none. */
	tb_result (*result_now)(const tb_ruleset *rs, const tb_state *s);
	/* Why 'm' (matching no legal turn) is illegal, typed (tb_why; its
	 * key NULL when memory ran out). The caller sets 'why' to
	 * tb_say_no_fit's first. */
	void (*explain)(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_why *why);
	/* Optional: 1 with 'why' set when legal turn 't' (from 'before' to
	 * 'after') breaks a rule whose penalty is the opponent's to take
	 * (Asalto: a capture passed up). With 'why' NULL, only says
	 * whether it does: the words are asked for when they are told,
	 * which is seldom (the penalty is mostly taken or the turn fine).
	 * Out of memory the key is NULL (validate says TB_ENOMEM). */
	int (*remark)(const tb_ruleset *rs, const tb_state *before, const tb_turn *t,
	              const tb_state *after, tb_why *why);
	/* Optional: 0 when 'target' surely cannot be reached from 's' in
	 * exactly 'turns' turns (pieces in hand, counts that never grow,
	 * pieces that must still arrive); 1 when it may be. Prunes the
	 * search of a gap before a restated position. */
	int (*bound)(const tb_ruleset *rs, const tb_state *s, const tb_state *target,
	             unsigned turns);
	/* Optional (NULL: no bound): a lower bound, from the rules, on the
	 * turns each side must still play, need[side], to go from 's' to
	 * 'target'; 0 when no number of turns can (a piece 'target' has that
	 * nothing can bring back). It must never be more than a real line
	 * takes: a reconstruction (spec/reconstruct.md §2) drops a position
	 * whose bound exceeds the turns left, and an answer is lost if it
	 * is wrong. Borrows everything. */
	int (*turns_needed)(const tb_ruleset *rs, const tb_state *s, const tb_state *target,
	                    unsigned need[2]);
	/* Optional (NULL: none; a gap is then searched forwards only):
	 * turns undone (tb_unmoves). */
	const tb_unmoves *unmove;
	/* Optional: completes a start that load() found incomplete with a
	 * player's free choices, drawn from 'r' (random games). Returns 0,
	 * or -1 when what is missing is no player's choice. */
	int (*random_start)(const tb_ruleset *rs, tb_state *s, unsigned long long r);
	/* Optional: one() and, when it answers 1, play() of the turn it
	 * found (no events), in one: 1 with that turn played into '*s'; 0
	 * or -1 as one() answers, '*s' unchanged. The same answer and
	 * position as the two calls, for less: the slip search's walks
	 * (repair_walk.c) check and play a written turn at every step and
	 * read nothing of the turn but the position it leaves. */
	int (*one_play)(const tb_ruleset *rs, tb_state *s, const tb_move *m);
	/* Optional (only beside one_play): one_play() of 'ms[0]', 'ms[1]',
	 * ... in turn, at most 'n' of them, while each answers 1: returns
	 * how many it played into '*s', and sets '*stop' to what one_play
	 * answered for the next, which is not played (0 refused, -1 left to
	 * the list), or to 1 when it played all 'n'. The same answers and
	 * position as those calls, for less: the slip search's walks
	 * (repair_walk.c) replay runs of written turns, a few at a time, for
	 * hundreds of repairs a search. */
	unsigned (*one_play_run)(const tb_ruleset *rs, tb_state *s, const tb_move *const *ms,
	                         unsigned n, int *stop);
	/* Optional (NULL: any turn may be): 0 when remark() surely says
	 * nothing of legal turn 't' from 's', asked before 't' is played;
	 * 1 when it may. Lets validate play a turn in place, without the
	 * copy of the position remark() would compare it with (most turns:
	 * Asalto remarks only on a defenders' move under huff=optional|
	 * automatic). It must never answer 0 of a turn remark() frowns on. */
	int (*may_remark)(const tb_ruleset *rs, const tb_state *s, const tb_turn *t);
} tb_rules;

/* Why 's' is over in language 'l' (NULL: English) into 'why' ('n' bytes):
 * the game's ending() in its words, or over()'s English when it has no
 * ending(). Returns 1 when over (with '*res'), 0 when not. */
int tb_rules_over_in(const tb_ruleset *rs, const tb_state *s, const tb_lang *l, tb_result *res,
                     char *why, size_t n);
/* over() for a game that has ending(): its ending in English. */
int tb_rules_over_words(const tb_ruleset *rs, const tb_state *s, tb_result *res, char *why,
                        size_t n);

/* A list of turns that grows to hold every legal turn of a position. */
typedef struct tb_turns {
	tb_turn *v;
	size_t cap;
} tb_turns;

/* Every legal turn of 's' into 'l', grown as needed; returns how many.
 * Out of memory it returns 0 and empties 'l' (tb_turns_failed; callers
 * ask it before taking 0 for "no legal turn"). */
size_t tb_turns_list(const tb_ruleset *rs, const tb_state *s, tb_turns *l);
/* tb_turns_list for the code not yet made to recover: out of memory
 * aborts (xalloc.h). */
size_t tb_turns_generate(const tb_ruleset *rs, const tb_state *s, tb_turns *l);
void tb_turns_free(tb_turns *l);
/* The last tb_turns_generate or tb_turn_find into 'l' ran out of memory. */
static inline int tb_turns_failed(const tb_turns *l)
{
	return l->v == NULL;
}

/* rules->save into 'a' (a soft arena or not); TB_ENOMEM when memory ran
 * out, and then 'p' is unfinished and 'a' only fit to be freed. */
int tb_rules_save(const tb_ruleset *rs, const tb_state *s, tb_arena *a, tb_position *p);

/* Does generated turn 't' fit the transcriber's move 'm' (a '?' point
 * fits any point)? Crown markers are the caller's to compare. */
int tb_turn_fits(const tb_turn *t, const tb_move *m);
/* Appends the canonical token of legal turn 't' ("d2-d3", "pass"). */
void tb_turn_token(tb_buf *b, const tb_turn *t);

/* The one legal turn of 's' that written move 'm' is -- its parts and
 * its crown marker -- found by the direct check (rules->generate_at,
 * into 'l'; rules->one for a move that begins with a penalty and then a
 * piece's point), or NULL when that cannot tell: the rules have no direct
 * check, 'm' has a '?' point or does not begin with a piece's point, or
 * no turn or more than one fits. NULL is no verdict: the caller then
 * lists every legal turn (tb_turns_generate), which says why. A turn
 * returned is the one the full list would give; it points into 'l'. */
const tb_turn *tb_turn_find(const tb_ruleset *rs, const tb_state *s, const tb_move *m,
                            tb_turns *l);
/* tb_turn_find, and the turn it finds played (rules->play, no events)
 * into '*s': 1; 0 when it finds none, '*s' unchanged. Where the rules
 * have one_play, a move rules->one answers is checked and played in
 * that one call (the plain run of validate: every turn of a clean
 * record); the same answer and position as the two calls. */
int tb_turn_find_play(const tb_ruleset *rs, tb_state *s, const tb_move *m, tb_turns *l);
/* The pass as the one legal turn of 's' (rules->pass), into 'l' (a turn
 * with no part), or NULL when it is not, or when the rules have no such
 * check, or memory ran out (tb_turns_failed): NULL is no verdict, as for
 * tb_turn_find. It points into 'l'. */
const tb_turn *tb_pass_find(const tb_ruleset *rs, const tb_state *s, tb_turns *l);
/* Can the direct check list every turn that fits written move 'm': the
 * rules have one (generate_at), 'm' begins with a piece's point and has
 * no '?' point? tb_turn_find's and tb_turn_one's conditions, which the
 * slip search's walks ask once per written move (repair_walk.c). */
int tb_turn_direct(const tb_ruleset *rs, const tb_move *m);
/* Does some legal turn of 's' fit written move 'm', with its crown
 * marker? Asked of the direct check's list (tb_turn_direct must hold:
 * it holds every turn that could fit), into 'l': 1 or 0, the answer of
 * the full list at the cost of one point's turns; -1 when memory ran
 * out (tb_turns_failed). */
int tb_turn_fits_at(const tb_ruleset *rs, const tb_state *s, const tb_move *m, tb_turns *l);
/* The one legal turn of 's' that written move 'm' is, with its crown
 * marker (NULL 'm': the pass), or NULL when none or several are, or
 * memory ran out (tb_turns_failed). Exactly the answer of counting the
 * fits in the full list, found from the direct check's list when that
 * holds every turn that could fit (tb_turn_find's conditions), so at
 * about the cost of playing it. It points into 'l'. */
const tb_turn *tb_turn_one(const tb_ruleset *rs, const tb_state *s, const tb_move *m,
                           tb_turns *l);

/* The part of a bound (tb_rules.bound) every game shares: can 'target'
 * follow 's' after exactly 'turns' turns, if each turn of a side puts at
 * most 'own' of its pieces on points they did not hold and at most
 * 'other' of the other side's (pushed, relocated), and captures are
 * never given back? */
int tb_bound_common(const tb_state *s, const tb_state *target, unsigned turns, unsigned own,
                    unsigned other);

/* The state after position 'p', which a record restates, into 'out':
 * 'reached' (the position the line reached; NULL when it is not known)
 * when it is the one restated, so that what happened before it -- the
 * keys moved and quiet, which a restatement may leave out -- goes on;
 * else 'p' loaded. Returns what load() returns, with its 'why'. */
int tb_restate(const tb_ruleset *rs, const tb_state *reached, const tb_position *p,
               tb_state *out, char *why, size_t n);
/* tb_restate, but TB_ENOMEM ('out' untouched) when memory ran out,
 * where tb_restate aborts (xalloc.h). */
int tb_restate_soft(const tb_ruleset *rs, const tb_state *reached, const tb_position *p,
                    tb_state *out, char *why, size_t n);

/* Writes events "tercia a1-a7; removal d5" (event.c): the display form
 * of tb_turn_report.events, never read back. */
void tb_events_write(tb_buf *b, const tb_events *ev);

/* The public form of 'ev' (event.c): out[i] for ev->ev[i], its point
 * names held in pts[i] (so 'out' lives as long as 'pts'). */
void tb_events_public(const tb_events *ev, tb_turn_event out[TB_EVENTS_MAX],
                      char pts[TB_EVENTS_MAX][2][4]);

/* Appends an event to 'ev' (if not NULL and not full). */
void tb_event_add(tb_events *ev, uint8_t kind, tb_point a, tb_point b);
/* tb_event_add of an event that concerns the piece 'cell' (a TB_CELL of
 * game 'rs'), whose type letter it keeps too. */
void tb_event_add_piece(tb_events *ev, const tb_ruleset *rs, uint8_t kind, tb_point a, tb_point b,
                        uint8_t cell);

/* An engine's rules and position (engine.c), for the drawing code. */
const tb_ruleset *tb_engine_ruleset(const tb_engine *e);
const tb_state *tb_engine_state(const tb_engine *e);
/* A new engine in position 'st' under 'rs' (copied); 'rules' the
 * [Rules] value it came from, or NULL. The caller frees it; NULL when
 * memory ran out. */
tb_engine *tb_engine_at(const tb_ruleset *rs, const tb_state *st, const char *rules);

/* Appends position 's' drawn as text (textboard.c, tb_engine_board); out of
 * memory fails 'b' (tb_buf_fail: aborts unless 'b' is soft). */
void tb_board_text(tb_buf *b, const tb_ruleset *rs, const tb_state *s, unsigned flags,
                   const tb_lang *l);

/* Reads the options of [Rules] into 'rs' for game 'g' and builds its
 * geometry. Returns NULL, or a message naming the bad option. */
const char *tb_ruleset_init(tb_ruleset *rs, const tb_game *g, const tb_opts *o,
                            char *why, size_t n);
/* The same ruleset as tb_ruleset_init makes, not copied: this thread's
 * kept one, read by pointer. It stays so until this thread's next
 * tb_ruleset_init or tb_ruleset_kept (which may reuse its place): read it
 * before asking for another. NULL, with the message in 'why', when the
 * options are refused. */
const tb_ruleset *tb_ruleset_kept(const tb_game *g, const tb_opts *o, char *why, size_t n);

#endif
