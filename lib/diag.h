/*
 * diag.h -- diagnostic codes and the list a reader collects (internal).
 *
 * ORDER DIAG: the codes, their meaning and spec/tgn.md "Diagnostics"
 * are kept in step; a code never changes meaning once released.
 */
#ifndef TB_DIAG_H
#define TB_DIAG_H

#include "tablero.h"

enum {
	/* lexical */
	TB_D_UTF8 = 101,        /* invalid UTF-8 */
	TB_D_NUL = 102,         /* NUL byte */
	TB_D_CONTROL = 103,     /* control character */
	TB_D_COMMENT_EOF = 104, /* unterminated comment */
	TB_D_STRING_EOF = 105,  /* unterminated string */
	TB_D_TOO_LARGE = 106,   /* record larger than TB_MAX_RECORD */
	TB_D_NAG = 107,         /* bad NAG */
	TB_D_MOVENUM = 108,     /* bad move number */
	TB_D_IO = 109,          /* read error */
	TB_D_TOO_MANY = 110,    /* more diagnostics than are kept */
	TB_D_TOO_MANY_TURNS = 111, /* more than TB_MAX_TURNS turns in a record */
	TB_D_NOT_TEXT = 112,    /* no UTF-8 text: UTF-16, compressed, binary (sniff.c) */
	/* tags */
	TB_D_TAG_SYNTAX = 201,  /* malformed tag pair */
	TB_D_TAG_REPEAT = 202,  /* tag repeated */
	TB_D_TAG_EMPTY = 203,   /* empty tag value (warning) */
	TB_D_NO_GAME = 204,     /* no [Game] tag */
	TB_D_GAME = 205,        /* unknown game */
	TB_D_DATE = 206,        /* malformed Date */
	TB_D_RULES = 207,       /* malformed Rules */
	TB_D_POSITION = 208,    /* malformed Position */
	TB_D_RESULT_TAG = 209,  /* malformed Result */
	TB_D_SOURCE = 210,      /* malformed Source timecode */
	TB_D_RULES_RENAMED = 211, /* a rule option under its old name (warning) */
	TB_D_TERMINATION = 212,   /* malformed Termination or Captures */
	TB_D_TAG_NEAR = 213,    /* an unknown tag a slip away from a known one (warning) */
	TB_D_MEDIA = 214,       /* malformed Recording or Facsimile */
	TB_D_TAG_BLANK = 215,   /* a tag value that starts or ends with a blank (warning) */
	/* movetext */
	TB_D_MOVE = 301,        /* not a move of this game */
	TB_D_NUMBER = 302,      /* move number does not match (warning) */
	TB_D_NEED_NUMBER = 303, /* after a gap of unknown length */
	TB_D_VAR_START = 304,   /* variation before any turn */
	TB_D_VAR_EMPTY = 305,   /* empty variation */
	TB_D_VAR_OPEN = 306,    /* '(' never closed */
	TB_D_VAR_CLOSE = 307,   /* ')' without '(' */
	TB_D_VAR_DEEP = 308,    /* variations nested too deep */
	TB_D_RESULT = 309,      /* result marker differs from [Result] */
	TB_D_NO_RESULT = 310,   /* no result marker (warning) */
	TB_D_AFTER_RESULT = 311,/* text after the result */
	TB_D_ANGLE = 312,       /* malformed <reading>, <gap>, <position> */
	TB_D_UNEXPECTED = 313,  /* token out of place */
	TB_D_NAG_PLACE = 314,   /* NAG with no turn before it */
	TB_D_NAGS = 315,        /* more than TB_MAX_NAGS on a turn */
	TB_D_EVIDENCE = 316,    /* a malformed or misplaced evidence link */
	TB_D_NO_RECORDING = 317,/* a time with no [Recording] (warning) */
	TB_D_NO_PAGE = 318,     /* a region of a page [Facsimile] does not name */
	TB_D_MARK = 319,        /* a malformed author's mark (spec/tgn.md 8.7) */
	TB_D_MARK_PLACE = 320,  /* marks in a comment that follows no turn (warning) */
	/* rules (validate) */
	TB_D_ILLEGAL = 401,     /* a turn the rules do not allow */
	TB_D_AFTER_END = 402,   /* a turn after the game is over */
	TB_D_UNCHECKED = 403,   /* turns that cannot be checked (warning) */
	TB_D_BAD_POSITION = 404,/* a position that cannot occur (or be checked) */
	TB_D_RESULT_RULES = 405,/* the result against the rules */
	TB_D_NO_ENGINE = 406,   /* the game has no engine yet (warning) */
	TB_D_PASSED_UP = 407,   /* a capture passed up: a huff is available (warning) */
	TB_D_FITS = 408,        /* what an unknown turn or gap may have been (warning) */
	TB_D_NO_FIT = 409,      /* nothing fits an unknown turn or gap */
	/* collating witnesses (spec/compare.md, "Collating witnesses") */
	TB_D_COLL_GAME = 601,   /* witnesses of different games, or rules */
	TB_D_COLL_START = 602,  /* witnesses that start from different positions */
	TB_D_COLL_CUT = 603,    /* a witness collated up to its first error (warning) */
	TB_D_COLL_NAMES = 604,  /* a collation's [Collation] malformed, or a name given twice */
	TB_D_COLL_NO_WIT = 605, /* no witness of that name */
	TB_D_COLL_INEXACT = 606,/* a witness the collation cannot keep exactly */
	TB_D_COLL_LIMIT = 607,  /* more witnesses, or readings at one place, than a record holds */
	TB_D_COLL_ALIKE = 608,  /* witnesses that may not be one match: few turns shared, other
	                           players or dates (warning; collate_alike.c) */
	/* tablero XML read back (spec/xml.md) */
	TB_D_XML_MALFORMED = 501, /* not well-formed XML, or a DOCTYPE or entity */
	TB_D_XML_INVALID = 502,   /* not valid against the schema, or not ours */
	TB_D_XML_LIMIT = 503,     /* over a limit */
	TB_D_XML_UNWRITABLE = 504 /* text XML cannot carry (writing XML) */
};

/* tb_diag_at (reader.h) of a message given whole: its 'n' bytes at
 * 'text', with no printf (a collection's warnings are many: Asalto's
 * TB407 every few turns). */
void tb_diag_at_text(tb_reader *r, tb_severity sev, int code, size_t off, size_t len,
                     unsigned line, unsigned col, const char *text, size_t n);
/* tb_diag_note (reader.h) of the line 'head' then 'text' ("position ",
 * and the position's notation), with no printf. */
void tb_diag_note_words(tb_reader *r, const char *head, const char *text);

#define TB_MAX_DIAGS 100 /* kept per record; the rest are counted */
#define TB_DIAG_EXCERPT 240 /* bytes of a long line a diagnostic quotes */
#define TB_MAX_DEPTH 100 /* variations nested deeper are refused */
#define TB_MAX_NAGS 32   /* NAGs on one turn */
#define TB_MAX_TURNS 1000000 /* turns, gaps and positions in one record: its
                                tree (and memory) stays a bounded size */

#endif
