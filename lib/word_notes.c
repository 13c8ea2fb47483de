/*
 * word_notes.c -- the notes on a move word the game's grammar refused
 * (word_notes.h).
 */
#include <stdint.h>
#include <string.h>

#include "parse_fast.h" /* tb_move_suffix */
#include "utf8.h"
#include "word_notes.h"

enum { S_JOINED_MAX = 96 }; /* bytes of a word read again: longer ones are left */

/* A character that looks like one TGN writes, or a space that shows as
 * one inside a word. 'ascii' is what TGN writes (0: nothing). */
typedef struct S_alike {
	uint32_t cp;
	char ascii;
	char blank; /* a space that shows as one: taken out, it joins what it parted */
	const char *name;
} S_alike;

/* The ones a word processor, a keyboard of another script or a copy
 * from a web page puts in; in code point order. */
static const S_alike S_alikes[] = {
	{0x00A0, 0, 1, "a no-break space"},
	{0x00AD, 0, 0, "a soft hyphen, which shows as nothing"},
	{0x00D7, 'x', 0, "a multiplication sign"},
	{0x0430, 'a', 0, "a Cyrillic a"},
	{0x0435, 'e', 0, "a Cyrillic e"},
	{0x0441, 'c', 0, "a Cyrillic es"},
	{0x0445, 'x', 0, "a Cyrillic ha"},
	{0x2007, 0, 1, "a figure space"},
	{0x2009, 0, 1, "a thin space"},
	{0x200B, 0, 0, "a zero-width space, which shows as nothing"},
	{0x2010, '-', 0, "a hyphen"},
	{0x2011, '-', 0, "a non-breaking hyphen"},
	{0x2012, '-', 0, "a figure dash"},
	{0x2013, '-', 0, "an en dash"},
	{0x2014, '-', 0, "an em dash"},
	{0x2015, '-', 0, "a horizontal bar"},
	{0x202F, 0, 1, "a narrow no-break space"},
	{0x2212, '-', 0, "a minus sign"},
	{0x2715, 'x', 0, "a multiplication x"},
	{0x2716, 'x', 0, "a heavy multiplication x"},
	{0x2A2F, 'x', 0, "a cross product"},
	{0xFE63, '-', 0, "a small hyphen-minus"},
};

/* The look-alike of 'cp', or NULL; '*fw' gets the ASCII of a fullwidth
 * form (U+FF01..U+FF5E, an East Asian keyboard's), else 0. */
