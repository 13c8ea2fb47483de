/*
 * parse_fast.c -- the fast tier of the movetext (parse_fast.h; spec/tgn.md,
 * "Two tiers"): a movetext recognised in one pass over its bytes, with
 * no tokens; checking, no columns but the result's and where the record
 * ends, and no copies; building, each node made by the parser's tree sink
 * (parse_sink.h), its columns counted as it goes. Anything it does not
 * accept with certainty goes to the parser.
 *
 * What it accepts is a subset of what the lexer (lexer.c) and the
 * parser (parser.c, S_line and S_movetext) read without a diagnostic:
 *   movetext -> (blank | MOVENUM | move | NAG | comment | '(' line ')')*
 *               result (blank | comment)*  then '[' at a line's start
 *   blank    -> ' ' | '\t' | LF
 *   MOVENUM  -> digit{1,6} ('.' | '...'), not 0, agreeing with the count
 *   move     -> ASCII word the game's grammar (tb_game.parse_move) reads
 *               whole, every point on the board, or with a suffix NAG;
 *               or a pass ("pass", "--", "pass" and a suffix NAG), or
 *               an unknown turn ("?")
 *   NAG      -> '$' digit+ (0 to 255) after a turn, at most TB_MAX_NAGS
 *   comment  -> '{' text '}' | ';' text: UTF-8, no '[' (so no marks,
 *               and no tag line a comment could run into), no CR or control
 *   result   -> "1-0" | "0-1" | "1/2-1/2" | '*', agreeing with [Result]
 * and a variation follows a turn, is not empty, is closed, and nests at
 * most S_DEPTH deep. An angle form, evidence, a string, a word with a
 * byte >= 0x80, a CR, a record past TB_MAX_RECORD or whose next '[' is
 * not at a line's start: the parser's.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__ /* every x86-64 */
#include <emmintrin.h>
#endif

#include "diag.h"
#include "memo_keep.h"
#include "move_memo.h"
#include "parse_fast.h"
#include "parse_sink.h"
#include "xalloc.h"

enum { S_DEPTH = 32 }; /* variations nested deeper go to the parser */

/* Bytes of a word (the lexer's C_WORD): printable ASCII but the
 * delimiters (lexer.c, S_delimiter) and '>', which belongs to a word
 * only before a point. */
static const unsigned char S_word_byte[256] = { /* 0x80-0xFF: 0, the parser's */
	['!'] = 1, ['#'] = 1, ['%'] = 1, ['&'] = 1, ['\''] = 1, ['+'] = 1, [','] = 1,
	['-'] = 1, ['.'] = 1, ['/'] = 1, ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1,
	['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1, [':'] = 1,
	['='] = 1, ['?'] = 1, ['@'] = 1, ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1,
	['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1,
	['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1,
	['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1,
	['Z'] = 1, ['\\'] = 1, ['^'] = 1, ['_'] = 1, ['`'] = 1, ['a'] = 1, ['b'] = 1,
	['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1,
	['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1,
	['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1,
	['x'] = 1, ['y'] = 1, ['z'] = 1, ['~'] = 1,
};

/* A line of play being read: its count and what the parser looks back
 * at (parse_sink.h: the check sink's one node a line). The line's last
 * turn, where a variation starts, is the count's step back (S_back):
 * a turn only ever moves the count on by one. */
typedef struct S_line {
	unsigned number;   /* the count: the next turn's number */
	int side;          /* and side */
	unsigned nnags;    /* NAGs on the line's last turn */
	int turns;         /* it has a turn */
	int any;           /* it holds a turn or a comment (else an empty variation) */
	tb_line *tl;       /* building: the line in the tree; else NULL */
} S_line;

/* The scan: the bytes, where it is, and what it must set at the end. */
typedef struct S_scan {
	const unsigned char *d; /* the window */
	size_t end;        /* the next record's '[', or the input's end */
	int at_end;        /* the input's end */
	unsigned line;     /* the line at the scan position */
	size_t nl;         /* the offset past the last LF read, or 0: none yet */
	size_t from;       /* the first token's offset */
	unsigned from_col; /* its column */
	size_t len;        /* the bytes in the window (past 'end' too) */
	tb_memo_board *memo;   /* the move words' memo for the game's board, or NULL */
	/* building: the column 'ccol' of offset 'cref' (a LF's end, a
	 * comment's, the first token), ASCII from there to the next comment */
	size_t cref;
	unsigned ccol;
	tb_sink sink;      /* the tree sink (parse_sink.h), its count the nodes made */
	tb_comment *trail; /* the comments after the result */
} S_scan;

/* The characters of window bytes [at, off), which the scan took: a
 * column is a character (utf8.h). */
static unsigned S_chars(const S_scan *s, size_t at, size_t off)
{
	unsigned col = 0;
	/* the bytes before 'off' are those the scan took: ASCII, and valid
	 * UTF-8 in comments, so its characters are the bytes that are no
	 * continuation byte (tb_utf8_count decodes each, five times the
	 * cost); sixteen at a time, a line being some eighty bytes */
	size_t cont = 0;
#ifdef __SSE2__
	const __m128i top2 = _mm_set1_epi8((char)0xC0), c80 = _mm_set1_epi8((char)0x80);
	for (; at + 16 <= off; at += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s->d + at));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(x, top2), c80));
		col += 16;
		for (; m; m &= m - 1) /* few: Latin letters with accents, Arabic */
			cont++;
	}
	if (at < off && off >= 16) { /* the last 16 bytes, those before 'at' shifted out */
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s->d + off - 16));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(x, top2), c80));
		for (col += (unsigned)(off - at), m >>= 16 - (off - at); m; m &= m - 1)
			cont++;
		at = off;
	}
