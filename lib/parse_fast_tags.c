/*
 * parse_fast_tags.c -- the fast tier of the tag section (parse_fast.h,
 * tb_fast_tags; spec/tgn.md, "Two tiers"): the tag pairs of a record
 * written one a line in the plain shape, read in one loop over their
 * bytes into the tag list, with no tokens between them -- for either
 * sink (parse_sink.h): S_tag makes a tag the same way for both, and so
 * does this file.
 *
 * What it takes is what the parser's own short way takes (tb_lex_tag,
 * then S_tag in parser.c) and tells nothing of:
 *   tag   -> '[' NAME blank+ '"' plain* '"' blank* ']'
 *   NAME  -> ASCII letter (ASCII letter | digit | '_')*
 *   plain -> what tb_lex_string_run takes: printable ASCII but '"' and
 *            '\\', tab, valid UTF-8
 * with a value that is not empty (the parser warns of one) and a name
 * the list does not hold yet (the parser's error); one tag a line, the
 * next '[' right after the LF. It goes as far as the window holds,
 * short of its last byte and within the record's limit, as tb_lex_tag
 * does; it never reads more of the input. The first tag it does not
 * take -- an escape, a comment in it, anything the parser could tell
 * of -- is left to the parser with the reader just where the parser
 * would have it after the tags taken, so every word said of a tag
 * section is the parser's, by construction; and the values' checks
 * (tb_tags_finish) are the same code for both. Anything but a LF after
 * a ']' (a CR, a second tag on the line) only ends a run: that tag is
 * taken, and the parser's next '[' comes back here. A line read before
 * is read again by the memo of tag lines (below), which keeps what this
 * file made of it.
 */
#ifdef __SSE2__ /* every x86-64 */
#include <emmintrin.h>
#endif

#include <stdint.h>
#include <string.h>

#include "memo_keep.h"
#include "parse_fast.h"
#include "utf8.h"
#include "xalloc.h"

