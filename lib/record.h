/*
 * record.h -- the record tree (internal; the public type is opaque).
 *
 * A record is a game: its tags, then its main line. A line is a list
 * of turn nodes; each turn may carry NAGs, comments after it and
 * variations (alternative lines that replace it, PGN's RAV). All of it
 * lives in the record's arena. Shape and meaning: spec/tgn.md.
 */
#ifndef TB_RECORD_H
#define TB_RECORD_H

#include <stdint.h>

#include "arena.h"
#include "lasterr.h"
#include "tablero.h"

#define TB_MAX_OPTS 32
struct tb_option_rename;
typedef struct tb_opts {
	size_t n;
	const char *key[TB_MAX_OPTS];
	const char *value[TB_MAX_OPTS];
	size_t nrenamed;    /* options read under an old name (tb_rules_read) */
	const struct tb_option_rename *renamed[TB_MAX_OPTS];
} tb_opts;

typedef struct tb_span {
	unsigned line, col;         /* first character */
	unsigned end_line, end_col; /* one past the last character */
	size_t off;                 /* reader window offset; valid until the next record */
} tb_span;

/* A point is (rank << 3 | file) + 1; 0 is no point, TB_PT_UNKNOWN is
 * the '?' of a transcriber who did not know it. */
typedef uint8_t tb_point;
#define TB_PT_NONE 0
#define TB_PT_UNKNOWN 255
#define TB_PT(file, rank) ((tb_point)((((rank) << 3) | (file)) + 1))
#define TB_PT_FILE(p) (((p) - 1) & 7)
#define TB_PT_RANK(p) (((p) - 1) >> 3)

/* tb_part_kind is public (tablero.h). ORDER PART: keep it and part_sep[]
 * in writer.c in step. */
typedef struct tb_part {
	uint8_t kind;  /* tb_part_kind */
	tb_point pt;
} tb_part;

#define TB_MAX_PARTS 64

typedef struct tb_move {
	uint8_t nparts;
	uint8_t crown;   /* 0, 1 ("=": a royal piece reached the far end), 2 ("==") */
	tb_part *parts;  /* arena */
} tb_move;

/* An evidence link (spec/tgn.md 8.6): where in the recording, and where
 * on which page image, the element it is attached to is to be found. */
typedef struct tb_evidence {
	long long from, to;   /* the time, in ms: -1 none; 'to' -1 for a point */
	const char *page;     /* the page image's name in [Facsimile]; NULL: no region */
	uint32_t x, y, w, h;  /* the region, in pixels: w == 0 the whole image */
	tb_span span;         /* the link tokens as written (first to last) */
} tb_evidence;

/* An author's mark on the diagram of a turn (spec/tgn.md 8.7): read
 * from a comment after the turn, kept apart from its text. */
typedef struct tb_mark {
	uint8_t kind;      /* tb_mark_kind (tablero.h) */
	uint8_t colour;    /* tb_mark_colour (tablero.h) */
	tb_point at, to;   /* the point; an arrow's head ('to'), else TB_PT_NONE */
	char label[16];    /* TB_MARK_LABEL: 1 to 3 characters, UTF-8, NUL-terminated */
} tb_mark;

typedef struct tb_comment tb_comment;
struct tb_comment {
	const char *text;  /* unescaped, trimmed, UTF-8; its marks left out */
	const char *lang;  /* BCP 47 tag from "{@xx ...}", or NULL */
	tb_evidence *evidence; /* written right after its '}', or NULL */
	tb_mark *marks;    /* in the arena, in canonical order (marks.h); or NULL */
	unsigned nmarks;
	tb_span span;
	tb_comment *next;
	tb_comment *last;  /* on a list's first comment: its last, for appending */
};

typedef struct tb_position tb_position;

/* tb_node_kind is public (tablero.h). */


/* One alternative of a reading: what one witness has at that place of
 * the line -- a turn (a move, a pass, an unknown turn, a reconstructed
 * turn), a gap, a restated position, or nothing. */
typedef struct tb_alt {
	uint8_t kind;       /* TB_NODE_MOVE, PASS, UNKNOWN, GAP, POSITION or OMITTED */
	uint8_t reconstructed; /* "reconstructed d2": a MOVE or PASS the rules put in */
	tb_move move;
	int32_t gap_min, gap_max; /* GAP: as a gap node's */
	tb_position *position; /* POSITION */
	tb_evidence *evidence; /* written after it, before its comments; or NULL */
	tb_comment *comments;
	tb_span span;
	struct tb_node *view;  /* this alternative as a node, made by tb_node_alt in
	                          the record's arena (NULL until asked; the parser
	                          zeroes it); read by tb_node_alt alone, so a copy
	                          (collate's) may carry its source's */
} tb_alt;