#endif
	for (; at < off; at++)
		col += (s->d[at] & 0xC0) != 0x80;
	return col - (unsigned)cont;
}

/* The column of window offset 'off', 'nl' the offset past the last LF
 * before it (0: none since the first token, on whose line it is).
 * Checking, once or twice a record. */
static unsigned S_col(const S_scan *s, size_t nl, size_t off)
{
	return nl ? 1 + S_chars(s, nl, off) : s->from_col + S_chars(s, s->from, off);
}

/* Building: the column of window offset 'off', with no comment between
 * s->cref and it (the bytes ASCII, a column each). */
static inline unsigned S_tree_col(const S_scan *s, size_t off)
{
	return s->ccol + (unsigned)(off - s->cref);
}

/* The end of the comment at 'p' ('{' or ';'), its lines counted; 0
 * when the parser is to read it. Its text goes in runs the lexer's own
 * way (tb_lex_comment_run), so that what is plain is what the lexer
 * takes; between them, what the lexer reads without a word: in braces a
 * backslash, escaping the '}' '\\' or '@' after it or else itself; in a
 * ';' comment, which ends before its line's end (or the input's), a '}'
 * or a backslash as itself. */
static size_t S_comment(const tb_reader *r, S_scan *s, size_t p)
{
	const unsigned char *d = s->d;
	int brace = d[p] == '{';
	for (p++; p <= s->end;) {
		size_t q = p < s->end ? tb_lex_comment_run(r, p, s->end) : p;
		if (memchr(d + p, '[', q - p))
			return 0; /* a mark, or a tag line it could run into */
		if (q >= s->end)
			return !brace && s->at_end ? q : 0;
		unsigned char c = d[q];
		if (c == '}' && brace)
			return q + 1;
		if (c == '\n' && !brace)
			return q;
		if (c == '\n') {
			s->line++;
			s->nl = p = q + 1;
		} else if (c == '\\' && brace) {
			c = q + 1 < s->end ? d[q + 1] : 0;
			p = q + (c == '}' || c == '\\' || c == '@' ? 2 : 1);
		} else if (c == '}' || c == '\\') {
			p = q + 1;
		} else {
			return 0; /* a control character, CR, a bad sequence */
		}
	}
	return 0;
}

/* The end of the word at 'p' as the lexer reads it; 0 when the parser
 * is to read it (a byte >= 0x80, a '>' that is no part of it). */