static const S_alike *S_alike_of(uint32_t cp, char *fw)
{
	*fw = 0;
	if (cp >= 0xFF01 && cp <= 0xFF5E) {
		*fw = (char)(cp - 0xFEE0);
		return NULL;
	}
	size_t lo = 0, hi = sizeof S_alikes / sizeof *S_alikes;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (S_alikes[mid].cp == cp)
			return &S_alikes[mid];
		if (S_alikes[mid].cp < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Does 'g''s grammar read s[0..n) as one turn, every point on 'board'
 * (a move suffix, "!" or "?!", allowed)? */
static int S_reads(const tb_game *g, const tb_board *board, const char *s, size_t n)
{
	tb_syntax_err err, off;
	tb_scan sc;
	tb_move_builder mb;
	tb_scan_word(&sc, s, n, board, g->title, &err, &off, &mb);
	if (g->parse_move(&sc, &mb) != 0 || off.len)
		return 0;
	return sc.i == n || tb_move_suffix(s + sc.i, n - sc.i) != 0;
}

/* Writes s[0..n) as TGN would read it into 'out' (S_JOINED_MAX bytes):
 * blanks (' ', '\t') left out, each look-alike its ASCII or nothing.
 * Returns the bytes written, or 0 when it does not fit, is not UTF-8 or
 * has a character nothing TGN writes looks like. '*first' gets the
 * first look-alike met (its code point 0 when there is none), and
 * '*joined' 1 when a blank that shows was left out between two
 * characters kept: then 'out' is one reading of what stood apart. */
typedef struct S_first {
	uint32_t cp;
	size_t at, len; /* its bytes in s */
} S_first;

static size_t S_plain(const char *s, size_t n, char *out, S_first *first, int *joined)
{
	size_t k = 0;
	int apart = 0; /* a blank that shows left out since the last kept */
	first->cp = 0;
	*joined = 0;
	for (size_t i = 0, len; i < n; i += len) {
		uint32_t cp = 0;
		len = tb_utf8_decode(s + i, n - i, &cp);
		if (!len)
			return 0;
		char fw = 0, c = (char)cp;
		const S_alike *a = cp >= 0x80 ? S_alike_of(cp, &fw) : NULL;
		if (cp >= 0x80 && !a && !fw)
			return 0; /* nothing TGN writes looks like it */
		if (cp >= 0x80 && !first->cp)
			*first = (S_first){cp, i, len};
		if (fw)
			c = fw;
		else if (a)
			c = a->ascii;
		else if (cp == ' ' || cp == '\t')
			c = 0;
		if (!c) {
			apart |= cp == ' ' || cp == '\t' || (a && a->blank);
			continue;
		}
		if (k + 1 >= S_JOINED_MAX)
			return 0;
		*joined |= apart && k;
		apart = 0;
		out[k++] = c;
	}
	out[k] = '\0';
	return k;
}

static int S_joint(char c);

/* Whether s[0..n), parted at its blanks that show (' ', a tab, a
 * no-break or thin space), holds a part that reads as a turn alone, the
 * joints at its edges left out: "d3 - e3"'s "d3" is a placement of La
 * Pitarra's, so that the parts read as one turn are one reading of them
 * and not the only one (tb_diag_fix.confirm); Asalto's "c3 - c4" has no
 * such part, and the turn joined is what was written. */
static int S_apart(const tb_game *g, const tb_board *board, const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t a = i, z, len = 0;
		for (; i < n; i += len) { /* a part: up to a blank that shows */
			uint32_t cp = 0;
			char fw;
			if (!(len = tb_utf8_decode(s + i, n - i, &cp)))
				return 1; /* (not UTF-8: never given a fix) */
			const S_alike *al = cp >= 0x80 ? S_alike_of(cp, &fw) : NULL;
			if (cp == ' ' || cp == '\t' || (al && al->blank))
				break;
		}
		z = i;
		i += i < n ? len : 0;
		char plain[S_JOINED_MAX];
		S_first f;
		int joined;
		size_t k = S_plain(s + a, z - a, plain, &f, &joined), b = 0;
		while (b < k && S_joint(plain[b]))
			b++;
		while (k > b && S_joint(plain[k - 1]))
			k--;
		if (k > b && S_reads(g, board, plain + b, k - b))
			return 1;
	}
	return 0;
}

/* Notes that the word 't' has a character that looks like one TGN
 * writes, when the word with TGN's in its place reads as a turn. */
static void S_alike_note(tb_reader *r, const tb_game *g, const tb_board *board, const tb_tok *t)
{
	char plain[S_JOINED_MAX];
	S_first f;
	int joined;
	const char *s = r->data + t->off;
	size_t n = S_plain(s, t->len, plain, &f, &joined);
	if (!n || !f.cp || !S_reads(g, board, plain, n))
		return;
	char fw;
	const S_alike *a = S_alike_of(f.cp, &fw);
	int len = (int)f.len;
	unsigned u = (unsigned)f.cp;
	if (fw)
		tb_diag_note(r, "'%.*s' is a fullwidth form (U+%04X), not '%c': write %s", len,
		             s + f.at, u, fw, plain);
	else if (a->ascii)
		tb_diag_note(r, "'%.*s' is %s (U+%04X), not '%c': write %s", len, s + f.at, a->name,
		             u, a->ascii, plain);
	else
		tb_diag_note(r, "the word has %s (U+%04X) in it: write %s", a->name, u, plain);
	/* the word, as the note writes it: a reading to confirm when a
	 * blank that shows parted it into parts that read as turns alone (a
	 * word processor's "a7 – d7") */
	tb_diag_propose(r, t->off, t->len, t->line, t->col, plain, n,
	                (unsigned)(joined && S_apart(g, board, s, t->len)));
}

/* Notes that the word 't' is a turn but for a comma after it, as a list
 * is written: TGN parts turns with blanks. */
static void S_comma_note(tb_reader *r, const tb_game *g, const tb_board *board, const tb_tok *t)
{
	const char *s = r->data + t->off;
	if (t->len >= 2 && s[t->len - 1] == ',' && S_reads(g, board, s, t->len - 1)) {
		tb_diag_note(r, "turns are parted by blanks, not commas: %.*s", (int)t->len - 1, s);
		/* the word without its comma */
		tb_diag_propose(r, t->off, t->len, t->line, t->col, s, t->len - 1, 0);
	}
}

/* The character at the start ('last' 0) or the end ('last' 1) of
 * s[0..n) as TGN would write it: its ASCII or its look-alike's, else 0. */
static char S_edge(const char *s, size_t n, int last)
{
	size_t i = 0;
	if (last) {
		if (!n)
			return 0;
		i = n - 1;
		while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80)
			i--;
	}
	uint32_t cp = 0;
	if (!tb_utf8_decode(s + i, n - i, &cp))
		return 0;
	char fw = 0;
	const S_alike *a = cp >= 0x80 ? S_alike_of(cp, &fw) : NULL;
	return cp < 0x80 ? (char)cp : fw ? fw : a ? a->ascii : 0;
}

