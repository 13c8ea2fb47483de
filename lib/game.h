/*
 * game.h -- what the house knows of each game (internal).
 *
 * Each game is one folder, lib/games/<name>/: its notation and its
 * descriptor (game.c, one const tb_game named tb_game_<name>), its rules
 * engine (rules.c) and what those two share (<name>.h). The registry is
 * generated from the folders' names at build time (tools/games.sh, the
 * Makefile's $(BUILD)/gen/games.c), so adding a game edits no file of
 * the house. The notation layer needs a game's board (which points
 * exist), its move-token grammar, its side names and its position
 * notation; legality is the rules engines'; the descriptor also carries
 * what the writers draw and say of it (its words, marks, colours).
 */
#ifndef TB_GAME_H
#define TB_GAME_H

#include <stddef.h>

#include "arena.h"
#include "buf.h"
#include "lang.h"
#include "record.h"

#define TB_MAX_FILES 8
#define TB_MAX_RANKS 16

/* Which points exist: valid[pt] for pt in 1..127. */
typedef struct tb_board {
	uint8_t files, ranks;
	uint8_t valid[128];
} tb_board;

/* Returns the value of option 'key', or NULL. */
const char *tb_opts_get(const tb_opts *o, const char *key);

/* Where and why a token or position text did not parse. */
typedef struct tb_syntax_err {
	size_t offset;     /* byte offset of the problem in the text */
	size_t len;        /* bytes it covers (>= 1) */
	char msg[160];
} tb_syntax_err;

/* A token being scanned by a game's grammar. */
typedef struct tb_scan {
	const char *s;
	size_t n, i;
	const tb_board *board;
	const char *game_title;
	tb_syntax_err *err;
	/* NULL, or where a point off the board is told: such a point is then
	 * taken (a misheard point the rules may make out) and the first one
	 * described here, 'len' 0 while there is none */
	tb_syntax_err *offboard;
} tb_scan;

/* Reads a point ("d1", "?") at the scan position. Returns 0, or -1
 * with err set (no point there, or not on the board unless sc->offboard
 * takes it). */
int tb_scan_point_any(tb_scan *sc, tb_point *out);
static inline int tb_scan_point(tb_scan *sc, tb_point *out)
{
	/* inline, the way nearly every point goes: a small letter, one
	 * digit, a point of the board (and what follows is no digit) */
	size_t i = sc->i;
	if (i + 1 < sc->n) {
		unsigned f = (unsigned char)sc->s[i] - (unsigned)'a';
		unsigned r = (unsigned char)sc->s[i + 1] - (unsigned)'1';
		if (f < 26 && r < 9 && (i + 2 >= sc->n || (unsigned)(sc->s[i + 2] - '0') > 9) &&
		    f < sc->board->files && r < sc->board->ranks &&
		    sc->board->valid[TB_PT(f, r)]) {
			sc->i = i + 2;
			*out = TB_PT(f, r);
			return 0;
		}
	}
	return tb_scan_point_any(sc, out);
}
/* Reads a plain step that is the whole rest of the token ("c3-c4"), as
 * tb_scan_point, tb_scan_accept(sc, '-') and tb_scan_point would, at
 * once: a small letter and one digit, '-', a small letter and one digit,
 * then the token's end, each point on the board. Returns 1 with 'from'
 * and 'to' set and the scan past the token; 0 for anything else (the
 * scan unmoved), which the caller's grammar reads -- a suffix, a longer
 * point, a point off the board, an error. Each digit is '1'..'9': on a
 * board of ten ranks a ':' would pass for rank 10, which no grammar
 * reads. (Inline: the notations call it first for every token.) */
static inline int tb_scan_step(tb_scan *sc, tb_point *from, tb_point *to)
{
	const unsigned char *s = (const unsigned char *)sc->s + sc->i;
	const tb_board *b = sc->board;
	if (sc->n - sc->i != 5 || s[2] != '-')
		return 0;
	unsigned f1 = s[0] - (unsigned)'a', r1 = s[1] - (unsigned)'1';
	unsigned f2 = s[3] - (unsigned)'a', r2 = s[4] - (unsigned)'1';
	/* within TB_MAX_FILES and one digit ('1'..'9'), a point is in valid[]
	 * (no file runs into the next rank), which says 0 off the board */
	if ((f1 | f2) >= TB_MAX_FILES || r1 >= 9 || r2 >= 9 || !b->valid[TB_PT(f1, r1)] ||
	    !b->valid[TB_PT(f2, r2)])
		return 0;
	*from = TB_PT(f1, r1);
	*to = TB_PT(f2, r2);
	sc->i += 5;
	return 1;
}
/* Appends 's' (n bytes) to 'ascii' with its Arabic-Indic digits as
 * 0-9; returns 1 when it had any. */