static size_t S_word(const S_scan *s, size_t p)
{
	const unsigned char *d = s->d;
	size_t q = p;
	for (;;) {
		if (s->at_end) {
			while (q < s->end && S_word_byte[d[q]])
				q++;
		} else { /* d[s->end] is the next record's '[', no word's byte */
			while (S_word_byte[d[q]])
				q++;
		}
		if (q + 2 >= s->end || d[q] != '>')
			break;
		/* '>' is the word's only before a point ("a2^a4>a7", "d6>?") */
		int n = d[q + 1], n2 = d[q + 2];
		int alpha = (n | 0x20) >= 'a' && (n | 0x20) <= 'z';
		if (q == p || !((alpha && n2 >= '0' && n2 <= '9') || n == '?'))
			return 0;
		q++;
	}
	return q == s->end || d[q] < 0x80 ? q : 0; /* the end: a '[' or the input's */
}

/* Is word [p, q) 'w'? */
static int S_is(const S_scan *s, size_t p, size_t q, const char *w)
{
	size_t n = strlen(w);
	return q - p == n && memcmp(s->d + p, w, n) == 0;
}

/* The result word [p, q) stands for, or TB_RESULT_NONE. */
static tb_result S_result(const S_scan *s, size_t p, size_t q)
{
	return S_is(s, p, q, "1-0") ? TB_RESULT_FIRST
	     : S_is(s, p, q, "0-1") ? TB_RESULT_SECOND
	     : S_is(s, p, q, "1/2-1/2") ? TB_RESULT_DRAW
	                              : TB_RESULT_NONE;
}

/* A move number of k digits, value 'num', ending in 'dots' dots:
 * accepted when the lexer gives no diagnostic and it agrees with the
 * count (else the parser warns). */
static int S_number(const S_line *l, long num, size_t k, size_t dots)
{
	if ((dots != 1 && dots != 3) || k > 6 || num == 0)
		return 0;
	long side = dots == 1 ? 0 : 1;
	return 2L * num + side == 2L * (long)l->number + l->side;
}

/* What the parser makes of move word 'w' ('n' bytes) of game 'g' on
 * board 'b' when it tells nothing of it (S_turn_word): its suffix's
 * NAG (0 none, tb_move_suffix), or -1 when it is no move read whole:
 * a pass or an unknown turn (S_other_turn's then), or what the parser
 * is to read (evidence, a word the grammar does not read whole, a
 * point off the board, a suffix that is no NAG); the move's
 * parts in 'mb' when it reads it. Of the word's bytes, the game and
 * the board only -- nothing of the reader: the memo keeps it
 * (move_memo.h), for any reader after this one. */
static int S_move_word(const tb_game *g, const tb_board *b, const char *w, size_t n,
                       tb_move_builder *mb)
{
	/* a pass, an unknown turn (S_other_turn's), evidence (the parser's) */
	if (w[0] == '@' || w[0] == '?' || (n >= 2 && w[0] == '-' && w[1] == '-') ||
	    (n >= 4 && memcmp(w, "pass", 4) == 0))
		return -1;
	tb_syntax_err err, off;
	tb_scan sc;
	tb_scan_word(&sc, w, n, b, g->title, &err, &off, mb);
	if (g->parse_move(&sc, mb) != 0 || off.len)
		return -1;
	int nag = sc.i < n ? tb_move_suffix(w + sc.i, n - sc.i) : 0;
	return sc.i < n && !nag ? -1 : nag;
}

/* S_move_word by the memo's table 'x' (NULL: none), 'room' bytes
 * readable at 'w' (tb_memo_key); '*ep' the word's slot, where it is now
 * kept (NULL: no memo, or a word too long), and its move when 'keep' (a
 * building scan's; S_move_parts). */
static inline __attribute__((always_inline)) int
S_move_memo(tb_memo_board *x, const tb_game *g, const tb_board *b, const char *w, size_t n,
            size_t room, tb_memo_word **ep, int keep)
{
	tb_move_builder mb;
	*ep = NULL;
	if (!x || n > TB_MEMO_WORD)
		return S_move_word(g, b, w, n, &mb);
	uint64_t head, tail;
	tb_memo_key(w, n, room, &head, &tail);
	tb_memo_word *e = *ep = tb_memo_slot(x, head, tail);
	if (tb_memo_holds(e, head, tail))
		return tb_memo_said(e);
	int said = S_move_word(g, b, w, n, &mb);
	e->head = head;
	e->tail = tail | (uint64_t)(said + 1);
	tb_memo_move *k = &x->m[e - x->w];
	if (keep && said >= 0 && mb.n <= TB_MEMO_PARTS) {
		k->n = (uint8_t)mb.n;
		k->crown = mb.crown;
		memcpy(k->parts, mb.parts, mb.n * sizeof *mb.parts);
		e->tail |= TB_MEMO_HAS_PARTS;
	}
	return said;
}