/* Does 'c' join the points of a turn (a step's '-', a capture's 'x',
 * and the other marks a grammar puts between points)? '?' and '!' are
 * a point and a move's suffix, not joints. */
static int S_joint(char c)
{
	return c && (c == 'x' || strchr("-/^@>=", c));
}

/* Are the window's bytes [a, b) a few blanks, on one line? */
static int S_blanks(const tb_reader *r, size_t a, size_t b)
{
	if (a > b || b - a > 16)
		return 0;
	for (size_t i = a; i < b; i++)
		if (r->data[i] != ' ' && r->data[i] != '\t')
			return 0;
	return 1;
}

/* Notes on diagnostic 'diag' that the window's bytes [from, upto) --
 * on line 'line' from column 'col' -- read together are a turn of 'g',
 * and gives it the fix that writes them so. Returns 1 when they are. */
static int S_join_note(tb_reader *r, const tb_game *g, const tb_board *board, size_t from,
                       size_t upto, unsigned line, unsigned col, size_t diag)
{
	char plain[S_JOINED_MAX];
	S_first f;
	int joined;
	size_t n = S_plain(r->data + from, upto - from, plain, &f, &joined);
	if (!n || !S_reads(g, board, plain, n))
		return 0;
	tb_diag_note_i(r, diag, "a turn is written without spaces in it: %s", plain);
	/* words read as one turn: a reading to confirm when a part of them
	 * reads as a turn alone */
	tb_diag_propose_i(r, diag, from, upto - from, line, col, plain, n,
	                  (unsigned)S_apart(g, board, r->data + from, upto - from));
	return 1;
}

void tb_word_split_next(tb_reader *r, const tb_game *g, const tb_board *board,
                        const tb_tok *t, tb_split_turn *split)
{
	split->open = 0;
	if (t->type == TK_WORD && t->line == split->line && S_blanks(r, split->upto, t->off))
		S_join_note(r, g, board, split->from, t->off + t->len, split->line, split->col,
		            split->diag);
}

/* A refused word that begins or ends with a joint: the word before it
 * on its line (r->prev) read with it may be the turn, or the next word
 * may be its end (tb_word_split_next). */
