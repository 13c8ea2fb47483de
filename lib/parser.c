/*
 * parser.c -- recursive-descent parser from tokens to the record tree
 * (spec/tgn.md, "Grammar"), or, for a reader that only checks, to what
 * its diagnostics need: one grammar, two sinks (parse_sink.h). It knows
 * each game's move grammar and its board, not the rules; it reports
 * and recovers, so one bad record does not stop the next.
 *
 *   file     -> record*
 *   record   -> tagsec movetext
 *   tagsec   -> (tag | comment)*
 *   tag      -> '[' NAME STRING ']'
 *   movetext -> line (result comment*)?
 *   line     -> (MOVENUM | turn | comment | NAG | '(' line ')')*
 *   turn     -> WORD | '<' angle '>'
 *   angle    -> "gap" COUNT? | "position" STRING | "reconstructed" WORD
 *             | alt ('|' alt)*
 *   alt      -> ( ["reconstructed"] WORD | "omitted" | "gap" COUNT?
 *               | "position" STRING ) comment*
 */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "evidence.h"
#include "game.h"
#include "marks.h"
#include "parse_fast.h"
#include "parse_sink.h"
#include "reader.h"
#include "tags.h"
#include "utf8.h"
#include "word_notes.h"
#include "xalloc.h"

const char *const tb_result_text[] = {"*", "1-0", "0-1", "1/2-1/2", "*"};

enum { S_TAGS_KEPT = 64 }; /* tags a reader keeps room for between records */

typedef struct S_parser {
	tb_reader *r;
	tb_record *rec;
	const tb_game *g;      /* NULL when the game is unknown */
	tb_board board;
	tb_sink sink;          /* where the movetext goes (parse_sink.h) */
	size_t unclosed;       /* unclosed variations inside the one being closed */
	size_t offboard;       /* turn tokens read with a point off the board */
	int over;              /* past TB_MAX_TURNS: the rest of the moves is skipped */
	tb_tok angle;          /* the '<' of the angle form being read */
	const char *angle_what;/* what it is: "reading", "gap", "position"... */
	tb_evidence **ev_at;   /* where an evidence link read now goes: the link of
	                          what the tokens before it made (a turn, a gap, a
	                          position, a reading, an alternative, a comment),
	                          or NULL when nothing it may follow stands there */
	const char *facsimile; /* the record's [Facsimile], or NULL */
	int recording;         /* it has a [Recording] */
	int told_recording;    /* a time without one was warned of */
	int count_fresh;       /* a move number set an unknown count and no turn has
	                          followed it yet: the next number sets it instead */
	tb_split_turn split;   /* a refused word a turn may go on from (word_notes.h) */
} S_parser;

/* Who is to move: turn number and side, unless a gap made it unknown. */
typedef struct S_clock {
	unsigned number;
	int side;
	int known;
	long ahead;    /* turns the written numbers run ahead of the count, as
	                  last reported: one missing turn is one warning */
} S_clock;

static void S_next(S_parser *p) { tb_lex_next(p->r); }
static tb_tok *S_tok(S_parser *p) { return &p->r->tok; }

static int S_word_is(const tb_tok *t, const tb_reader *r, const char *w)
{
	size_t n = strlen(w);
	return t->type == TK_WORD && t->len == n && memcmp(r->data + t->off, w, n) == 0;
}

static tb_span S_span_tok(const tb_tok *t)
{
	tb_span s = {t->line, t->col, t->end_line, t->end_col, t->off};
	return s;
}

/* record.h's makers, for the building API too: the sink's (parse_sink.h) */
tb_comment *tb_comment_make(tb_arena *a, const char *s, size_t n, const char *lang)
{
	return tb_sink_comment_make(a, s, n, lang);
}

void tb_comment_append(tb_comment **list, tb_comment *c)
{
	tb_sink_comment_append(list, c);
}

void tb_node_push_variation(tb_node *base, tb_line *v)
{
	tb_sink_push_variation(base, v);
}

/* The comment just read (the current token), for the sink; 'kept': a
 * record read to check keeps it too (the tag section's). */
static tb_comment *S_comment_new(S_parser *p, int kept)
{
	tb_comment *c = tb_sink_comment(&p->sink, p->r->text.data ? p->r->text.data : "",
	                                p->r->text.len, p->r->lang, kept);
	c->span = S_span_tok(S_tok(p));
	return c;
}

/* The line and column of window offset 'off', in token 't' at or after
 * its start (its text's line ends counted as the lexer counts them). */
static void S_pos_in(const tb_reader *r, const tb_tok *t, size_t off, unsigned *line,
                     unsigned *col)
{
	*line = t->line;
	*col = t->col;
	tb_utf8_advance(r->data, t->off, off, line, col);
}

/* A diagnostic about the mark command that is the 'k'-th (from 0) of
 * the comment token 't': 'len' bytes from 'at' bytes into it. The
 * commands hold no escape, so the k-th of the token as written is the
 * k-th of its text. */
static void S_mark_diag(S_parser *p, const tb_tok *t, size_t k, size_t at, size_t len,
                        tb_severity sev, int code, const char *msg, const char *pre)
{
	const char *raw = p->r->data + t->off;
	size_t c = tb_marks_find(raw, t->len, 0);
	while (k-- && c < t->len)
		c = tb_marks_find(raw, t->len, c + 1);
	size_t off = t->off + (c < t->len ? c + at : 0);
	if (off + len > t->off + t->len)
		len = 1;
	unsigned line, col;
	S_pos_in(p->r, t, off, &line, &col);
	tb_diag_at(p->r, sev, code, off, len, line, col, "%s%s", pre, msg);
}

/* Author's marks (spec/tgn.md 8.7): the commands in comment 'c', just
 * read (the current token), taken out of its text into typed marks
 * when it follows a turn ('on_turn'); else warned of and left as text.
 * Each command goes with the blanks and line ends after it; the rest,
 * trimmed, is the text. */
static void S_marks(S_parser *p, tb_comment *c, int on_turn)
{
	const char *s = p->r->text.data;
	size_t n = p->r->text.len, at = s ? tb_marks_find(s, n, 0) : n;
	if (at == n)
		return;
	const tb_tok t = *S_tok(p);
	if (!on_turn) {
		S_mark_diag(p, &t, 0, 0, 5, TB_WARNING, TB_D_MARK_PLACE,
		            "marks are drawn on the diagram of the turn whose comment holds them: "
		            "this comment follows no turn, and keeps them as text", "");
		return;
	}
	if (!p->g) /* no board to read them on: the record's game is an error already */
		return;
	tb_mark m[TB_MAX_MARKS];
	unsigned nm = 0;
	char *rest = tb_arena_alloc(&p->rec->arena, n + 1);
	if (!rest) /* not while reading, where the arena jumps: the API's fragments */
		return;
	size_t len = 0, from = 0;
	for (size_t k = 0; at < n; k++) {
		memcpy(rest + len, s + from, at - from);
		len += at - from;
		tb_mark_err e;
		size_t used = tb_marks_read(s + at, n - at, &p->board, p->g->title, m, &nm,
		                            TB_MAX_MARKS, &e);
		if (!used) {
			S_mark_diag(p, &t, k, e.at, e.len, TB_ERROR, TB_D_MARK, e.msg, "cannot read mark: ");
			tb_buf alike = TB_BUF_SOFT;
			if (e.near)
				tb_point_alike(&p->board, e.near, &alike);
			if (alike.len && tb_buf_ok(&alike))
				tb_diag_note(p->r, "it could be %s", alike.data);
			tb_buf_free(&alike);
			const char *end = memchr(s + at, ']', n - at);
			used = end ? (size_t)(end - (s + at)) + 1 : n - at;
		}
		for (from = at + used; from < n && (s[from] == ' ' || s[from] == '\t' ||
		                                    s[from] == '\r' || s[from] == '\n');)
			from++;
		at = tb_marks_find(s, n, from);
	}
	memcpy(rest + len, s + from, n - from);
	len += n - from;
	while (len && (rest[len - 1] == ' ' || rest[len - 1] == '\t' || rest[len - 1] == '\n'))
		len--;
	rest[len] = '\0';
	size_t lead = strspn(rest, " \t\n");
	c->text = rest + lead;
	if (nm) {
		tb_marks_sort(m, nm);
		if ((c->marks = tb_arena_alloc(&p->rec->arena, nm * sizeof *m))) {
			memcpy(c->marks, m, nm * sizeof *m);
			c->nmarks = nm;
		}
	}
}