int tb_fast_move_word(tb_move_memo **memo, const tb_game *g, const tb_board *b, const char *w,
                      size_t n, size_t room)
{
	tb_memo_word *e;
	tb_move_builder mb;
	return memo ? S_move_memo(tb_move_memo_board(memo, g, b), g, b, w, n, room, &e, 0)
	            : S_move_word(g, b, w, n, &mb);
}

/* A turn made on line 'l', the record's 'nodes'-th, its suffix's NAG
 * 'nag' (0: none); 0 when the parser is to read it. */
static inline int S_turn(S_line *l, size_t nodes, int nag)
{
	if (nodes > TB_MAX_TURNS)
		return 0;
	l->number += (unsigned)l->side;
	l->side ^= 1;
	l->nnags = nag != 0;
	l->turns = l->any = 1;
	return 1;
}

/* What the parser makes of turn word 'w' ('n' bytes) that is no move
 * (S_move_word said -1), telling nothing (S_turn_word): a pass ("pass",
 * "--", "pass" and a suffix, its NAG in '*nag') TB_NODE_PASS, an unknown
 * turn ("?") TB_NODE_UNKNOWN; else -1, the parser's. */
static __attribute__((noinline)) int S_other_turn(const unsigned char *w, size_t n, int *nag)
{
	*nag = 0;
	if (n == 1 && w[0] == '?')
		return TB_NODE_UNKNOWN;
	if ((n == 2 && w[0] == '-' && w[1] == '-') || (n == 4 && memcmp(w, "pass", 4) == 0))
		return TB_NODE_PASS;
	if (n > 4 && memcmp(w, "pass", 4) == 0 &&
	    (*nag = tb_move_suffix((const char *)w + 4, n - 4)) != 0)
		return TB_NODE_PASS;
	return -1;
}

/* Building: the node of 'kind' of turn word [p, q), line l's last turn
 * (S_turn: the count one step on), its suffix's NAG 'nag', a move's memo
 * slot 'e' (or NULL), as S_node_new and S_turn_word make it: number,
 * side, span (a word in ASCII: a column a byte), a move's parts (the
 * memo's, 1 to 7 copied as 16 bytes, the room they are given; else the
 * grammar's, read again), NAG. */
static void S_tree_turn(S_scan *s, const S_line *l, int kind, const tb_game *g,
                        const tb_board *b, size_t p, size_t q, int nag, tb_memo_word *e)
{
	const tb_memo_move *k = NULL;
	tb_move_builder mb;
	size_t np = 0, crown = 0;
	if (kind == TB_NODE_MOVE && e && (e->tail & TB_MEMO_HAS_PARTS))
		k = &s->memo->m[e - s->memo->w], np = k->n, crown = k->crown;
	else if (kind == TB_NODE_MOVE)
		S_move_word(g, b, (const char *)s->d + p, q - p, &mb), np = mb.n, crown = mb.crown;
	tb_part *parts;
	tb_node *n = tb_sink_turn_node(&s->sink, l->tl, (uint8_t)kind, np, &parts);
	if (k && np)
		memcpy(parts, k, sizeof *k);
	else if (np)
		tb_arena_copy_bytes(parts, mb.parts, np * sizeof *parts);
	n->number = l->number - (unsigned)(l->side == 0);
	n->side = (uint8_t)(l->side ^ 1);
	unsigned col = S_tree_col(s, p);
	n->span = (tb_span){s->line, col, s->line, col + (unsigned)(q - p), p};
	n->move = (tb_move){(uint8_t)np, (uint8_t)crown, kind == TB_NODE_MOVE ? parts : NULL};
	if (nag)
		tb_sink_nag(&s->sink, n, (uint8_t)nag);
}

/* The turn word [p, q) as the parser reads it (S_turn_word), the
 * record's 'nodes'-th turn, on line 'l': a move, of which its grammar
 * said 'nag' (S_move_word; memo slot 'e' or NULL), or else (-1) a pass
 * or an unknown turn; 0 when the parser is to read it. Its node made
 * when 'build'. */