static void S_split(tb_reader *r, const tb_game *g, const tb_board *board, const tb_tok *t,
                    tb_split_turn *split)
{
	const char *s = r->data + t->off;
	size_t diag = r->ndiags - 1, from = t->off;
	unsigned col = t->col;
	const tb_tok *prev = &r->prev;
	if (S_joint(S_edge(s, t->len, 0)) && prev->end_line == t->line && prev->len &&
	    S_blanks(r, prev->off + prev->len, t->off)) {
		/* the word before ends on this line where 't' starts but for
		 * blanks: its first column counted back from its end */
		unsigned pcol = prev->end_col - tb_utf8_count(r->data + prev->off, prev->len);
		if (S_join_note(r, g, board, prev->off, t->off + t->len, t->line, pcol, diag))
			return;
		from = prev->off;
		col = pcol;
	}
	if (S_joint(S_edge(s, t->len, 1)))
		*split = (tb_split_turn){1, from, t->off + t->len, t->line, col, diag};
}

/* A byte order mark: it shows as nothing, so the line shown looks
 * right. Past the file's start it is most often the BOM of a file
 * joined to the one before (cat a.tgn b.tgn), which the reader drops
 * only at the start (spec/tgn.md §2). */
void tb_word_bom_note(tb_reader *r, const tb_tok *t)
{
	const char *s = r->data + t->off;
	if (t->len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
		tb_diag_note(r, "the text here starts with a byte order mark (U+FEFF), which shows as "
		                   "nothing: a file joined to another keeps its own; delete it");
}

/* Is s[0..n) two or more of 'c'? */
static int S_all_of(const char *s, size_t n, char c)
{
	size_t i = 0;
	while (i < n && s[i] == c)
		i++;
	return n >= 2 && i == n;
}

/* Notes, on the diagnostic just made about the word 't' that no move
 * reads, the habit it most often is: a move number without its dot
 * ('12'), a result in another form ('1:0', '½-½', '1–0' with a dash),
 * an unknown turn or a gap as other notations write them ('??', '...').
 * The game's grammar has refused the word first, so no move of any game
 * gets the note. */
static void S_habit_note(tb_reader *r, const tb_tok *t)
{
	const char *s = r->data + t->off;
	size_t digits = 0, chars = 0;
	if (S_all_of(s, t->len, '?') || S_all_of(s, t->len, '.')) {
		tb_diag_note(r, "an unknown turn is written '?', and turns missing <gap>");
		return;
	}
	for (size_t i = 0, n; i < t->len; i += n, chars++) {
		uint32_t cp = 0;
		n = tb_utf8_decode(s + i, t->len - i, &cp);
		if (!n)
			return;
		if ((cp >= '0' && cp <= '9') || cp == 0xBD) /* '½' */
			digits++;
		else if (cp >= 0x80 ? cp != 0x2013 && cp != 0x2014 && cp != 0x2212
		                    : !cp || !strchr("-:/.", (int)cp))
			return; /* not a digit, '½', a separator or a dash */
	}
	if (digits == chars && chars <= 6) {
		tb_diag_note(r, "a move number ends in '.' or '...': %.*s.", (int)t->len, s);
		/* digits 0-9 alone (not '½'), not all 0: the number the lexer
		 * then reads (1 to 999999) */
		char num[8]; /* chars <= 6 */
		size_t zeros = 0;
		while (zeros < t->len && s[zeros] == '0')
			zeros++;
		memcpy(num, s, chars);
		num[chars] = '.';
		if (chars == t->len && zeros < t->len)
			tb_diag_propose(r, t->off, t->len, t->line, t->col, num, chars + 1, 0);
	} else if (digits && digits < chars && chars >= 3 && chars <= 9)
		tb_diag_note(r, "a result is written 1-0, 0-1, 1/2-1/2 or *");
}

void tb_word_notes(tb_reader *r, const tb_game *g, const tb_board *board, const tb_tok *t,
                   tb_split_turn *split)
{
	tb_word_bom_note(r, t);
	S_alike_note(r, g, board, t);
	S_comma_note(r, g, board, t);
	S_habit_note(r, t);
	S_split(r, g, board, t, split);
}