struct tb_node {
	uint8_t kind;        /* tb_node_kind */
	uint8_t side;        /* 0 or 1: who made this turn; 2 when unknown */
	uint8_t nnags;
	uint8_t reconstructed; /* a turn the source lacks, put in by the rules
	                          ("<reconstructed d2>": MOVE or PASS) */
	unsigned number;     /* turn number; 0 when unknown */
	tb_span span;
	tb_move move;        /* TB_NODE_MOVE */
	uint8_t *nags;       /* in the order written */
	tb_alt *alts;        /* TB_NODE_READING */
	unsigned nalts;
	uint8_t removed;      /* taken out of its record by tb_node_remove */
	signed int ahead : 24; /* plies the written numbers run ahead of the count
	                          here (negative: behind), as the parser's warnings
	                          (TB302) count them: 0 where they agree; set by the
	                          move number written before this node or an earlier
	                          one of its line. The writer numbers by it, so a
	                          rewritten record keeps a slip's evidence. In the
	                          padding after 'removed': |ahead| < 2^23 */
	int32_t gap_min, gap_max; /* TB_NODE_GAP: -1 when unbounded/unknown (at most
	                          9999, S_gap_count); a reading whose first
	                          alternative is a gap: that gap's */
	tb_evidence *evidence; /* after the token and NAGs, before the comments; or NULL */
	tb_position *position; /* TB_NODE_POSITION, or a reading's first alternative's */
	tb_comment *comments;  /* after the turn */
	tb_line *variations;   /* alternatives to this turn */
	tb_node *next;
};

/* A node stays 120 bytes (the arena holds a million): 'ahead' lives in padding. */
_Static_assert(sizeof(struct tb_node) <= 120, "tb_node grew past 120 bytes");

struct tb_line {
	tb_comment *lead;      /* comments before the first turn */
	tb_node *first, *last;
	tb_span span;
	tb_line *next;         /* next variation of the same turn */
	tb_line *last_var;     /* on a turn's first variation: its last */
};

/* A new field is copied by tags.c's S_tag_copy too (field by field;
 * test_tags checks that a tag comes back whole). */
typedef struct tb_tag {
	const char *name;
	const char *value;
	tb_span span;
	tb_comment *comments;  /* comments written after it, in the tag section */
	unsigned value_line, value_col; /* where its value's '"' was; 0 when implied */
	size_t value_off;      /* window offset of that '"', while parsing */
} tb_tag;

/* tb_result is public (tablero.h). */

struct tb_record {
	tb_arena arena;
	const tb_game *game;
	tb_tag *tags;          /* in canonical order */
	size_t ntags;
	tb_comment *lead;      /* comments before the first tag */
	tb_line main;
	tb_result result;
	tb_comment *trail;     /* comments after the result */
	tb_position *start;    /* from [Position], or NULL for the game's start */
	tb_opts opts;          /* the options of [Rules] (strings in the arena) */
	unsigned line;
	size_t off;            /* window offset of its first token, while reading */
	size_t bytes;          /* source bytes read for it (tb_record_source_size) */
	size_t source_off;     /* its first token's offset in the input (tb_record_source_offset) */
	size_t errors;
	unsigned long gen;     /* edits through the API so far (tb_iter) */
	size_t offboard;       /* of the errors, points off the board in turn tokens:
	                          the record is replayed all the same */
	tb_lasterr err;        /* the last API call's error (tb_record_errcode); last,
	                          so that a new record clears only its code */
};

extern const char *const tb_result_text[]; /* indexed by tb_result */

/* What the record follows at node 'n': its kind, or for a reading the
 * kind of its first alternative (a turn, a gap, a restated position or
 * nothing, TB_NODE_OMITTED). */
static inline uint8_t tb_node_followed(const tb_node *n)
{
	return n->kind == TB_NODE_READING ? n->alts[0].kind : n->kind;
}

/* Is 'kind' (a node's, or an alternative's) a turn, which the count
 * counts: a move, a pass or an unknown turn? */
static inline int tb_kind_is_turn(uint8_t kind)
{
	return kind == TB_NODE_MOVE || kind == TB_NODE_PASS || kind == TB_NODE_UNKNOWN;
}

/* The move number the source's numbering gives turn 'n', as plies
 * (2 * number + side): the count's, moved by as much as the numbers
 * written there ran ahead of it ('ahead'); spec/tgn.md 5.1. The number
 * is ply / 2, the side ply % 2; one past 999999 cannot be written. */
static inline long tb_node_written_ply(const tb_node *n)
{
	return 2L * n->number + (n->side & 1) + n->ahead;
}

/* ===== The one way to make a node (the parser and the API) ===== */

/* A new node of 'kind' in 'a', no turn number (side 2), gaps unbounded. */
static inline tb_node *tb_node_make(tb_arena *a, uint8_t kind)
{
	tb_node *n = tb_arena_alloc(a, sizeof *n);
	n->kind = kind;
	n->side = 2;
	n->gap_min = n->gap_max = -1;
	return n;
}

/* Appends 'n' to 'line'. */
static inline void tb_line_push(tb_line *line, tb_node *n)
{
	if (line->last)
		line->last->next = n;
	else
		line->first = n;
	line->last = n;
}

/* A comment of the 'n' bytes at 's', leading and trailing white space
 * left out, in language 'lang' (NULL or "": none). */
tb_comment *tb_comment_make(tb_arena *a, const char *s, size_t n, const char *lang);
/* Appends comment 'c' (or a list of them) to 'list' in constant time. */
void tb_comment_append(tb_comment **list, tb_comment *c);
/* Appends variation 'v' to the variations of 'base'. */
void tb_node_push_variation(tb_node *base, tb_line *v);

/* Parses 'text' as movetext (turns, comments, NAGs, variations) into
 * 'out' (zeroed first), its nodes in the arena of 'rec', from the clock
 * (number, side; known) at a line of nesting 'depth'. Returns 0, or -1
 * with '*why' set (malloc) when it holds an error or something that is
 * not movetext (a result, a tag), or TB_ENOMEM ('*why' NULL). */
int tb_parse_fragment(tb_record *rec, const char *text, unsigned number, int side,
                      int known, int depth, tb_line *out, char **why);

#endif