static inline int S_turn_word(S_scan *s, S_line *l, size_t nodes, const tb_game *g,
                              const tb_board *b, size_t p, size_t q, int nag, tb_memo_word *e,
                              int build)
{
	int kind = TB_NODE_MOVE;
	if (nag < 0 && (kind = S_other_turn(s->d + p, q - p, &nag)) < 0)
		return 0;
	if (!S_turn(l, nodes, nag))
		return 0;
	if (build)
		S_tree_turn(s, l, kind, g, b, p, q, nag, e);
	return 1;
}

/* The turn word [p, q) read by the grammar or the memo (S_turn_word). */
static inline __attribute__((always_inline)) int
S_move(S_scan *s, S_line *l, size_t nodes, const tb_game *g, const tb_board *b, size_t p,
       size_t q, int build)
{
	tb_memo_word *e;
	int nag = S_move_memo(s->memo, g, b, (const char *)s->d + p, q - p, s->len - p, &e, build);
	return S_turn_word(s, l, nodes, g, b, p, q, nag, e, build);
}

/* The length of the word at window offset 'p' when it is one the memo
 * keeps, ended by a blank or a LF: what S_word would find, without its
 * scan; 0 when it cannot tell (the scan's, then). The bytes up to the
 * first one below '!' (a blank, a LF, a control byte, or a byte >= 0x80
 * -- negative as signed) are looked up; a word the memo keeps is one
 * S_word read whole (only S_move fills a scan's table, with S_word's
 * words -- a reader's before this one too, memo_keep.h: a word is read
 * whole by its bytes alone), so those bytes are S_word's word when a blank or a LF, which
 * ends one, follows them; tb_memo_kept's answer goes to '*nag', its slot
 * to '*e' when 'e' is not NULL. */
static inline size_t S_word_kept(const S_scan *s, size_t p, int *nag, tb_memo_word **e)
{
#ifdef __SSE2__
	if (!s->memo || p + 16 > s->len)
		return 0;
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s->d + p));
	unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(x, _mm_set1_epi8('!')));
	size_t n = m ? (size_t)__builtin_ctz(m) : 16;
	if (n == 0 || n > TB_MEMO_WORD || p + n >= s->end || (s->d[p + n] != ' ' && s->d[p + n] != '\n'))
		return 0;
	*nag = tb_memo_kept(s->memo, (const char *)s->d + p, n, s->len - p, e);
	return *nag == -2 ? 0 : n;
#else
	(void)s, (void)p, (void)nag, (void)e;
	return 0;
#endif
}

/* A variation of line 'l' (which has a turn): it starts at the line's
 * last turn, the count one step back. */
static inline S_line S_back(const S_line *l)
{
	return (S_line){l->number - (unsigned)(l->side == 0), l->side ^ 1, 0, 0, 0, NULL};
}

/* Building: variation 'v' opened by the '(' at 'p', as S_variation
 * begins it (its span the '(' token's until its ')'), and closed. */
static void S_tree_open(S_scan *s, S_line *v, size_t p)
{
	tb_line unused; /* the check sink's, which a building scan is not */
	v->tl = tb_sink_line(&s->sink, &unused);
	unsigned col = S_tree_col(s, p);
	v->tl->span = (tb_span){s->line, col, s->line, col + 1, p};
}

static void S_tree_close(S_scan *s, const S_line *v, const S_line *outer, size_t p)
{
	v->tl->span.end_line = s->line;
	v->tl->span.end_col = S_tree_col(s, p) + 1;
	tb_sink_variation(&s->sink, outer->tl->last, v->tl);
}

/* Building: the comment [p, q) -- at 'p' a '{' or ';' on line 'line',
 * whose last LF was at 'nl' before it -- as the lexer reads it
 * (S_comment, S_comment_lang) and the parser keeps it (S_comment_new):
 * its language, its text unescaped, then trimmed (tb_sink_comment_make), its
 * span; after the last turn of line 'l' or before its first, or after
 * the result ('ended'). The columns go on from its end. */