#define S_comment_append tb_sink_comment_append

/* Skips tokens up to the next '[' or the end: used when a record's
 * moves cannot be read at all. */
static void S_skip_to_record(S_parser *p)
{
	while (S_tok(p)->type != TK_EOF && S_tok(p)->type != TK_LBRACKET)
		S_next(p);
}

/* Where a '(' or '<' left open runs to, as the current token -- the
 * one that ended it -- says: "into the next record at line 9", "to the
 * end of the file", "into the game's result at line 2" (into 'to', of
 * 'cap' bytes). At the end, a '[' would have said otherwise: the
 * reader did not end clean (tb_reader_ended_clean). */
static void S_runs_to(S_parser *p, char *to, size_t cap)
{
	const tb_tok *t = S_tok(p);
	if (t->type == TK_EOF) {
		p->r->end_diag = 1;
		snprintf(to, cap, "to the end of the file");
	} else {
		/* the caller writes the diagnostic next: the line is one of its places */
		tb_diag_cite(p->r, t->line, 0);
		if (t->type == TK_LBRACKET)
			snprintf(to, cap, "into the next record at line %u", t->line);
		else
			snprintf(to, cap, "into the game's result at line %u", t->line);
	}
}

/* ===== Tags ===== */

int tb_tag_name_ok(const char *s, size_t n)
{
	if (!n || !isalpha((unsigned char)s[0]))
		return 0;
	for (size_t i = 1; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return 0;
	return 1;
}

/* The ASCII letter a Latin-1 letter with an accent is written as in a
 * tag name (U+00C0 to U+00FF; '.': none), and that name into 'out':
 * 1 when every character of 's' is a name's or such a letter. */
static int S_name_ascii(const char *s, size_t n, char *out, size_t cap)
{
	static const char bare[] = "AAAAAA.CEEEEIIIIDNOOOOO.OUUUUY.."
	                           "aaaaaa.ceeeeiiiidnooooo.ouuuuy.y";
	size_t k = 0;
	for (size_t i = 0; i < n && k + 1 < cap;) {
		uint32_t cp = (unsigned char)s[i];
		size_t len = tb_utf8_decode(s + i, n - i, &cp);
		char c = cp >= 0xC0 && cp <= 0xFF ? bare[cp - 0xC0] : (char)cp;
		if (!len || cp > 0xFF || !(isalnum((unsigned char)c) || c == '_'))
			return 0;
		out[k++] = c;
		i += len;
	}
	out[k] = 0;
	return k > 0;
}

/* A tag name that starts as one but holds a character no name may --
 * the 'ü' of [Sangangüey], which the roster writes in ASCII -- is told
 * at that character, by name (with its code point when it is not ASCII:
 * a no-break space looks like a space), and, when its letters without
 * their accents make a roster's tag, with that tag. 0 (nothing said) for a
 * word that does not start with a letter, or whose bytes are not UTF-8
 * (reported already). */
static int S_tag_name_char(tb_reader *r, const tb_tok *name)
{
	const char *s = r->data + name->off;
	size_t i = 1;
	if (!name->len || !isalpha((unsigned char)s[0]))
		return 0;
	while (i < name->len && (isalnum((unsigned char)s[i]) || s[i] == '_'))
		i++;
	uint32_t cp = 0;
	size_t n = i < name->len ? tb_utf8_decode(s + i, name->len - i, &cp) : 0;
	if (!n)
		return 0;
	char code[16] = "";
	if (cp >= 0x80)
		snprintf(code, sizeof code, " (U+%04X)", (unsigned)cp);
	/* s[0..i) is ASCII: i characters */
	tb_diag_at(r, TB_ERROR, TB_D_TAG_SYNTAX, name->off + i, n, name->line,
	           name->col + (unsigned)i,
	           "a tag name is ASCII letters, digits and '_': '%.*s'%s is not one", (int)n,
	           s + i, code);
	char ascii[64];
	if (cp >= 0x80 && S_name_ascii(s, name->len, ascii, sizeof ascii) &&
	    tb_tag_of_rosters(ascii, NULL))
		tb_diag_note(r, "did you mean [%s]? (its value may hold any character)", ascii);
	return 1;
}

/* Skips the rest of a broken tag: to its ']', or to a token on a later
 * line, or to the next '['. */
static void S_skip_tag(S_parser *p, unsigned line)
{
	while (S_tok(p)->type != TK_EOF && S_tok(p)->type != TK_LBRACKET &&
	       S_tok(p)->line == line) {
		int close = S_tok(p)->type == TK_RBRACKET;
		S_next(p);
		if (close)
			return;
	}
}

/* Are the 'n' bytes at 's' text a fix may write: UTF-8, no control
 * character but a tab (the bytes the lexer reports, TB101-TB103, are
 * not written again)? */
static int S_fix_text(const char *s, size_t n)
{
	for (size_t i = 0, k; i < n; i += k) {
		unsigned char c = (unsigned char)s[i];
		k = c >= 0x80 ? tb_utf8_valid(s + i, n - i) : 1;
		if (!k || (c < 0x20 && c != '\t') || c == 0x7f)
			return 0;
	}
	return 1;
}

/* The fix of TB215 on the value token 'value' (quotes included, on one
 * line): the value as written without its edge blanks, in its quotes.
 * None when nothing would be left (an empty value is warned of), when
 * what is left ends in a '\\' (it would escape the quote), or holds
 * bytes that are errors of their own (S_fix_text). */
static void S_blank_fix(tb_reader *r, const tb_tok *value)
{
	const char *s = r->data + value->off;
	size_t a = 1, z = value->len - 1;
	while (a < z && tb_blank(s[a]))
		a++;
	while (z > a && tb_blank(s[z - 1]))
		z--;
	if (a == z || s[z - 1] == '\\' || value->end_line != value->line ||
	    !S_fix_text(s + a, z - a))
		return;
	tb_buf b = TB_BUF_SOFT;
	tb_buf_putc(&b, '"');
	tb_buf_put(&b, s + a, z - a);
	tb_buf_putc(&b, '"');
	if (tb_buf_ok(&b))
		tb_diag_propose(r, value->off, value->len, value->line, value->col, b.data, b.len, 0);
	else
		tb_reader_nomem(r);
	tb_buf_free(&b);
}

/* Warns of the value of tag 't' (roster slot 'known', or -1; its token
 * 'value', quotes included) that the canonical form keeps as written
 * and that starts or ends with a blank (spec/tgn.md §4, TB215): a value
 * is the transcriber's, but nobody sees the blank, and a search, a
 * catalogue or a tree by that tag sees another value. The values read
 * by their format and written canonically are not these, nor a [Source]
 * whose timecode's error (tags.c) covers its end. The tag section's
 * fast tier leaves such a line to the parser (parse_fast_tags.c). */
static void S_blank_edges(tb_reader *r, const tb_tag *t, int known, const tb_tok *value)
{
	const char *s = r->data + value->off;
	if (value->len < 3 || (!tb_blank(s[1]) && !tb_blank(s[value->len - 2])))
		return;
	if (known == TB_TAG_GAME || known == TB_TAG_RULES || known == TB_TAG_DATE ||
	    known == TB_TAG_RESULT || known == TB_TAG_POSITION ||
	    (known == TB_TAG_SOURCE && !tb_tag_format_matches(TB_TAGFMT_SOURCE, t->value)))
		return;
	int starts = tb_blank(s[1]), ends = tb_blank(s[value->len - 2]);
	tb_diag_at(r, TB_WARNING, TB_D_TAG_BLANK, value->off, value->len, value->line, value->col,
	           "the value of [%s] %s with a blank, kept as written", t->name,
	           starts && ends ? "starts and ends" : starts ? "starts" : "ends");
	S_blank_fix(r, value);
}

/* tag -> '[' NAME STRING ']' */
static void S_tag(S_parser *p, tb_tag_list *tags)
{
	tb_reader *r = p->r;
	unsigned line = S_tok(p)->line;
	/* the '[' token's span, field by field: the token was just written
	 * so, and a copy of it whole waited for those stores */
	tb_span open_span = S_span_tok(S_tok(p));
	tb_tok name, value;
	int plain = tb_lex_tag(r, &name, &value); /* then r->tok is its ']' */
	if (!plain) {
		S_next(p);
		name = *S_tok(p);
		if (name.type != TK_WORD || !tb_tag_name_ok(r->data + name.off, name.len)) {
			if (name.type != TK_WORD || !S_tag_name_char(r, &name))
				tb_diag_tok(r, TB_ERROR, TB_D_TAG_SYNTAX,
				            "expected a tag name (letters, digits, '_') after '['");
			S_skip_tag(p, line);
			return;
		}
		S_next(p);
		if (S_tok(p)->type != TK_STRING) {
			tb_diag_tok(r, TB_ERROR, TB_D_TAG_SYNTAX,
			            "expected the tag's value in double quotes");
			S_skip_tag(p, line);
			return;
		}
		if (S_tok(p)->bad) { /* reported; its value is not what was meant */
			S_next(p);
			S_skip_tag(p, line);
			return;
		}
		value = *S_tok(p);
	}
	tb_tag t = {0};
	int known = tb_tag_known(r->data + name.off, name.len);
	/* a roster tag's name is the roster's, which lives as long as any record */
	t.name = known >= 0 ? tb_tag_known_name(known)
	                    : tb_arena_strndup(&p->rec->arena, r->data + name.off, name.len);
	if (plain) /* no escapes: the bytes between the quotes */
		t.value = tb_arena_strndup(&p->rec->arena, r->data + value.off + 1, value.len - 2);
	else
		t.value = tb_arena_strndup(&p->rec->arena, r->text.data ? r->text.data : "",
		                           r->text.len);
	t.span = open_span;
	if (!plain)
		S_next(p);
	if (S_tok(p)->type != TK_RBRACKET) {
		tb_diag_tok(r, TB_ERROR, TB_D_TAG_SYNTAX, "expected ']' to close the tag");
		S_skip_tag(p, line);
	} else {
		t.span.end_line = S_tok(p)->end_line;
		t.span.end_col = S_tok(p)->end_col;
		tb_lex_after_tag(r);
	}
	int empty = !*t.value;
	if (empty)
		t.value = "?";
	t.value_line = value.line;
	t.value_col = value.col;
	t.value_off = value.off;
	const tb_tag *first =
		tb_tag_list_add_known(tags, &t, known);
	if (first)
		tb_diag_cite(r, first->span.line, 0);
	if (first)
		tb_diag_at(r, TB_ERROR, TB_D_TAG_REPEAT, name.off, name.len, name.line, name.col,
		           "tag [%s] is given twice (first on line %u)", t.name, first->span.line);
	else if (empty)
		tb_diag_at(r, TB_WARNING, TB_D_TAG_EMPTY, value.off, value.len, value.line,
		           value.col, "tag [%s] is empty; it is written \"?\", unknown", t.name);
	else
		S_blank_edges(r, &t, known, &value);
}

/* tagsec -> (tag | comment)*
 * It ends, as the record does, where a comment left open ran into the
 * next record's tags (r->ran_on).
 * A comment on the line a tag ends on -- or that the tag's last comment
 * ends on -- belongs to that tag; one on a line of its own belongs to
 * the tag before it, or, after the last tag, to the start of the
 * movetext; before any tag, to the record. (The canonical form writes a
 * tag's comments on its line, one after the other: a comment of several
 * lines must not push the next one off the tag.) */
static void S_tag_section(S_parser *p, tb_tag_list *tags)
{
	tb_comment *pending = NULL;
	unsigned tag_end_line = 0;
	for (;;) {
		tb_tok *t = S_tok(p);
		if (t->type == TK_LBRACKET && p->r->ran_on)
			break; /* a comment ran into the next record's tags (lexer.c) */
		if (t->type == TK_LBRACKET) {
			p->r->rec_begun = 1;
			size_t before = tags->n;
			if (pending)
				S_comment_append(tags->n ? &tags->v[tags->n - 1].comments
				                         : &p->rec->lead, pending);
			/* tags in the plain shape: the fast tier, which leaves to
			 * S_tag the first it does not take (parse_fast.h) */
			if (!pending && tb_fast_tags(p->r, &p->rec->arena, tags)) {
				if (tags->n > before)
					tag_end_line = tags->v[tags->n - 1].span.end_line;
				continue;
			}
			pending = NULL;
			S_tag(p, tags);
			if (tags->n > before)
				tag_end_line = tags->v[tags->n - 1].span.end_line;
		} else if (t->type == TK_COMMENT) {
			tb_comment *c = S_comment_new(p, 1);
			S_marks(p, c, 0);
			if (tags->n && t->line == tag_end_line && !pending) {
				S_comment_append(&tags->v[tags->n - 1].comments, c);
				tag_end_line = t->end_line;
			} else {
				S_comment_append(&pending, c);
			}
			S_next(p);
		} else if (t->type == TK_RBRACKET || t->type == TK_STRING) {
			tb_diag_tok(p->r, TB_ERROR, TB_D_TAG_SYNTAX, "this is not inside a tag pair");
			S_next(p);
		} else {
			break;
		}
	}
	p->r->rec_begun = 1; /* the movetext's */
	if (pending)
		S_comment_append(tags->n ? &p->rec->main.lead : &p->rec->lead, pending);
	if (pending && tags->n) /* the movetext's first comment: a link may follow it */
		p->ev_at = &pending->last->evidence;
}

/* ===== Movetext ===== */

/* A clock's 'ahead' as a node keeps it (record.h): a written number is
 * at most 999999 and a count past 4 million plies is past TB_MAX_TURNS
 * turns and 9999-turn gaps alike, so the bound only guards the field. */
static int S_ahead(long ahead)
{
	const long max = (1L << 23) - 1;
	return (int)(ahead > max ? max : ahead < -max ? -max : ahead);
}

static tb_node *S_node_new(S_parser *p, tb_line *line, tb_node_kind kind,
                           const tb_tok *at, S_clock *clk)
{
	if (p->sink.nodes + 1 > TB_MAX_TURNS && !p->over) {
		tb_diag_at(p->r, TB_ERROR, TB_D_TOO_MANY_TURNS, at->off, at->len, at->line, at->col,
		           "a record holds at most %d turns, gaps and positions: the rest of its "
		           "moves is not read", TB_MAX_TURNS);
		p->over = 1; /* S_line skips the rest */
	}
	tb_node *n = tb_sink_node(&p->sink, line, (uint8_t)kind);
	p->count_fresh = 0;
	if (tb_sink_tree(&p->sink)) {
		n->span = S_span_tok(at);
		n->ahead = S_ahead(clk->ahead);
	}
	if (clk->known) {
		n->number = clk->number;
		n->side = (uint8_t)clk->side;
		if (clk->side == 1)
			clk->number++;
		clk->side ^= 1;
	}
	return n;
}

/* Reports that the move word at token 't' cannot be read, at 'err'. */
static void S_move_error(S_parser *p, const tb_tok *t, const tb_syntax_err *err)
{
	const char *s = p->r->data + t->off;
	int shown = t->len > 40 ? 40 : (int)t->len;
	tb_diag_at(p->r, TB_ERROR, TB_D_MOVE, t->off + err->offset, err->len, t->line,
	           t->col + tb_utf8_count(s, err->offset), "cannot read move '%.*s%s': %s", shown,
	           s, t->len > 40 ? "..." : "", err->msg);
	tb_word_notes(p->r, p->g, &p->board, t, &p->split);
}

/* Reads the move word at token 't' with the game's grammar into 'm';
 * '*nag' gets the suffix's NAG or 0. The move's parts are kept when
 * the sink keeps them or they are 'needed' (else m->parts is NULL).
 * Returns 0, or -1 after a diagnostic. */
static int S_read_move(S_parser *p, const tb_tok *t, tb_move *m, int *nag, int needed)
{
	tb_reader *r = p->r;
	const char *s = r->data + t->off;
	tb_syntax_err err, off;
	tb_scan sc;
	tb_move_builder mb;
	tb_scan_word(&sc, s, t->len, &p->board, p->g->title, &err, &off, &mb);
	int rc = p->g->parse_move(&sc, &mb);
	*nag = 0;
	if (rc == 0 && sc.i < sc.n) {
		*nag = tb_move_suffix(s + sc.i, sc.n - sc.i);
		if (!*nag) {
			err.offset = sc.i;
			err.len = 1;
			snprintf(err.msg, sizeof err.msg, "unexpected '%.*s' in the move",
			         (int)tb_utf8_len_at(s + sc.i, sc.n - sc.i), s + sc.i);
			rc = -1;
		}
	}
	if (rc == 0 && off.len) { /* read, but a point is not on the board */
		err = off;
		S_move_error(p, t, &err);
		tb_buf alike = TB_BUF_SOFT;
		const char *pt = s + off.offset;
		/* a rank no board has ("a40") is one no point holds: only its
		 * file is suggested; a file past h, nothing. The rank's digits
		 * are read within the point: the text is not a C string, and
		 * atoi read past the end of an input ending in one (CI's fuzzing) */
		int file = tolower((unsigned char)pt[0]) - 'a', rank = 0;
		for (size_t k = 1; k < off.len && k < 4 && pt[k] >= '0' && pt[k] <= '9'; k++)
			rank = rank * 10 + (pt[k] - '0');
		rank--;
		if (file >= 0 && file < 8)
			tb_point_alike(&p->board, TB_PT(file, rank < 0 || rank >= TB_MAX_RANKS ? 30 : rank),
			               &alike);
		if (!tb_buf_ok(&alike))
			tb_reader_nomem(r); /* a note cut short */
		else if (alike.len)
			tb_diag_note(r, "it could be %s", alike.data);
		tb_buf_free(&alike);
		p->offboard++;
	} else if (rc) {
		if (off.len && off.offset < err.offset)
			err = off; /* the first thing wrong is the point off the board */
		tb_buf ascii = TB_BUF_SOFT;
		int indic = tb_indic_digits(s, t->len, &ascii);
		if (indic && !tb_buf_ok(&ascii))
			tb_reader_nomem(r); /* as above */
		else if (indic && err.msg[0] != '\'' )
			snprintf(err.msg, sizeof err.msg, "it is written with Arabic-Indic digits: TGN "
			         "writes numbers and ranks with the digits 0-9 (%s)", ascii.data);
		tb_buf_free(&ascii);
		S_move_error(p, t, &err);
		return -1;
	}
	m->nparts = (uint8_t)mb.n;
	m->crown = mb.crown;
	m->parts = tb_sink_parts(&p->sink, mb.parts, mb.n, needed);
	return 0;
}

static void S_add_nag(S_parser *p, tb_node *n, int nag)
{
	if (n->nnags >= TB_MAX_NAGS) {
		tb_diag_tok(p->r, TB_ERROR, TB_D_NAGS, "a turn has at most %d NAGs", TB_MAX_NAGS);
		return;
	}
	tb_sink_nag(&p->sink, n, (uint8_t)nag);
}

static int S_need_clock(S_parser *p, const S_clock *clk)
{
	if (clk->known)
		return 1;
	tb_diag_tok(p->r, TB_ERROR, TB_D_NEED_NUMBER,
	            "after a gap of unknown length, write the number of this turn "
	            "(12. or 12...) before it");
	return 0;
}

/* A word in the movetext: a pass, an unknown turn or a move. */
static void S_turn_word(S_parser *p, tb_line *line, S_clock *clk)
{
	/* the token itself, not a copy (read whole just after the lexer's
	 * narrow stores, a copy waited for them): nothing here lexes before
	 * the S_next at the end */
	const tb_tok *t = S_tok(p);
	tb_reader *r = p->r;
	if (p->split.open)
		tb_word_split_next(r, p->g, &p->board, t, &p->split);
	if (!S_need_clock(p, clk)) {
		S_next(p);
		return;
	}
	int pass_nag = t->len > 4 && memcmp(r->data + t->off, "pass", 4) == 0
	                   ? tb_move_suffix(r->data + t->off + 4, t->len - 4) : 0;
	if (S_word_is(t, r, "pass") || S_word_is(t, r, "--") || pass_nag) {
		tb_node *n = S_node_new(p, line, TB_NODE_PASS, t, clk);
		if (pass_nag)
			S_add_nag(p, n, pass_nag);
	} else if (S_word_is(t, r, "?")) {
		S_node_new(p, line, TB_NODE_UNKNOWN, t, clk);
	} else {
		tb_move m;
		int nag;
		if (S_read_move(p, t, &m, &nag, 0) == 0) {
			tb_node *n = S_node_new(p, line, TB_NODE_MOVE, t, clk);
			/* field by field, as S_read_move wrote 'm' (a whole copy
			 * waited for those stores) */
			n->move.nparts = m.nparts;
			n->move.crown = m.crown;
			n->move.parts = m.parts;
			if (nag)
				S_add_nag(p, n, nag);
		} else {
			/* keeps the count, so one bad token is one diagnostic */
			S_node_new(p, line, TB_NODE_UNKNOWN, t, clk);
		}
	}
	S_next(p);
}

/* An error in the angle form being read (p->angle), at the current
 * token -- but when that is the next record's '[' or the end, the form
 * was left open: that is said at its '<', as of a variation, and not at
 * all when a comment that ran on left it open (r->ran_on, lexer.c). */
static void S_angle_diag(S_parser *p, const char *msg)
{
	tb_tok_type ty = S_tok(p)->type;
	if (ty != TK_EOF && ty != TK_LBRACKET) {
		tb_diag_tok(p->r, TB_ERROR, TB_D_ANGLE, "%s", msg);
		return;
	}
	if (p->r->ran_on)
		return;
	char to[64];
	S_runs_to(p, to, sizeof to);
	const tb_tok *o = &p->angle;
	tb_diag_at(p->r, TB_ERROR, TB_D_ANGLE, o->off, 1, o->line, o->col,
	           "this %s is never closed with '>': it runs %s", p->angle_what, to);
}

/* Skips to the '>' that ends a broken angle construct. */
static void S_skip_angle(S_parser *p)
{
	for (;;) {
		tb_tok_type ty = S_tok(p)->type;
		if (ty == TK_EOF || ty == TK_LBRACKET || ty == TK_RPAREN || ty == TK_LPAREN)
			return;
		S_next(p);
		if (ty == TK_RANGLE)
			return;
	}
}

static int S_expect_rangle(S_parser *p, const char *what)
{
	if (S_tok(p)->type == TK_RANGLE) {
		S_next(p);
		return 0;
	}
	char msg[64];
	snprintf(msg, sizeof msg, "expected '>' to close the %s", what);
	p->angle_what = what;
	S_angle_diag(p, msg);
	S_skip_angle(p);
	return -1;
}

/* Reads up to four digits at s[*i]. */
static int S_count(const char *s, size_t n, size_t *i, long *v)
{
	size_t d = 0;
	*v = 0;
	while (*i < n && isdigit((unsigned char)s[*i]) && d < 5)
		*v = *v * 10 + (s[(*i)++] - '0'), d++;
	return d && *v <= 9999 ? 0 : -1;
}

/* count -> N | N '-' M, 0 <= N <= M <= 9999 */
static int S_gap_count(S_parser *p, const tb_tok *t, long *lo, long *hi)
{
	const char *s = p->r->data + t->off;
	size_t i = 0;
	if (S_count(s, t->len, &i, lo))
		return -1;
	*hi = *lo;
	if (i < t->len && s[i] == '-') {
		i++;
		if (S_count(s, t->len, &i, hi))
			return -1;
	}
	return i == t->len && *hi >= *lo ? 0 : -1;
}

/* The clock after a gap of 'lo' to 'hi' turns (-1: unknown). */
static void S_clock_gap(S_clock *clk, long lo, long hi)
{
	if (lo >= 0 && lo == hi && clk->known) {
		clk->number += (unsigned)((clk->side + lo) / 2);
		clk->side = (int)((clk->side + lo) % 2);
	} else {
		clk->known = 0;
	}
}

/* "gap" COUNT? */
static int S_alt_gap(S_parser *p, tb_alt *a)
{
	a->kind = TB_NODE_GAP;
	S_next(p); /* "gap" */
	if (S_tok(p)->type == TK_WORD) {
		long lo, hi;
		if (S_gap_count(p, S_tok(p), &lo, &hi)) {
			S_angle_diag(p, "a gap's length is a number of turns (3) or a range (2-6)");
			return -1;
		}
		a->gap_min = (int32_t)lo; /* at most 9999 */
		a->gap_max = (int32_t)hi;
		S_next(p);
	}
	return 0;
}

/* "position" STRING */
static int S_alt_position(S_parser *p, tb_alt *a)
{
	a->kind = TB_NODE_POSITION;
	S_next(p); /* "position" */
	if (S_tok(p)->type != TK_STRING) {
		S_angle_diag(p, "expected the position in double quotes after 'position'");
		return -1;
	}
	a->position = tb_tags_position(p->r, &p->rec->arena, p->g, &p->board, S_tok(p),
	                               p->r->text.data ? p->r->text.data : "");
	S_next(p);
	return a->position ? 0 : -1;
}

/* "reconstructed" WORD: a turn the source lacks, put in by the rules
 * (tablero fill; spec/tgn.md, "Reconstructed turns"), whole: every
 * point known, no annotation. */
static int S_alt_reconstructed(S_parser *p, tb_alt *a)
{
	tb_reader *r = p->r;
	S_next(p); /* "reconstructed" */
	tb_tok t = *S_tok(p);
	int nag = 0;
	size_t offboard = p->offboard;
	a->kind = TB_NODE_MOVE;
	a->reconstructed = 1;
	if (t.type != TK_WORD) {
		S_angle_diag(p, "expected the turn after 'reconstructed'");
		return -1;
	}
	if (S_word_is(&t, r, "pass") || S_word_is(&t, r, "--")) {
		a->kind = TB_NODE_PASS;
	} else if (S_word_is(&t, r, "?")) {
		S_angle_diag(p, "a reconstructed turn is a whole turn");
		return -1;
	} else if (S_read_move(p, &t, &a->move, &nag, 1)) { /* its points are looked at */
		return -1;
	} else if (nag) {
		S_angle_diag(p, "annotate the turn after its '>'");
		return -1;
	}
	for (unsigned i = 0; i < a->move.nparts; i++)
		if (a->move.parts[i].pt == TB_PT_UNKNOWN) {
			S_angle_diag(p, "a reconstructed turn is a whole turn: every point known");
			return -1;
		}
	if (p->offboard != offboard)
		return -1;
	S_next(p);
	return 0;
}

/* WORD: a move, "pass", "?", or "omitted" (nothing). */
static int S_alt_turn(S_parser *p, tb_alt *a)
{
	tb_tok t = *S_tok(p);
	tb_reader *r = p->r;
	if (S_word_is(&t, r, "pass") || S_word_is(&t, r, "--")) {
		a->kind = TB_NODE_PASS;
	} else if (S_word_is(&t, r, "?")) {
		a->kind = TB_NODE_UNKNOWN;
	} else if (S_word_is(&t, r, "omitted")) {
		a->kind = TB_NODE_OMITTED;
	} else {
		int nag;
		a->kind = TB_NODE_MOVE;
		if (S_read_move(p, &t, &a->move, &nag, 0))
			return -1;
		if (nag) {
			S_angle_diag(p, "annotate the reading as a whole, after its '>'");
			return -1;
		}
	}
	S_next(p);
	return 0;
}

/* ===== Evidence links (spec/tgn.md 8.6) ===== */

static int S_is_evidence(const S_parser *p, const tb_tok *t)
{
	return t->type == TK_WORD && p->r->data[t->off] == '@';
}

/* The reason link 'k', which reads well, cannot be kept (its code in
 * '*code'; the message may be made in 'msg', of 'cap' bytes), or NULL;
 * warns of a time in a record without [Recording], once. */
static const char *S_evidence_media(S_parser *p, const tb_ev_token *k, int *code, char *msg,
                                    size_t cap)
{
	*code = TB_D_NO_PAGE;
	if (k->is_time) {
		if (!p->recording && !p->told_recording++)
			tb_diag_tok(p->r, TB_WARNING, TB_D_NO_RECORDING,
			            "a time in the recording, but the record names no [Recording]");
		return NULL;
	}
	if (!p->facsimile)
		return "a region of a page, but the record names no page images: give them "
		       "in [Facsimile]";
	if (tb_facsimile_has(p->facsimile, k->name, k->nlen))
		return NULL;
	snprintf(msg, cap, "[Facsimile] names no page '%.*s': it names ", (int)k->nlen, k->name);
	const char *nm, *uri;
	size_t nl, ul, len = strlen(msg);
	for (size_t i = 0; len + 8 < cap && tb_facsimile_item(p->facsimile, i, &nm, &nl, &uri, &ul);
	     i++) {
		snprintf(msg + len, cap - len, "%s%.*s", i ? ", " : "", (int)nl, nm);
		len = strlen(msg);
	}
	return msg;
}

/* link -> '@' (time | region): evidence of what the tokens before it
 * made (p->ev_at). */
static void S_evidence(S_parser *p)
{
	tb_tok t = *S_tok(p);
	tb_reader *r = p->r;
	tb_ev_token k;
	const char *why;
	size_t at;
	char msg[160];
	int code = TB_D_EVIDENCE;
	if (!p->ev_at) {
		tb_diag_tok(r, TB_ERROR, TB_D_EVIDENCE, "an evidence link follows the turn, gap, "
		            "position or comment it is evidence of");
	} else if (tb_ev_token_read(r->data + t.off + 1, t.len - 1, &k, &why, &at)) {
		size_t len = t.len - 1 - at;
		tb_diag_at(r, TB_ERROR, TB_D_EVIDENCE, t.off + 1 + at, len ? len : 1, t.line,
		           t.col + 1 + (unsigned)at, "cannot read evidence link: %s", why);
	} else if ((why = S_evidence_media(p, &k, &code, msg, sizeof msg))) {
		tb_diag_tok(r, TB_ERROR, code, "%s", why);
	} else {
		tb_evidence *e = *p->ev_at;
		if (!e) {
			e = *p->ev_at = tb_ev_new(&p->rec->arena);
			e->span = S_span_tok(&t);
		}
		if (tb_ev_set(e, &k, &p->rec->arena))
			tb_diag_tok(r, TB_ERROR, TB_D_EVIDENCE, "this has a %s already: one of each "
			            "at most", k.is_time ? "time" : "region of a page");
		e->span.end_line = t.end_line;
		e->span.end_col = t.end_col;
	}
	S_next(p);
}

/* alt -> ( ["reconstructed"] WORD | "omitted" | "gap" COUNT? | "position" STRING ) comment* */
static int S_alt(S_parser *p, tb_alt *a)
{
	tb_tok t = *S_tok(p);
	memset(a, 0, sizeof *a);
	a->gap_min = a->gap_max = -1;
	if (t.type != TK_WORD) {
		S_angle_diag(p, "expected a reading of the turn here");
		return -1;
	}
	a->span = S_span_tok(&t);
	int rc = S_word_is(&t, p->r, "gap")             ? S_alt_gap(p, a)
	       : S_word_is(&t, p->r, "position")        ? S_alt_position(p, a)
	       : S_word_is(&t, p->r, "reconstructed")   ? S_alt_reconstructed(p, a)
	                                                : S_alt_turn(p, a);
	if (rc)
		return -1;
	a->span.end_line = p->r->prev.end_line;
	a->span.end_col = p->r->prev.end_col;
	p->ev_at = &a->evidence; /* 'a' is copied to the record when the reading is read */
	for (;;) {
		if (S_tok(p)->type == TK_COMMENT) {
			tb_comment *c = S_comment_new(p, 0);
			S_marks(p, c, 0);
			S_comment_append(&a->comments, c);
			p->ev_at = &c->evidence;
			S_next(p);
		} else if (S_is_evidence(p, S_tok(p))) {
			S_evidence(p);
		} else {
			break;
		}
	}
	p->ev_at = NULL;
	return 0;
}

/* What a broken reading leaves in the line: an unknown turn, so the
 * count goes on, when its first alternative was (or began as) a turn
 * ('first_turn'); nothing when it was a gap, a position or "omitted". */
static void S_angle_broken(S_parser *p, tb_line *line, S_clock *clk, const tb_tok *open,
                           int first_turn)
{
	if (first_turn)
		S_node_new(p, line, TB_NODE_UNKNOWN, open, clk);
}

/* A gap, a restated position or a reconstructed turn written alone
 * between '<' and '>' (spec/tgn.md sections 8.2, 8.4, 8.5). */
static void S_angle_alone(S_parser *p, tb_line *line, S_clock *clk, const tb_tok *open,
                          const tb_alt *a, const tb_tok *close)
{
	S_clock none = {0, 0, 0, 0};
	tb_node *n = NULL;
	switch (a->kind) {
	case TB_NODE_GAP:
		n = S_node_new(p, line, TB_NODE_GAP, open, &none);
		n->ahead = S_ahead(clk->ahead); /* no count of its own, the line's ahead */
		n->gap_min = a->gap_min;
		n->gap_max = a->gap_max;
		S_clock_gap(clk, a->gap_min, a->gap_max);
		break;
	case TB_NODE_POSITION:
		n = S_node_new(p, line, TB_NODE_POSITION, open, &none);
		n->ahead = S_ahead(clk->ahead);
		n->position = a->position;
		*clk = (S_clock){a->position->number, a->position->to_move, 1, clk->ahead};
		break;
	default: /* reconstructed */
		n = S_node_new(p, line, a->kind, open, clk);
		n->move = a->move;
		n->reconstructed = 1;
		n->span.end_line = close->end_line;
		n->span.end_col = close->end_col;
		break;
	}
	n->evidence = a->evidence; /* "<gap 3 @0:01:00>" is "<gap 3> @0:01:00" */
}

/* angle -> alt ('|' alt)* '>': a reading. The record follows its first
 * alternative: the reading is a turn of the count when that is a turn,
 * else it is what that is (a gap, a restatement, nothing). */
static void S_reading(S_parser *p, tb_line *line, S_clock *clk, const tb_tok *open)
{
	tb_alt alts[16];
	unsigned n = 0;
	tb_reader *r = p->r;
	int first_turn = !S_word_is(S_tok(p), r, "gap") && !S_word_is(S_tok(p), r, "position") &&
	                 !S_word_is(S_tok(p), r, "omitted");
	int alone = !first_turn || S_word_is(S_tok(p), r, "reconstructed");
	p->angle_what = S_word_is(S_tok(p), r, "gap")             ? "gap"
	              : S_word_is(S_tok(p), r, "position")        ? "position"
	              : S_word_is(S_tok(p), r, "reconstructed")   ? "reconstructed turn"
	                                                          : "reading";
	for (;;) {
		if (n == 16) {
			S_angle_diag(p, "a reading has at most 16 alternatives");
			S_skip_angle(p);
			S_angle_broken(p, line, clk, open, first_turn);
			return;
		}
		if (S_alt(p, &alts[n])) {
			S_skip_angle(p);
			S_angle_broken(p, line, clk, open, first_turn);
			return;
		}
		n++;
		if (S_tok(p)->type != TK_BAR)
			break;
		p->angle_what = "reading";
		S_next(p);
	}
	alone = alone && n == 1 && !alts[0].comments && alts[0].kind != TB_NODE_OMITTED;
	tb_tok close = *S_tok(p);
	const char *what = !alone ? "reading"
	                 : alts[0].kind == TB_NODE_GAP ? "gap"
	                 : alts[0].kind == TB_NODE_POSITION ? "position"
	                                                     : "reconstructed turn";
	if (S_expect_rangle(p, what)) {
		S_angle_broken(p, line, clk, open, first_turn);
		return;
	}
	if (alone) {
		S_angle_alone(p, line, clk, open, &alts[0], &close);
		return;
	}
	S_clock none = {0, 0, 0, 0};
	uint8_t k0 = alts[0].kind;
	tb_node *node = S_node_new(p, line, TB_NODE_READING, open,
	                           tb_kind_is_turn(k0) ? clk : &none);
	node->ahead = S_ahead(clk->ahead);
	node->alts = tb_sink_alts(&p->sink, alts, n);
	node->nalts = n;
	node->span.end_line = alts[n - 1].span.end_line;
	node->span.end_col = alts[n - 1].span.end_col + 1;
	if (k0 == TB_NODE_GAP) {
		node->gap_min = alts[0].gap_min;
		node->gap_max = alts[0].gap_max;
		S_clock_gap(clk, alts[0].gap_min, alts[0].gap_max);
	} else if (k0 == TB_NODE_POSITION) {
		node->position = alts[0].position;
		*clk = (S_clock){alts[0].position->number, alts[0].position->to_move, 1, clk->ahead};
	}
}

/* turn -> '<' angle '>'
 * angle -> "gap" COUNT? | "position" STRING | "reconstructed" WORD
 *        | alt ('|' alt)*
 * A gap, a restatement or a reconstructed turn followed by comments or
 * '|' is the first alternative of a reading. */
static void S_angle(S_parser *p, tb_line *line, S_clock *clk)
{
	tb_tok open = *S_tok(p);
	p->angle = open;
	S_next(p);
	const tb_tok *t = S_tok(p);
	int counts = !S_word_is(t, p->r, "gap") && !S_word_is(t, p->r, "position") &&
	             !S_word_is(t, p->r, "omitted");
	if (counts && !S_need_clock(p, clk)) {
		S_skip_angle(p);
		return;
	}
	S_reading(p, line, clk, &open);
}

/* MOVENUM: checks it against the clock, or sets an unknown clock. */
static void S_move_number(S_parser *p, S_clock *clk)
{
	const tb_tok *t = S_tok(p);
	int side = t->dots == 1 ? 0 : 1;
	if (t->dots != 1 && t->dots != 3) {
		/* already reported by the lexer */
	} else if (!clk->known || p->count_fresh) {
		/* the count starts at this number: the two agree from here, and
		 * the numbers after it are told apart from it, not from those
		 * before the gap (which the writer could not number on from) */
		clk->number = (unsigned)(t->num > 0 ? t->num : 1);
		clk->side = side;
		clk->known = 1;
		clk->ahead = 0;
		p->count_fresh = 1; /* "<gap> 5. 1. d7": 1. is the count, as the writer writes it */
	} else {
		long ahead = (2L * t->num + side) - (2L * clk->number + clk->side);
		if (ahead && ahead != clk->ahead)
			tb_diag_tok(p->r, TB_WARNING, TB_D_NUMBER,
			            "move number %.*s does not match the count: this is %u%s",
			            (int)(t->len > 20 ? 20 : t->len), p->r->data + t->off, clk->number,
			            clk->side == 0 ? "." : "...");
		clk->ahead = ahead;
	}
	S_next(p);
}

static void S_line(S_parser *p, tb_line *line, S_clock clk, int depth);

/* Skips a variation nested too deep, without recursing; counts the
 * ones left open at the end. */
static void S_skip_variation(S_parser *p)
{
	size_t open = 1;
	while (open > 0 && S_tok(p)->type != TK_EOF && S_tok(p)->type != TK_LBRACKET) {
		if (S_tok(p)->type == TK_LPAREN)
			open++;
		else if (S_tok(p)->type == TK_RPAREN)
			open--;
		S_next(p);
	}
	p->unclosed += open;
}

/* The outermost variation left open, at its '(' ('open'), with those
 * inside it (p->unclosed), and where it ran to; nothing when a comment
 * that ran on left it open (r->ran_on, lexer.c): one slip, one error. */
static void S_variation_open(S_parser *p, const tb_tok *open)
{
	size_t inside = p->unclosed;
	p->unclosed = 0;
	if (p->r->ran_on)
		return;
	char to[64], nor[64] = "";
	S_runs_to(p, to, sizeof to);
	if (inside == 1)
		snprintf(nor, sizeof nor, ", nor is the one inside it");
	else if (inside)
		snprintf(nor, sizeof nor, ", nor are the %zu inside it", inside);
	tb_diag_at(p->r, TB_ERROR, TB_D_VAR_OPEN, open->off, 1, open->line, open->col,
	           "this variation is never closed with ')'%s: it runs %s", nor, to);
}

/* '(' line ')' : an alternative to the last turn of 'line'. */
static void S_variation(S_parser *p, tb_line *line, int depth)
{
	tb_tok open = *S_tok(p);
	tb_node *base = line->last;
	S_next(p);
	if (depth >= TB_MAX_DEPTH) {
		tb_diag_at(p->r, TB_ERROR, TB_D_VAR_DEEP, open.off, 1, open.line, open.col,
		           "variations are nested more than %d deep", TB_MAX_DEPTH);
		S_skip_variation(p);
		return;
	}
	if (!base)
		tb_diag_at(p->r, TB_ERROR, TB_D_VAR_START, open.off, 1, open.line, open.col,
		           "a variation must follow the turn it replaces");
	tb_line local;
	tb_line *v = tb_sink_line(&p->sink, &local);
	v->span = S_span_tok(&open);
	S_clock clk = {0, 0, 0, 0};
	if (base && base->side != 2)
		clk = (S_clock){base->number, base->side, 1, 0};
	S_line(p, v, clk, depth + 1);
	if (p->over)
		return;
	if (S_tok(p)->type == TK_RPAREN) {
		v->span.end_line = S_tok(p)->end_line;
		v->span.end_col = S_tok(p)->end_col;
		S_next(p);
	} else if (depth > 0) {
		p->unclosed++; /* the outermost one reports them all */
	} else {
		S_variation_open(p, &open);
	}
	if (!v->first && !v->lead) {
		tb_diag_at(p->r, TB_ERROR, TB_D_VAR_EMPTY, open.off, 1, open.line, open.col,
		           "empty variation");
		return;
	}
	if (!base)
		return;
	tb_sink_variation(&p->sink, base, v);
}

static int S_is_result(S_parser *p, const tb_tok *t)
{
	return t->type == TK_STAR || S_word_is(t, p->r, "1-0") ||
	       S_word_is(t, p->r, "0-1") || S_word_is(t, p->r, "1/2-1/2");
}

/* line -> (MOVENUM | turn | comment | NAG | variation)* ; stops before
 * ')' (inside a variation), a result, '[' or the end. */
static void S_line(S_parser *p, tb_line *line, S_clock clk, int depth)
{
	for (;;) {
		tb_tok *t = S_tok(p);
		if (p->over) { /* too many turns: to the record's end, unread */
			while (t->type != TK_EOF && t->type != TK_LBRACKET) {
				S_next(p);
				t = S_tok(p);
			}
			return;
		}
		switch (t->type) {
		case TK_EOF:
		case TK_LBRACKET:
			return;
		case TK_RPAREN:
			if (depth > 0)
				return;
			tb_diag_tok(p->r, TB_ERROR, TB_D_VAR_CLOSE, "')' without '('");
			p->ev_at = NULL;
			S_next(p);
			break;
		case TK_MOVENUM:
			S_move_number(p, &clk);
			p->ev_at = NULL;
			break;
		case TK_COMMENT: {
			tb_comment *c = S_comment_new(p, 0);
			S_marks(p, c, line->last != NULL);
			S_comment_append(line->last ? &line->last->comments : &line->lead, c);
			p->ev_at = &c->evidence;
			S_next(p);
			break;
		}
		case TK_NAG:
			if (line->last) {
				S_add_nag(p, line->last, (int)t->num);
				p->ev_at = &line->last->evidence;
			} else
				tb_diag_tok(p->r, TB_ERROR, TB_D_NAG_PLACE,
				            "a NAG must follow the turn it annotates");
			S_next(p);
			break;
		case TK_LPAREN:
			p->ev_at = NULL;
			S_variation(p, line, depth);
			p->ev_at = NULL; /* not after its ')' */
			break;
		case TK_LANGLE: {
			/* a node made (the check sink rewrites the line's last one) */
			size_t before = p->sink.nodes;
			p->ev_at = NULL;
			S_angle(p, line, &clk);
			p->ev_at = p->sink.nodes != before ? &line->last->evidence : NULL;
			break;
		}
		case TK_STAR:
			return;
		case TK_WORD: {
			if (p->r->data[t->off] == '@') {
				S_evidence(p);
				break;
			}
			if (S_is_result(p, t))
				return;
			size_t before = p->sink.nodes;
			S_turn_word(p, line, &clk);
			p->ev_at = p->sink.nodes != before ? &line->last->evidence : NULL;
			break;
		}
		default: {
			/* at most 20 bytes of it, not cut inside a UTF-8 sequence */
			size_t n = t->len > 20 ? 20 : t->len;
			while (n > 0 && n < t->len && ((unsigned char)p->r->data[t->off + n] & 0xC0) == 0x80)
				n--;
			tb_diag_tok(p->r, TB_ERROR, TB_D_UNEXPECTED, "'%.*s' is out of place here", (int)n,
			            p->r->data + t->off);
			S_next(p);
			break;
		}
		}
	}
}

static tb_result S_result_of(S_parser *p, const tb_tok *t)
{
	if (t->type == TK_STAR)
		return TB_RESULT_OTHER;
	return S_word_is(t, p->r, "1-0") ? TB_RESULT_FIRST
	     : S_word_is(t, p->r, "0-1") ? TB_RESULT_SECOND
	                                 : TB_RESULT_DRAW;
}

/* The tree the fast tier built of the movetext (parse_fast.h) into the
 * record: its main line after the comments the tag section left before
 * it, the comments after its result. */
static void S_fast_tree(S_parser *p, const tb_fast_tree *ft)
{
	tb_line *main = &p->rec->main;
	if (ft->main.lead)
		S_comment_append(&main->lead, ft->main.lead);
	main->first = ft->main.first;
	main->last = ft->main.last;
	p->rec->trail = ft->trail;
	p->sink.nodes = ft->nodes;
}

/* movetext -> line (result comment*)? */
static void S_movetext(S_parser *p)
{
	tb_record *rec = p->rec;
	S_clock clk = {1, 0, 1, 0};
	if (rec->game) /* a rule may say who begins */
		clk.side = tb_game_first_side(rec->game, &rec->opts);
	if (rec->start)
		clk = (S_clock){rec->start->number, rec->start->to_move, 1, 0};
	tb_result tagged = tb_tags_result(rec);
	/* a movetext in the common shapes: the fast tier, which leaves to
	 * S_line whatever it does not take whole (parse_fast.h); building,
	 * its tree is the one S_line would have built */
	tb_fast_start fs = {clk.number, clk.side, tagged};
	tb_fast_end fe;
	tb_fast_tree ft; /* the rest is the fast tier's to fill */
	ft.arena = p->sink.arena;
	if (tb_fast_movetext(p->r, p->g, &p->board, &fs, &fe, p->sink.check ? NULL : &ft)) {
		if (!p->sink.check)
			S_fast_tree(p, &ft);
		rec->result = fe.result;
		if (fe.result != TB_RESULT_OTHER)
			tb_tags_set_result(rec, fe.result, fe.line, fe.col, fe.off);
		return;
	}
	S_line(p, &rec->main, clk, 0);
	tb_tok *t = S_tok(p);
	if (t->type == TK_EOF || t->type == TK_LBRACKET) {
		const tb_tok *e = &p->r->prev;
		/* a comment that ran on may hold the result: its error says it */
		if (!p->r->fatal && !p->over && !p->r->ran_on)
			tb_diag_at(p->r, TB_WARNING, TB_D_NO_RESULT, e->off + e->len, 1, e->end_line,
			           e->end_col, "the game has no result marker (1-0, 0-1, 1/2-1/2 "
			           "or *) after this; [Result] is used");
		rec->result = tagged;
		return;
	}
	/* "*" ends moves that stop before the game did: it agrees with any
	 * [Result]. */
	rec->result = S_result_of(p, t);
	if (rec->result != TB_RESULT_OTHER && tagged != TB_RESULT_OTHER &&
	    tagged != rec->result)
		tb_diag_tok(p->r, TB_ERROR, TB_D_RESULT,
		            "the game ends in %s but its [Result] tag says %s",
		            tb_result_text[rec->result], tb_result_text[tagged]);
	else if (rec->result != TB_RESULT_OTHER)
		tb_tags_set_result(rec, rec->result, t->line, t->col, t->off);
	S_next(p);
	int told = 0;
	for (t = S_tok(p); t->type != TK_EOF && t->type != TK_LBRACKET; t = S_tok(p)) {
		if (t->type == TK_COMMENT) {
			tb_comment *c = S_comment_new(p, 0);
			S_marks(p, c, 0);
			S_comment_append(&rec->trail, c);
		} else if (!told++) {
			tb_diag_tok(p->r, TB_ERROR, TB_D_AFTER_RESULT,
			            "text after the game's result (up to the next '['); a new record "
			            "starts with its tags");
			tb_word_bom_note(p->r, t);
		}
		S_next(p);
	}
}

/* A new empty record: zeroed but for its options' arrays, most of its
 * bytes, which hold opts.n and opts.nrenamed entries (calloc cleared
 * them at every record), and its last error's message buffer. */
static tb_record *S_record_new(void)
{
	tb_record *rec = tb_malloc(sizeof *rec);
	if (!rec)
		return NULL;
	size_t at = offsetof(tb_record, opts), past = at + sizeof rec->opts,
	       err = offsetof(tb_record, err);
	memset(rec, 0, at);
	memset((char *)rec + past, 0, err - past);
	tb_lasterr_clear(&rec->err); /* its code and an empty message: the rest unread */
	rec->opts.n = rec->opts.nrenamed = 0;
	rec->arena.soft = 1; /* the building API checks (tree.c) */
	return rec;
}

/* record -> tagsec movetext. Out of memory, the record's arena jumps to
 * r->jump (tb_reader_next), where r->building is freed. */
tb_record *tb_parse_record(tb_reader *r)
{
	S_parser p = {.r = r, .rec = S_record_new()};
	r->building = p.rec;
	if (!p.rec || (!r->tags && !(r->tags = tb_calloc(1, sizeof *r->tags))))
		longjmp(*r->jump, 1);
	p.sink = (tb_sink){&p.rec->arena, r->check_only, 0};
	p.rec->arena.jump = r->jump;
	p.rec->line = r->tok.line;
	p.rec->off = r->tok.off;
	p.rec->source_off = r->base + r->tok.off;
	r->end_diag = 0;
	r->rec_begun = 0;
	/* the tags as read go to the record in canonical order: their list
	 * is the reader's, for the next record, unless a record of many tags
	 * made it large (a malloc and free a record cost more than a record's
	 * tags) */
	tb_tag_list *tags = r->tags; /* the reader's: an arena's jump keeps it */
	tb_tag_list_reset(tags); /* in place: no list built aside and copied */
	S_tag_section(&p, tags);
	/* tags cut by the end would have gone on with a '[' */
	int cut = r->tok.type == TK_EOF;
	p.g = tb_tags_finish(r, p.rec, tags, &p.board);
	/* the media, by their slots: looking them up by name cost a parse 2% */
	if (tags->slot[TB_TAG_FACSIMILE])
		p.facsimile = tags->v[tags->slot[TB_TAG_FACSIMILE] - 1].value;
	p.recording = tags->slot[TB_TAG_RECORDING] != 0;
	if (tags->failed)
		tb_reader_nomem(r);
	if (tags->cap > S_TAGS_KEPT)
		tb_tag_list_free(tags);
	if (p.g) {
		S_movetext(&p);
	} else {
		S_skip_to_record(&p);
	}
	r->rec_closed = !cut && !r->end_diag;
	r->ran_on = 0; /* its last token's (lexer.c): the next record starts afresh */
	p.rec->offboard = p.offboard;
	tb_sink_finish(&p.sink, p.rec);
	p.rec->arena.jump = NULL; /* the record's own from here: the building API */
	return p.rec;
}

/* ===== Movetext given through the API (tablero.h, "Building") ===== */

int tb_parse_fragment(tb_record *rec, const char *text, unsigned number, int side,
                      int known, int depth, tb_line *out, char **why)
{
	tb_reader *r = tb_reader_new_mem(text, strlen(text), "<text>");
	*why = NULL;
	if (!r)
		return TB_ENOMEM;
	r->recover = 1;
	S_parser p = {.r = r, .rec = rec, .g = rec->game, .sink = {&rec->arena, 0, 0}};
	memset(out, 0, sizeof *out);
	rec->game->board(&p.board, &rec->opts);
	p.facsimile = tb_record_tag(rec, "Facsimile");
	p.recording = tb_record_tag(rec, "Recording") != NULL;
	/* out of memory, what was read stays in the arena, unreachable */
	jmp_buf jump;
	rec->arena.jump = &jump;
	if (setjmp(jump)) {
		rec->arena.jump = NULL;
		tb_reader_free(r);
		return TB_ENOMEM;
	}
	r->rec_begun = 1; /* movetext: a tag line is another record's */
	tb_lex_next(r);
	S_clock clk = {number, side, known, 0};
	S_line(&p, out, clk, depth);
	rec->arena.jump = NULL;
	int rc = r->nomem || !tb_buf_ok(&r->text) ? TB_ENOMEM : 0;
	for (size_t i = 0; !rc && i < r->ndiags; i++)
		if (r->diags[i].severity == TB_ERROR) {
			*why = tb_strdup(r->diags[i].message);
			rc = *why ? -1 : TB_ENOMEM;
			break;
		}
	if (!rc && r->tok.type != TK_EOF) {
		tb_buf b = TB_BUF_SOFT;
		tb_buf_printf(&b, "'%.*s' is not movetext: a result is set with "
		              "tb_record_set_result, a tag with tb_record_set_tag",
		              (int)(r->tok.len > 20 ? 20 : r->tok.len), r->data + r->tok.off);
		*why = tb_buf_detach(&b, NULL);
		rc = *why ? -1 : TB_ENOMEM;
	}
	tb_reader_free(r);
	return rc;
}