/* Bytes of a tag's name after its first (lexer.c's C_NAME). */
static const unsigned char S_name_byte[256] = {
	['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1,
	['7'] = 1, ['8'] = 1, ['9'] = 1, ['_'] = 1,
	['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1,
	['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1,
	['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1,
	['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1,
	['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1,
	['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1,
	['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1,
	['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1,
};

/* The end of a value's plain text from window offset 'p' (past its
 * '"') short of 'end', its columns added to *cols: what
 * tb_lex_string_run returns, which it is where the text is not ASCII
 * and two-byte sequences (leads C2 to DF, each with its continuation
 * byte) ending in its 16-byte block. A value is short: most end in the
 * first block, so one block's masks settle it, stop and columns. */
static size_t S_value_run(const tb_reader *r, size_t p, size_t end, unsigned *cols)
{
#ifdef __SSE2__
	const unsigned char *d = (const unsigned char *)r->data;
	const __m128i space = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t');
	const __m128i del = _mm_set1_epi8(0x7f), bslash = _mm_set1_epi8('\\');
	const __m128i quote = _mm_set1_epi8('"'), top2 = _mm_set1_epi8((char)0xC0);
	const __m128i cont = _mm_set1_epi8((char)0x80), c2 = _mm_set1_epi8((char)0xC2);
	const __m128i span = _mm_set1_epi8(0xDF - 0xC2);
	unsigned c = 0;
	for (size_t q = p; q + 16 <= end; q += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(d + q));
		unsigned hi = (unsigned)_mm_movemask_epi8(x);
		/* signed: below ' ' is a control character or a byte >= 0x80 */
		__m128i bad = _mm_andnot_si128(_mm_cmpeq_epi8(x, tab), _mm_cmplt_epi8(x, space));
		bad = _mm_or_si128(bad, _mm_cmpeq_epi8(x, del));
		bad = _mm_or_si128(bad, _mm_cmpeq_epi8(x, bslash));
		bad = _mm_or_si128(bad, _mm_cmpeq_epi8(x, quote));
		unsigned m = (unsigned)_mm_movemask_epi8(bad) & ~hi;
		unsigned k = m ? (unsigned)__builtin_ctz(m) : 16; /* the bytes before the stop */
		unsigned before = (1u << k) - 1;
		if (hi & before) {
			unsigned cm = (unsigned)_mm_movemask_epi8(
				_mm_cmpeq_epi8(_mm_and_si128(x, top2), cont)) & before;
			__m128i y = _mm_sub_epi8(x, c2); /* a lead: 0 to DF - C2, unsigned */
			unsigned lm = (unsigned)_mm_movemask_epi8(
				_mm_cmpeq_epi8(_mm_min_epu8(y, span), y)) & before;
			/* another kind of byte, a lead without its continuation
			 * byte, or one whose continuation is past the stop or the
			 * block: the lexer's way */
			if ((hi & before & ~cm & ~lm) || cm != (lm << 1) || ((lm << 1) & ~before))
				break;
			c -= tb_utf8_bits16(cm);
		}
		c += k;
		if (m) {
			*cols += c;
			return q + k;
		}
	}
#endif
	return tb_lex_string_run(r, p, end, cols);
}

/* The end of a tag's name from window offset 'p' (past its first
 * byte) short of 'end': the first byte that is not of a name
 * (S_name_byte). A name is most often a roster's, of 4 to 11 bytes:
 * sixteen at a time. */
static inline size_t S_name_end(const unsigned char *d, size_t p, size_t end)
{
#ifdef __SSE2__
	if (p + 16 <= end) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(d + p));
		__m128i y = _mm_sub_epi8(x, _mm_set1_epi8('0')); /* a digit: 0 to 9, unsigned */
		__m128i z = _mm_sub_epi8(_mm_or_si128(x, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
		__m128i in = _mm_cmpeq_epi8(_mm_min_epu8(y, _mm_set1_epi8(9)), y);
		in = _mm_or_si128(in, _mm_cmpeq_epi8(_mm_min_epu8(z, _mm_set1_epi8(25)), z));
		in = _mm_or_si128(in, _mm_cmpeq_epi8(x, _mm_set1_epi8('_')));
		unsigned out = ~(unsigned)_mm_movemask_epi8(in) & 0xFFFF;
		if (out)
			return p + (size_t)__builtin_ctz(out);
		p += 16;
	}
#endif
	while (p < end && S_name_byte[d[p]])
		p++;
	return p;
}

/* One tag pair's line as read: where its parts are. */
typedef struct S_pair {
	size_t name, name_end;   /* its name's bytes */
	size_t value, value_end; /* its value's, from '"' to past '"' */
	size_t close;            /* its ']' */
	unsigned vcol, vend_col; /* the value's columns */
	unsigned close_col;      /* the ']''s */
} S_pair;

/* Reads the tag pair whose '[' stands before 'p', at column 'col' of
 * the byte at 'p', short of 'end'; 1 when it has the plain shape, else
 * 0 (the parser's). */
static int S_pair_read(const tb_reader *r, size_t p, size_t end, unsigned col, S_pair *t)
{
	const unsigned char *d = (const unsigned char *)r->data;
	t->name = p;
	if (p >= end || (unsigned)((d[p] | 0x20) - 'a') > 'z' - 'a')
		return 0;
	p = S_name_end(d, p + 1, end);
	t->name_end = p;
	col += (unsigned)(p - t->name);
	if (p + 1 < end && d[p] == ' ' && d[p + 1] == '"') { /* the usual one blank */
		p++, col++;
	} else {
		if (p >= end || (d[p] != ' ' && d[p] != '\t'))
			return 0;
		while (p < end && (d[p] == ' ' || d[p] == '\t'))
			p++, col++;
		if (p >= end || d[p] != '"')
			return 0;
	}
	t->value = p++;
	t->vcol = col++;
	p = S_value_run(r, p, end, &col);
	if (p >= end || d[p] != '"' || p == t->value + 1) /* an empty value: warned of */
		return 0;
	if (tb_blank(d[t->value + 1]) || tb_blank(d[p - 1])) /* a blank at an edge: warned of */
		return 0;
	t->value_end = ++p;
	t->vend_col = ++col;
	while (p < end && (d[p] == ' ' || d[p] == '\t')) /* seldom any */
		p++, col++;
	if (p >= end || d[p] != ']')
		return 0;
	t->close = p;
	t->close_col = col;
	return 1;
}

/* ===== The memo of tag lines =====
 * A collection writes the same tag lines again and again (its games,
 * its rules, its players, sites and events; four lines in five of the
 * bench's collection were read before): a line read is kept, with
 * where S_pair_read found its parts and the slot of its name, in a
 * table of each reader's (tb_reader.tag_memo), direct-mapped, which its
 * thread keeps for the next reader when it is freed (memo_keep.h). What
 * S_pair_read and tb_tag_known make of a line is of its bytes alone,
 * from its '[' to its LF (the value's run, tb_lex_string_run, is of the
 * bytes it reads, a reader that is not careful: a careful one never
 * comes here), and of its column only by adding it: the same bytes are
 * the same answer, columns moved by the '['s, for any reader -- either
 * sink's, any origin, any window's end past the LF. A line is looked up
 * by a hash of its length and its first and last 8 bytes and taken only
 * when all its bytes are the line kept. */
enum {
	S_KEPT_BYTES = 54, /* the longest line kept, LF not counted: a slot is 64 bytes */
	S_KEPT_BITS = 12,  /* 4096 lines */
};

typedef struct S_kept {
	char bytes[S_KEPT_BYTES]; /* first: a slot's 64 bytes are read at once */
	uint8_t len;       /* the line's bytes from its '[' to its LF; 0: none kept */
	uint8_t hot;       /* read again since kept: a line that misses here spares it once */
	int8_t known;      /* its name's roster slot (tb_tag_known) */
	uint8_t name_end, value, value_end, close; /* S_pair's offsets, from the '[' */
	uint8_t vcol, vend_col, close_col;         /* its columns, past the '['s */
} S_kept;

struct tb_tag_memo {
	S_kept v[1u << S_KEPT_BITS];
};
_Static_assert(sizeof(S_kept) == 64, "a memo slot is 64 bytes, read at once");

static inline uint64_t S_load8(const char *s)
{
	uint64_t v;
	memcpy(&v, s, 8);
	return v;
}

/* The slot of the 'n' bytes at 's' (8 <= n): any byte order hashes, the
 * bytes being compared whole. */
static inline S_kept *S_kept_slot(struct tb_tag_memo *m, const char *s, size_t n)
{
	uint64_t h = (S_load8(s + 1) * 0x9E3779B97F4A7C15u) ^ S_load8(s + n - 8) ^ n;
	return &m->v[(h * 0xD6E8FEB86659FD93u) >> (64 - S_KEPT_BITS)];
}

#ifdef __SSE2__
/* The top bits of four 16-byte masks, the first lowest. */
static inline uint64_t S_mask64(__m128i a, __m128i b, __m128i c, __m128i d)
{
	return (uint64_t)(unsigned)_mm_movemask_epi8(a) |
	       (uint64_t)(unsigned)_mm_movemask_epi8(b) << 16 |
	       (uint64_t)(unsigned)_mm_movemask_epi8(c) << 32 |
	       (uint64_t)(unsigned)_mm_movemask_epi8(d) << 48;
}
#endif

/* The line at 'open' short of 'end', its length (to its LF) into '*n',
 * and its memo slot (NULL: not one the memo keeps, or none); 1 when the
 * slot keeps this very line. */
static int S_kept_find(const char *d, struct tb_tag_memo *m, size_t open, size_t end,
                       size_t *n, S_kept **slot)
{
	*slot = NULL;
	if (!m)
		return 0;
#ifdef __SSE2__
	if (end - open >= 64) { /* sixty-four bytes at a time, the line's and the slot's */
		const char *s = d + open;
		const __m128i lf = _mm_set1_epi8('\n');
		__m128i x0 = _mm_loadu_si128((const __m128i *)(const void *)s);
		__m128i x1 = _mm_loadu_si128((const __m128i *)(const void *)(s + 16));
		__m128i x2 = _mm_loadu_si128((const __m128i *)(const void *)(s + 32));
		__m128i x3 = _mm_loadu_si128((const __m128i *)(const void *)(s + 48));
		uint64_t at = S_mask64(_mm_cmpeq_epi8(x0, lf), _mm_cmpeq_epi8(x1, lf),
		                       _mm_cmpeq_epi8(x2, lf), _mm_cmpeq_epi8(x3, lf));
		at &= ((uint64_t)1 << (S_KEPT_BYTES + 1)) - 1;
		if (!at || (*n = (size_t)__builtin_ctzll(at)) < 8)
			return 0;
		S_kept *e = *slot = S_kept_slot(m, s, *n);
		if (e->len != *n)
			return 0;
		const __m128i *k = (const __m128i *)(const void *)e->bytes;
		uint64_t same = S_mask64(_mm_cmpeq_epi8(x0, _mm_loadu_si128(k)),
		                         _mm_cmpeq_epi8(x1, _mm_loadu_si128(k + 1)),
		                         _mm_cmpeq_epi8(x2, _mm_loadu_si128(k + 2)),
		                         _mm_cmpeq_epi8(x3, _mm_loadu_si128(k + 3)));
		return (~same & (((uint64_t)1 << *n) - 1)) == 0;
	}
#endif
	size_t room = end - open < S_KEPT_BYTES + 1 ? end - open : S_KEPT_BYTES + 1;
	const char *lf = memchr(d + open, '\n', room);
	if (!lf || (*n = (size_t)(lf - (d + open))) < 8)
		return 0;
	S_kept *e = *slot = S_kept_slot(m, d + open, *n);
	return e->len == *n && memcmp(e->bytes, d + open, *n) == 0;
}

/* The tag pair whose '[' is at 'open', at column 'col', short of 'end',
 * as S_pair_read reads it, into 't', and its name's roster slot into
 * '*known'; 0 when the parser is to read it. By the memo 'm' (NULL:
 * none) where the line is one it keeps or may keep. */
static int S_pair_get(tb_reader *r, struct tb_tag_memo *m, size_t open, size_t end,
                      unsigned col, S_pair *t, int *known)
{
	const char *d = r->data;
	size_t n = 0;
	S_kept *e;
	if (S_kept_find(d, m, open, end, &n, &e)) {
		e->hot = 1;
		r->tag_memo_hits++;
		t->name = open + 1;
		t->name_end = open + e->name_end;
		t->value = open + e->value;
		t->value_end = open + e->value_end;
		t->close = open + e->close;
		t->vcol = col + e->vcol;
		t->vend_col = col + e->vend_col;
		t->close_col = col + e->close_col;
		*known = e->known;
		return 1;
	}
	if (!S_pair_read(r, open + 1, end, col + 1, t))
		return 0;
	*known = tb_tag_known(d + t->name, t->name_end - t->name);
	if (e && e->hot) {
		e->hot = 0; /* kept a while yet: the line that missed is more often a date */
	} else if (e) {
		e->len = (uint8_t)n;
		e->known = (int8_t)*known;
		e->name_end = (uint8_t)(t->name_end - open);
		e->value = (uint8_t)(t->value - open);
		e->value_end = (uint8_t)(t->value_end - open);
		e->close = (uint8_t)(t->close - open);
		e->vcol = (uint8_t)(t->vcol - col);
		e->vend_col = (uint8_t)(t->vend_col - col);
		e->close_col = (uint8_t)(t->close_col - col);
		memcpy(e->bytes, d + open, n);
	}
	return 1;
}

/* Adds tag pair 't', whose '[' is at 'open' on line 'line', column
 * 'col', and whose name has roster slot 'known' (tb_tag_known), to
 * 'tags' as S_tag does; 0 when a tag of its name is there
 * already (the parser's error) or memory ran out, having added nothing
 * (the parser, reading it again, says so or finds it so). */
static int S_pair_add(const tb_reader *r, tb_arena *a, tb_tag_list *tags, const S_pair *t,
                      int known, size_t open, unsigned line, unsigned col)
{
	const char *d = r->data;
	/* a name given twice: its copy stays in the record's arena, freed
	 * with the record */
	const char *name = known >= 0 ? tb_tag_known_name(known)
	                              : tb_arena_strndup(a, d + t->name, t->name_end - t->name);
	tb_tag *tag = tb_tag_list_push_fast(tags, name, known);
	if (!tag)
		return 0;
	tag->value = tb_arena_strndup(a, d + t->value + 1, t->value_end - t->value - 2);
	tag->span.line = tag->span.end_line = line;
	tag->span.col = col;
	tag->span.end_col = t->close_col + 1;
	tag->span.off = open;
	tag->comments = NULL;
	tag->value_line = line;
	tag->value_col = t->vcol;
	tag->value_off = t->value;
	return 1;
}

/* The reader after tag pair 't' on line 'line', as tb_lex_tag leaves
 * it: r->prev its value, r->tok its ']'. */
static void S_pair_end(tb_reader *r, const S_pair *t, unsigned line)
{
	r->prev.off = t->value;
	r->prev.len = t->value_end - t->value;
	r->prev.end_line = line;
	r->prev.end_col = t->vend_col;
	r->prev.bad = 0;
	r->tok.type = TK_RBRACKET;
	r->tok.off = t->close;
	r->tok.len = 1;
	r->tok.line = r->tok.end_line = line;
	r->tok.col = t->close_col;
	r->tok.end_col = t->close_col + 1;
	r->tok.num = 0;
	r->tok.dots = 0;
	r->tok.bad = 0;
	r->pos = t->close + 1;
	r->line = line;
	r->col = t->close_col + 1;
}

size_t tb_fast_tags(tb_reader *r, tb_arena *a, tb_tag_list *tags)
{
	if (r->careful || r->no_fast || r->fatal || r->ran_on || r->tok.type != TK_LBRACKET ||
	    r->pos != r->tok.off + 1)
		return 0;
	/* as tb_lex_tag: within the window and the record's limit, short of
	 * its last byte */
	size_t end = r->rec_first + TB_MAX_RECORD + 1;
	end = end < r->len ? end : r->len;
	end = end > 0 ? end - 1 : 0;
	const char *d = r->data;
	size_t open = r->tok.off, taken = 0;
	unsigned line = r->line, col = r->tok.col;
	S_pair t, last = {0};
	unsigned last_line = line;
	/* the memo (256 KiB): the one its thread kept from a reader freed
	 * before (memo_keep.h), else one made at the reader's second run of
	 * tags: a reader of one record whose tags are read in one run (an
	 * edit's, a fragment's) makes none; NULL when memory ran out: no memo */
	if (!r->tag_memo && !r->no_tag_memo && !(r->tag_memo = tb_memo_take_tags()) &&
	    r->fast_tags)
		r->tag_memo = tb_calloc(1, sizeof *r->tag_memo);
	struct tb_tag_memo *m = r->no_tag_memo ? NULL : r->tag_memo;
	int known;
	while (S_pair_get(r, m, open, end, col, &t, &known) &&
	       S_pair_add(r, a, tags, &t, known, open, line, col)) {
		last = t;
		last_line = line;
		taken++;
		/* the next tag: '[' right after this one's LF */
		if (t.close + 2 >= end || d[t.close + 1] != '\n' || d[t.close + 2] != '[')
			break;
		open = t.close + 2;
		line++;
		col = 1;
	}
	if (!taken)
		return 0;
	S_pair_end(r, &last, last_line);
	tb_lex_after_tag(r);
	r->fast_tags += taken;
	return taken;
}