static void S_tree_comment(S_scan *s, const S_line *l, int ended, size_t p, size_t q,
                           unsigned line, size_t nl)
{
	const char *d = (const char *)s->d;
	int brace = d[p] == '{';
	size_t t = p + 1, e = brace ? q - 1 : q; /* its text, between '{' and '}' */
	char lang[sizeof ((tb_reader *)0)->lang] = "";
	size_t k = tb_lex_lang(d + t, s->end - t); /* s->end: a '[' after a LF, or the end */
	if (k) {
		memcpy(lang, d + t + 1, k - 1);
		lang[k - 1] = '\0';
		t += k;
	}
	const char *text = d + t;
	size_t n = e - t;
	if (brace && memchr(text, '\\', n)) { /* '\' escapes '}' '\' '@', else is itself */
		char *u = tb_arena_alloc(s->sink.arena, n);
		n = 0;
		for (size_t i = t; i < e; i++) {
			if (d[i] == '\\' && i + 1 < e && (d[i + 1] == '}' || d[i + 1] == '\\' ||
			                                   d[i + 1] == '@'))
				i++;
			u[n++] = d[i];
		}
		text = u;
	}
	tb_comment *c = tb_sink_comment(&s->sink, text, n, lang, 0);
	unsigned col = S_tree_col(s, p);
	s->ccol = s->nl != nl ? 1 + S_chars(s, s->nl, q) : col + S_chars(s, p, q);
	s->cref = q;
	c->span = (tb_span){line, col, s->line, s->ccol, p};
	tb_line *tl = l->tl;
	tb_sink_comment_append(ended ? &s->trail : tl->last ? &tl->last->comments : &tl->lead, c);
}

/* The record's last token: [at, q), which ends on line 'line', the
 * last LF before its end at 'nl'. */
typedef struct S_last {
	size_t at, q, nl;
	unsigned line;
	unsigned end_col;  /* its end's column when known (the result's), else 0 */
} S_last;

/* The result 'res' read at [p, q): what the parser is told; the last token. */
static inline __attribute__((always_inline)) void
S_result_at(const S_scan *s, tb_result res, size_t p, size_t q, tb_fast_end *out, S_last *last)
{
	*out = (tb_fast_end){res, p, s->line, S_col(s, s->nl, p)};
	*last = (S_last){p, q, s->nl, s->line, out->col + (unsigned)(q - p)};
}

/* The token after the record's last one ('last'): the next record's
 * '[' -- or the end of the input -- as tb_lex_next leaves it, and 'last'
 * as r->prev. */
static void S_finish(tb_reader *r, const S_scan *s, const S_last *last)
{
	r->prev.off = last->at;
	r->prev.len = last->q - last->at;
	r->prev.end_line = last->line;
	r->prev.end_col = last->end_col ? last->end_col : S_col(s, last->nl, last->q);
	r->prev.bad = 0;
	/* the '[' follows a LF: column 1; the end, after the blanks */
	unsigned col = s->at_end ? S_col(s, s->nl, s->end) : 1;
	r->tok.type = s->at_end ? TK_EOF : TK_LBRACKET;
	r->tok.off = s->end;
	r->tok.len = !s->at_end;
	r->tok.line = r->tok.end_line = s->line;
	r->tok.col = col;
	r->tok.end_col = col + !s->at_end;
	r->tok.num = 0;
	r->tok.dots = 0;
	r->tok.bad = 0;
	r->pos = s->end + !s->at_end;
	r->line = s->line;
	r->col = r->tok.end_col;
}

/* The movetext's end from window offset 'from' on: the next record's
 * '[' at a line's start, or the input's end ('*at_end' set), within the
 * record's limit, the window read on as far as it; 0 when there is none
 * soon enough (or a '[' elsewhere: the parser's). */
static size_t S_record_end(tb_reader *r, size_t from, int *at_end)
{
	size_t limit = r->rec_first + TB_MAX_RECORD;
	*at_end = 0;
	for (;;) {
		const char *q = memchr(r->data + from, '[', r->len - from);
		if (q) {
			size_t end = (size_t)(q - r->data);
			return end > 0 && end < limit && r->data[end - 1] == '\n' ? end : 0;
		}
		if (r->len >= limit)
			return 0;
		if (r->eof) {
			*at_end = 1;
			return r->len;
		}
		from = r->len;
		if (!tb_window_ensure(r, r->len + 1) && !r->eof)
			return 0;
	}
}