int tb_indic_digits(const char *s, size_t n, tb_buf *ascii);
/* Appends the points of board 'b' that sound like 'p' (its file, then
 * its rank), as "f2, f4 or f6", or nothing when there are none. */
void tb_point_alike(const tb_board *b, tb_point p, tb_buf *out);
/* Returns 1 when 's' is exactly one known point of board 'b', and
 * appends its canonical spelling to 'canon' (if not NULL). */
int tb_is_point(const tb_board *b, const char *s, tb_buf *canon);
/* Consumes 'c' if it is next; returns 1 when it did. (Inline, as
 * tb_scan_point and tb_mb_add: the grammars call them at every part.) */
static inline int tb_scan_accept(tb_scan *sc, char c)
{
	if (sc->i < sc->n && sc->s[sc->i] == c) {
		sc->i++;
		return 1;
	}
	return 0;
}
/* Sets the error at the scan position and returns -1. */
int tb_scan_fail(tb_scan *sc, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Collects a move's parts while a grammar reads them. */
typedef struct tb_move_builder {
	tb_part parts[TB_MAX_PARTS];
	unsigned n;
	uint8_t crown;
} tb_move_builder;

/* Sets err to "too many parts" and returns -1 (tb_mb_add's way out). */
int tb_mb_full(tb_scan *sc);
/* Appends a part; -1 with err set past TB_MAX_PARTS. */
static inline int tb_mb_add(tb_move_builder *mb, tb_scan *sc, tb_part_kind kind, tb_point pt)
{
	if (mb->n >= TB_MAX_PARTS)
		return tb_mb_full(sc);
	mb->parts[mb->n].kind = (uint8_t)kind;
	mb->parts[mb->n].pt = pt;
	mb->n++;
	return 0;
}

/* Sets up 'sc' to read one move word, s[0..n), from its start with a
 * game's grammar on 'board' (its game titled 'title'), with errors into
 * 'err' and a point off the board into 'off' (NULL: refused, see
 * tb_scan), both cleared, and 'mb' empty: the one setup of the parser's,
 * the fast tier's and the word notes' readings of a move word. Set
 * field by field: a whole initializer zeroed both messages (160 bytes
 * each) at every turn of every record. */
static inline void tb_scan_word(tb_scan *sc, const char *s, size_t n, const tb_board *board,
                                const char *title, tb_syntax_err *err, tb_syntax_err *off,
                                tb_move_builder *mb)
{
	err->offset = 0;
	err->len = 1;
	err->msg[0] = '\0';
	if (off) {
		off->offset = off->len = 0;
		off->msg[0] = '\0';
	}
	sc->s = s;
	sc->n = n;
	sc->i = 0;
	sc->board = board;
	sc->game_title = title;
	sc->err = err;
	sc->offboard = off;
	mb->n = 0;
	mb->crown = 0;
}

/* A rule option of a game ([Rules "game; key=value"]). */
typedef struct tb_option {
	const char *key;
	const char *values;   /* "a|b|c", the default first; "#" takes a number */
	const char *doc;      /* one line, for --help and the spec */
} tb_option;

/* A name the rules give one value of an option (rs->opt[option] is the
 * value's place in the option's "a|b|c"): its enum beside the table
 * (<name>.h) and its text, which must be at that place
 * (tests/unit/test_games.c checks each game's, and that every value is
 * named): a value moved in "a|b|c" cannot silently change the rules. */
typedef struct tb_option_value {
	unsigned option;    /* the option's index in the table, O_... */
	unsigned value;     /* the value's place in its "a|b|c" */
	const char *text;   /* the value as written there: "lose", "#" */
} tb_option_value;

/* An option renamed: a [Rules] that still names it is read under the
 * new name, with a warning (TB211), and means what it always meant. */
typedef struct tb_option_rename {
	const char *key, *value;         /* as once written; value NULL: any */
	const char *new_key, *new_value; /* new_value NULL: the same value */
} tb_option_rename;

/* An option whose default changed: validate tells a record that does
 * not name it when a turn it refuses was legal under the old default. */
typedef struct tb_option_was {
	const char *key, *value; /* the default before */
	const char *until;       /* the last version it was the default in */
} tb_option_was;

struct tb_rules;

/* A game's words in one language (lang.h's keys, as "side.<name>.0"):
 * the lookups of tb_lang_text find them after the house's own. */
typedef struct tb_game_words {
	const char *lang;              /* BCP 47 primary subtag: "es" */
	const tb_lang_entry *entries;  /* NULL key last */
} tb_game_words;

/* How the text board (textboard.c) shows one of the marks the game's
 * rules add to the geometry (tb_geo_mark_add, by CSS class). */
typedef struct tb_game_mark {
	const char *cls;   /* the mark's class, as the rules add it */
	char ch;           /* the sign drawn on its lines, or its empty points */
	const char *what;  /* for the key: "the fortress" */
} tb_game_mark;

/* An event of a game's own (tablero.h, TB_EV_GAME): what its turns do
 * that none of the shared kinds says. Its rules report it as kind
 * tb_game_event_kind(game, i), i its place in the game's list. */
typedef struct tb_game_event {
	const char *name;  /* as reports, XML and grep --event write it: small
	                      letters and single spaces, no kind's name else */
	uint8_t fields;    /* what the event's 'a' and 'b' are: TB_EVF_* */
} tb_game_event;
#define TB_EVF_POINT 1 /* 'a' is the point it happened on */
#define TB_EVF_TO 2    /* 'b' is where a piece went */
#define TB_EVF_COUNT 4 /* 'a' is a count (no point): XML's count= */

/* A move part of a game's own (tablero.h, TB_PART_GAME): what its
 * tokens write that none of the shared kinds says. Its notation
 * (parse_move) and rules make it as kind tb_game_part_kind(game, i), i
 * its place in the game's list. */
typedef struct tb_game_part {
	const char *name;  /* XML's <part kind="...">: small letters, no
	                      other kind's name */
	char sep;          /* the symbol its token writes before its point,
	                      or '\0' for none (the notation reads it back) */
	uint8_t fields;    /* TB_PARTF_* */
} tb_game_part;
#define TB_PARTF_TO 1    /* its point is a destination: XML's to=, else point= */
#define TB_PARTF_MOVES 2 /* the moving piece goes there: a <place> before
                            it is a <from>, and diagrams draw its path */

struct tb_game {
	const char *name;           /* as in [Game "..."] */
	const char *title;          /* for people */
	const char *side_tag[2];    /* player tags, first mover first */
	char side_letter[2];        /* in position notation */
	/* For people, in the engines' messages (reasons.c): each side's name as
	 * a sentence names it ("Red", "the attackers", "Sangangüey") and one
	 * of its pieces ("a red piece", "an attacker"). */
	const char *side_name[2];
	const char *side_piece[2];
	const char *piece_class[2]; /* each side's pieces' CSS class in diagrams */
	uint8_t square_pieces;      /* drawn square (Asalto's are), else round */
	/* The symmetries of the board and start that the rules respect
	 * (tb_point_symmetry): 1 none, 2 the mirror of the files, 8 the
	 * square's (a board as wide as high). Duplicates are found up to
	 * these (spec/compare.md). */
	uint8_t symmetries;
	const char *piece_types;    /* type letters, "" when all alike */
	const char *const *extra_keys; /* position key=value keys, NULL-ended */
	const char *start;          /* the start under the default rules, in position
	                               notation (for people and tests: engines build
	                               theirs from the rules) */
	/* Fills 'out' for the options; returns NULL or a message naming
	 * the bad option value (static string). */
	const char *(*board)(tb_board *out, const tb_opts *opts);
	/* Reads the move part of a turn token (suffixes already split
	 * off). Returns 0, or -1 with sc->err set. */
	int (*parse_move)(tb_scan *sc, tb_move_builder *mb);
	/* Checks one position key=value; NULL when fine (its canonical
	 * spelling appended to 'canon'; nothing when the value is what
	 * leaving the key out means, and the key is dropped), else a
	 * message. Out of memory, 'canon' fails (tb_buf_fail). */
	const char *(*check_extra)(const tb_board *b, const char *key,
	                           const char *value, tb_buf *canon);
	const tb_option *options;   /* the game's rule options, NULL key last */
	const tb_option_rename *renames; /* NULL key last, or NULL */
	const tb_option_was *was;   /* defaults that changed, NULL key last, or NULL */
	/* Where the piece taken by a capture part from 'from' to 'to'
	 * stood; NULL when the game's captures take no piece that way. */
	tb_point (*captured)(tb_point from, tb_point to);
	const struct tb_rules *rules; /* its rules engine, or NULL (none yet) */
	/* Its place in the lists of games (tb_game_at, the messages naming
	 * the games): by this, then by name. The first is the default game
	 * (tablero perft, random). */
	uint8_t place;
	/* Its names, side names, results and crowned pieces' names, one
	 * table per language, English first; NULL lang last. English must have
	 * "game.<name>", "side.<name>.0/1" and "win.<name>.0/1"; every other
	 * table has every key of the English one (tests/unit/test_lang.c). */
	const tb_game_words *words;
	/* The marks of its geometry as the text board shows them, NULL cls
	 * last, or NULL (the diagrams style them by class: diagram.c). */
	const tb_game_mark *marks;
	/* Each side's colour on a terminal (an SGR parameter, "1;31"). */
	const char *side_sgr[2];
	/* The diagrams' style rules for its own classes -- its pieces'
	 * (piece_class: ".piece.X", ".ghost.X", ".label.X" when it has
	 * types, ".tercia.X"), its marks', its edges' colours ("line red",
	 * "line blue") -- for the colour sheet and the grayscale one; NULL
	 * when it has none. The house's sheet (diagram.c) styles only what
	 * every game draws; these follow it. A sheet carries the rules of
	 * the games its document draws, no other game's: a game added
	 * leaves every other game's diagrams as they were. */
	const char *css[2];
	/* How many options the table has (O_COUNT): a line left out of the
	 * table is caught, not read as its end (tests/unit/test_games.c). */
	size_t noptions;
	/* Every value of every option by its name in the rules, NULL text
	 * last (tb_option_value). */
	const tb_option_value *value_names;
	/* The events of its own, NULL name last, or NULL: none (its rules
	 * report only shared kinds). */
	const tb_game_event *events;
	/* The move parts of its own, NULL name last, or NULL: none (its
	 * moves are made of shared kinds only). */
	const tb_game_part *parts;
};

/* The registry, generated from lib/games/ (tools/games.sh): every game
 * built in, in no particular order, NULL last. */
extern const tb_game *const tb_games_built_in[];

/* A set of games: bit i stands for tb_game_at(i) (what a document
 * draws, diagram.c). Returns the bit of 'g', or 0 for NULL or a game
 * past the 64th in the lists. */
uint64_t tb_game_bit(const tb_game *g);

/* The kinds the games bring (events, move parts) are numbered over the
 * registry from 'base' (TB_EV_GAME, TB_PART_GAME): each game's, in its
 * list's order, after those of the games before it in tb_game_at's
 * order; 'count' says how many game 'g' brings. The kind of the 'i'-th
 * of game 'g' (0 when it has no such one, or past 255); and the game
 * that brings kind 'k', '*i' set to its place in that game's list
 * (NULL when no game does). */
unsigned tb_game_kind_number(const tb_game *g, unsigned i, unsigned base,
                             unsigned (*count)(const tb_game *));
const tb_game *tb_game_kind_owner(unsigned k, unsigned base, unsigned (*count)(const tb_game *),
                                  unsigned *i);

/* The kind of the 'i'-th event of game 'g''s own list (tb_game.events),
 * TB_EV_GAME on (tablero.h); 0 when it has no such event. */
unsigned tb_game_event_kind(const tb_game *g, unsigned i);
/* The game event of kind 'k' (TB_EV_GAME on), or NULL; sets '*game' to
 * its game when not NULL. */
const tb_game_event *tb_game_event_of(unsigned k, const tb_game **game);

/* The kind of the 'i'-th part of game 'g''s own list (tb_game.parts),
 * TB_PART_GAME on (tablero.h); 0 when it has no such part. */
unsigned tb_game_part_kind(const tb_game *g, unsigned i);
/* The game part of kind 'k' (TB_PART_GAME on), or NULL; sets '*game'
 * to its game when not NULL. */
const tb_game_part *tb_game_part_of(unsigned k, const tb_game **game);
/* What the users of a part ask of its kind 'k' (part.c), shared or a
 * game's: the symbol a token writes before its point ('\0' none);
 * whether its point is a destination (XML's to=); whether the moving
 * piece is there after it (TB_PART_AT included); whether it takes the
 * piece from where it was (as moves, TB_PART_AT excluded). 0 for no kind. */
char tb_part_sep(unsigned k);
int tb_part_to(unsigned k);
int tb_part_moves(unsigned k);
int tb_part_goes(unsigned k);

/* The side that moves first from the game's start under options 'o':
 * 1 when the game's option "first" names its second side, else 0. */
int tb_game_first_side(const tb_game *g, const tb_opts *o);

/* Checks the options 'o' against the game's table: NULL, or why not
 * (written into 'why'). */
const char *tb_options_check(const tb_game *g, const tb_opts *o, char *why, size_t n);

/* Writes into 'out' (n bytes, NUL-terminated, cut short if it must)
 * the names of the games, in their order (tb_game_at), as "pitarra,
 * asalto and ocencahuac": each between 'quote's, 'conj' ("and", "or")
 * before the last, and the first with 'first_pre' before it and
 * 'first_post' after (for "[Game \"pitarra\"]"). Allocates nothing:
 * the reader's messages use it. */
void tb_game_names(char *out, size_t n, const char *quote, const char *conj,
                   const char *first_pre, const char *first_post);

/* Symmetry 'k' (< the game's 'symmetries') of point 'p' on board 'b':
 * bit 2 swaps files and ranks, bit 0 mirrors the files, bit 1 the
 * ranks. '?' and no point stay as they are. */
tb_point tb_point_symmetry(const tb_board *b, unsigned k, tb_point p);

/* Writes point 'p' ("d1", "?"). */
void tb_point_write(tb_buf *b, tb_point p);
/* The same into 'w', which has room for 3 bytes; returns how many. */
static inline unsigned tb_point_chars(char *w, tb_point p)
{
	if (p == TB_PT_UNKNOWN) {
		w[0] = '?';
		return 1;
	}
	unsigned rank = TB_PT_RANK(p) + 1u, n = 0;
	w[n++] = (char)('a' + TB_PT_FILE(p));
	if (rank >= 10)
		w[n++] = (char)('0' + rank / 10 % 10);
	w[n++] = (char)('0' + rank % 10);
	return n;
}
/* Writes a move's token (parts and crown marker, no suffix). */
void tb_move_write(tb_buf *b, const tb_move *m);
/* Writes a turn's token: "pass" (kind TB_NODE_PASS, or a move with no
 * parts), "?" (TB_NODE_UNKNOWN), or the move. */
void tb_turn_write(tb_buf *b, uint8_t kind, const tb_move *m);

/* ## Position notation (position.c) */

typedef struct tb_piece {
	tb_point pt;      /* TB_PT_UNKNOWN for '?' */
	uint8_t side;     /* 0 or 1 */
	char type;        /* letter from piece_types, or 0 */
	uint8_t crowned;
} tb_piece;

typedef struct tb_extra {
	const char *key, *value;
} tb_extra;

struct tb_position {
	uint8_t to_move;        /* side index */
	unsigned number;        /* turn number, >= 1 */
	tb_piece *pieces;       /* sorted canonically */
	size_t npieces;
	tb_extra *extras;       /* sorted by key */
	size_t nextras;
};

/* Parses position text 's' for game 'g' on board 'b' into the arena.
 * Returns NULL with 'err' set when it does not parse. */
tb_position *tb_position_parse(const tb_game *g, const tb_board *b,
                               const char *s, tb_arena *a,
                               tb_syntax_err *err);
void tb_position_write(tb_buf *out, const tb_game *g, const tb_position *p);
/* Sorts a position's pieces into canonical order. */
void tb_position_sort(tb_position *p);
int tb_position_equal(const tb_position *a, const tb_position *b);
/* Is 'p' (a position the rules reached, as they write it) the position
 * 'said' (one a record restates)? As tb_position_equal, but for the keys
 * of what happened before it -- moved, quiet -- which 'said' may leave
 * out (a transcriber sees the board); a key 'said' gives must match. */
int tb_position_restates(const tb_position *p, const tb_position *said);
/* Is 'key' one of the keys of what happened before a position (moved,
 * quiet), which a restatement may leave out? */
int tb_position_history_key(const char *key);
/* Checks a count of quiet turns, "quiet=12" (check_extra's contract):
 * a number from 0 to 99999, the most a limit can be. */
const char *tb_extra_quiet(const char *value, tb_buf *canon);

#endif