/* The scan of the movetext, from its first token to the next record's
 * '[' (s->end): 1 when the fast tier takes it ('out' filled, and 'tree'
 * when 'build'; the reader moved past it), else 0 (nothing of the
 * reader changed). Inline in the two below, where 'build' is a
 * constant: a check's scan tests nothing of the tree's (the two in
 * one function cost a check 4%). */
static inline __attribute__((always_inline)) int
S_scan_movetext(tb_reader *r, S_scan *s, const tb_game *g, const tb_board *b,
                const tb_fast_start *start, tb_fast_end *out, tb_fast_tree *tree, const int build)
{
	const unsigned char *d = s->d;
	/* the line being read in a local of its own, the lines it is a
	 * variation of on a stack: its count stays in registers */
	S_line outer[S_DEPTH];
	unsigned depth = 0;
	tb_line main_line;
	memset(&main_line, 0, sizeof main_line);
	S_line cur = {start->number, start->side, 0, 0, 0, build ? &main_line : NULL},
	       *l = &cur;
	size_t nodes = 0; /* turns made (the check sink's count) */
	size_t p = s->from;
	S_last last = {0, 0, 0, 0, 0};
	int ended = 0; /* the result read: comments and blanks only, then the '[' */
	while (p < s->end) {
		unsigned char c = d[p];
		if (c == ' ' || c == '\t') {
			p++;
		} else if (S_word_byte[c]) { /* the most tokens: first */
			if (ended)
				return 0; /* text after the result: the parser's error */
			size_t q = p;
			if ((unsigned)(c - '0') <= 9 && p + 6 < s->end) {
				/* most move numbers: one or two digits, then '.' or
				 * '...' and no more dots; anything else (a longer
				 * number, a result, other dots) the loop below reads */
				size_t i = p + 1 + ((unsigned)(d[p + 1] - '0') <= 9);
				size_t dots = d[i] != '.'       ? 0
				            : d[i + 1] != '.'   ? 1
				            : d[i + 2] == '.' && d[i + 3] != '.' ? 3 : 0;
				if (dots) {
					long num = i == p + 1 ? c - '0' : (c - '0') * 10 + (d[p + 1] - '0');
					if (!S_number(l, num, i - p, dots))
						return 0;
					q = i + dots; /* p + 5 at most: short of s->end */
					p = q + (d[q] == ' ');
					continue;
				}
			}
			if ((unsigned)(c - '0') <= 9) { /* a move number, a result */
				long num = 0;
				/* d[s->end], when it is not the input's end, is a '[' */
				for (; (q < s->end || !s->at_end) && (unsigned)(d[q] - '0') <= 9; q++)
					if (num < 100000000)
						num = num * 10 + (d[q] - '0');
				if (q < s->end && d[q] == '.') { /* movenum -> digit+ ('.' | '...') */
					size_t k = q - p;
					while (q < s->end && d[q] == '.')
						q++;
					if (!S_number(l, num, k, q - p - k))
						return 0;
					p = q + (q < s->end && d[q] == ' ');
					continue;
				}
			}
			tb_memo_word *e = NULL;
			int nag;
			if (c > '9' && (q = S_word_kept(s, p, &nag, build ? &e : NULL))) { /* read before */
				q += p;
				if (!S_turn_word(s, l, ++nodes, g, b, p, q, nag, e, build))
					return 0;
				p = q + (d[q] == ' ');
				continue;
			}
			if (!(q = S_word(s, p)))
				return 0;
			/* a result begins with '0' or '1', a move seldom does */
			tb_result res = c == '0' || c == '1' ? S_result(s, p, q) : TB_RESULT_NONE;
			if (res != TB_RESULT_NONE) {
				/* a result against [Result] is the parser's error:
				 * refused here, before the rest is built for nothing */
				if (depth || (start->tagged != TB_RESULT_OTHER && start->tagged != res))
					return 0;
				S_result_at(s, res, p, q, out, &last);
				ended = 1;
			} else if (!S_move(s, l, ++nodes, g, b, p, q, build)) {
				return 0;
			}
			/* most often one blank, then the next token */
			p = q + (q < s->end && d[q] == ' ');
		} else if (c == '\n') {
			s->line++;
			s->nl = ++p;
			if (build) {
				s->cref = p;
				s->ccol = 1;
			}
		} else if (c == '{' || c == ';') {
			unsigned line = s->line;
			size_t nl = s->nl;
			size_t q = S_comment(r, s, p);
			if (!q)
				return 0;
			if (build)
				S_tree_comment(s, l, ended, p, q, line, nl);
			last = (S_last){p, q, s->nl, s->line, 0};
			l->any = 1;
			p = q;
		} else if (ended) {
			return 0; /* text after the result: the parser's error */
		} else if (c == '$') {
			size_t q = p + 1;
			long num = 0;
			for (; q < s->end && d[q] >= '0' && d[q] <= '9'; q++)
				if (num <= 255)
					num = num * 10 + (d[q] - '0');
			if (q == p + 1 || num > 255 || !l->turns || l->nnags >= TB_MAX_NAGS)
				return 0;
			l->nnags++;
			if (build)
				tb_sink_nag(&s->sink, l->tl->last, (uint8_t)num);
			p = q;
		} else if (c == '(') {
			if (!l->turns || depth >= S_DEPTH)
				return 0;
			outer[depth++] = cur;
			cur = S_back(&outer[depth - 1]);
			if (build)
				S_tree_open(s, &cur, p);
			p++;
		} else if (c == ')') {
			if (!depth || !l->any)
				return 0;
			if (build)
				S_tree_close(s, &cur, &outer[depth - 1], p);
			cur = outer[--depth];
			p++;
		} else if (c == '*') {
			if (depth)
				return 0;
			S_result_at(s, TB_RESULT_OTHER, p, p + 1, out, &last);
			p++;
			ended = 1;
		} else {
			return 0; /* '<' '>' '|' ']' '"' '}' a control or UTF-8 */
		}
	}
	if (!ended)
		return 0; /* (a result read agrees with [Result]: see above) */
	S_finish(r, s, &last);
	if (build) {
		tree->main = main_line;
		tree->trail = s->trail;
		tree->nodes = s->sink.nodes;
	}
	return 1;
}

static int S_scan_check(tb_reader *r, S_scan *s, const tb_game *g, const tb_board *b,
                        const tb_fast_start *start, tb_fast_end *out)
{
	return S_scan_movetext(r, s, g, b, start, out, NULL, 0);
}

static __attribute__((noinline)) int /* not in tb_fast_movetext: its registers */
S_scan_tree(tb_reader *r, S_scan *s, const tb_game *g, const tb_board *b,
            const tb_fast_start *start, tb_fast_end *out, tb_fast_tree *tree)
{
	return S_scan_movetext(r, s, g, b, start, out, tree, 1);
}

int tb_fast_movetext(tb_reader *r, const tb_game *g, const tb_board *b,
                     const tb_fast_start *start, tb_fast_end *end, tb_fast_tree *tree)
{
	if (r->careful || r->no_fast || r->fatal || !g || !g->parse_move)
		return 0;
	size_t from = r->tok.off;
	int at_end;
	size_t stop = S_record_end(r, from, &at_end);
	if (!stop)
		return 0;
	/* the memo: the reader's, else the one its thread kept from a reader
	 * freed before (memo_keep.h), else a new one; given back to the
	 * thread when the reader is freed (tb_reader_free), by this */
	if (!r->memo)
		r->memo = tb_memo_take_moves();
	r->memo_free = tb_move_memo_free;
	S_scan s = {(const unsigned char *)r->data, stop, at_end, r->tok.line, 0, from,
	            r->tok.col, r->len, tb_move_memo_board(&r->memo, g, b),
	            from, r->tok.col, {tree ? tree->arena : NULL, 0, 0}, NULL};
	/* building a movetext that may hold more than TB_MAX_TURNS turns (two
	 * bytes each at least), refused only past the last: checked first */
	if (tree && (stop - from) / 2 > TB_MAX_TURNS) {
		S_scan c = s;
		tb_reader kept = *r;
		int fits = S_scan_check(r, &c, g, b, start, end);
		*r = kept;
		if (!fits)
			return 0;
	}
	if (!(tree ? S_scan_tree(r, &s, g, b, start, end, tree) : S_scan_check(r, &s, g, b, start, end)))
		return 0;
	r->fast_records++;
	return 1;
}
