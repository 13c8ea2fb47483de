/*
 * reader.h -- the reader: input window, lexer state, diagnostics
 * (internal; reader.c, lexer.c, parser.c and diag.c share it).
 *
 * The window holds the source from the start of the record being read
 * to the lexer's position, so any line of that record can be quoted in
 * a diagnostic; it is compacted when a new record starts, so memory is
 * bounded by the largest record (TB_MAX_RECORD), not the file.
 */
#ifndef TB_READER_H
#define TB_READER_H

#include <stdarg.h>
#include <stdio.h>

#include "buf.h"
#include "record.h"
#include "utf8.h" /* the columns its users count (tb_utf8_count) */

typedef struct tb_move_memo tb_move_memo;
typedef struct tb_pos_memo tb_pos_memo;

typedef enum tb_tok_type {
	TK_EOF,
	TK_LBRACKET, TK_RBRACKET, TK_LPAREN, TK_RPAREN,
	TK_LANGLE, TK_RANGLE, TK_BAR, TK_STAR,
	TK_STRING,   /* text in r->text */
	TK_COMMENT,  /* text in r->text */
	TK_NAG,      /* num */
	TK_MOVENUM,  /* num, dots (1 or 3) */
	TK_WORD      /* bytes at off, len */
} tb_tok_type;

typedef struct tb_tok {
	tb_tok_type type;
	size_t off, len;         /* bytes in the window */
	unsigned line, col;      /* start */
	unsigned end_line, end_col;
	long num;
	int dots;
	int bad;                 /* an unterminated STRING or COMMENT (reported) */
} tb_tok;

struct tb_reader {
	FILE *f;                 /* NULL for a memory reader */
	char *name;
	char *own;               /* window storage of a file reader */
	size_t cap;
	const char *data;        /* the window */
	size_t len;              /* bytes in the window */
	int eof;                 /* no more input beyond len */
	int io_error;
	size_t pos;              /* lexer position */
	unsigned line, col;      /* at pos */
	size_t rec_start;        /* window offset where the record's first line starts */
	size_t rec_first;        /* window offset of the record's first token */
	size_t base;             /* the input's offset of window offset 0 */
	unsigned first_line;     /* the line the input starts on (tb_reader_set_origin; 0: 1) */
	int rec_closed;          /* the last record's end would be the same before a '['
	                            (tb_reader_ended_clean) */
	int end_diag;            /* a diagnostic was placed at the end of the input */
	int rec_begun;           /* the record being read has a tag, or its movetext
	                            began: a tag line that a comment runs into
	                            starts the next record (parser.c sets it) */
	int ran_on;              /* a brace comment of the record was cut short,
	                            by the next record or the end (S_comment):
	                            what it left open is not reported again */
	size_t bom;              /* bytes of a BOM at the window's start (0 or 3) */
	tb_tok prev;             /* the token before the current one: its off, len,
	                            end_line, end_col and bad only */
	int started;             /* first token read */
	int fatal;               /* stop: nothing more can be read */
	int not_text;            /* refused at its start: no UTF-8 text (tb_lex_sniff) */
	size_t rec_latin;        /* 1 + the index in diags of the record's first byte
	                            read as Windows-1252, or 0 (S_bad_run) */
	size_t rec_latin_more;   /* bytes not UTF-8 after it in the record, not shown */
	unsigned rec_latin_line; /* the line of the last of them */
	tb_tok tok;              /* current token */
	tb_buf text;             /* decoded text of a STRING or COMMENT token */
	tb_buf room;             /* what tags.c writes of a record's tags, kept for
	                            the next record while small */
	struct tb_tag_list *tags;/* a record's tags as read, kept for the next
	                            record while small (parser.c) */
	char lang[36];           /* a COMMENT's language, "" when none */
	/* diagnostics of the current call */
	tb_diag *diags;
	size_t ndiags, diag_cap;
	tb_diag_place cite[4];   /* places the next message or note line names
	                            (tb_diag_cite), not yet given to it */
	unsigned ncite;
	size_t rec_errors;       /* errors in the record being read */
	int detached;            /* its records are detached (tb_reader_detach) */
	int check_only;          /* records read with the check sink: tags and
	                            diagnostics, no movetext (parse_sink.h,
	                            tb_reader_set_check_only) */
	int careful;             /* no short ways (tb_lex_tag, S_quick_token,
	                            S_plain_ascii): every token the careful way,
	                            for the tests, which compare the two */
	int no_fast;             /* the movetext's fast tier off (parse_fast.h),
	                            checking or building: the parser reads every
	                            movetext, for the tests, which compare the
	                            two tiers */
	size_t fast_records;     /* movetexts the fast tier took */
	struct tb_move_memo *memo; /* its move words' memo (move_memo.h), or NULL */
	struct tb_pos_memo *pos_memo; /* its [Position] values' memo (tags_position.c), or NULL */
	/* how they are freed, set by the file that made or took each: the
	 * reader gives them to its thread (tb_reader_free, memo_keep.h),
	 * which frees them so, and calls no file that reads through it */
	void (*memo_free)(struct tb_move_memo *);
	void (*pos_memo_free)(struct tb_pos_memo *);
	size_t fast_tags;        /* tag pairs the fast tier took (parse_fast_tags.c) */
	struct tb_tag_memo *tag_memo; /* its tag lines' memo (parse_fast_tags.c): one
	                            block, or NULL; these three memos are taken
	                            from the reader's thread, and given back to
	                            it when the reader is freed (memo_keep.h) */
	int no_tag_memo;         /* that memo off: every tag line read, for the
	                            tests, which compare the two */
	size_t tag_memo_hits;    /* tag pairs the memo answered for (the tests') */
	size_t rec_offboard;     /* of them, points off the board (the record can be replayed) */
	tb_search_opts search;   /* for tb_reader_validate (tb_reader_set_search) */
	int verdicts;            /* the replay gives verdicts only: no slips searched,
	                            no notes, its faults' words not made
	                            (tb_reader_set_verdicts, validate.h) */
	const tb_lang *why_lang; /* the rules' reasons' words (tb_reader_set_lang); NULL English */
	size_t nerrors, nwarnings;
	int nomem;               /* memory ran out: the reader is spent, and each
	                            call says TB_ENOMEM (tb_reader_next) */
	int recover;             /* in a call that says so (else out of memory
	                            aborts: tb_reader_nomem) */
	jmp_buf *jump;           /* where the record's arena goes when memory runs
	                            out while it is read (tb_reader_next) */
	struct tb_record *building; /* that record, freed there */
	tb_lasterr err;          /* tb_reader_errcode, tb_reader_errmsg */
};

/* Before the first token of a file's start (no tb_reader_set_origin):
 * when its first TB_SNIFF_BYTES say it is no UTF-8 text (sniff.c),
 * reports it in one diagnostic (TB112), makes the reader read nothing
 * more and returns 1; else returns 0. */
int tb_lex_sniff(tb_reader *r);

/* At the end of a record: the count of its bytes that are not UTF-8
 * after its first that reads as Windows-1252, as a note to that one's
 * diagnostic; the count starts again for the next record. */
void tb_lex_record_end(tb_reader *r);

/* Reads the next token into r->tok. */
void tb_lex_next(tb_reader *r);

/* With r->tok a '[': when the rest of the tag is written plainly on its
 * line -- a name, blanks, a string without escapes, blanks, ']' -- and
 * lies in the window, reads its name and string into 'name' and 'value'
 * and its ']' into r->tok, as three calls of tb_lex_next would, and
 * returns 1; the string's text is then its bytes between the quotes (in
 * the window; r->text is not set). Else reads nothing and returns 0
 * ('name' and 'value' may then be written, and mean nothing).
 * Most tags are written so: their three tokens then cost one pass over
 * the line. */
int tb_lex_tag(tb_reader *r, tb_tok *name, tb_tok *value);

/* The end of the run of a brace comment's plain text from window
 * offset 'p' to at most 'end', as the lexer takes it whole: printable
 * ASCII, tab, '[' and valid UTF-8 sequences; not '}', '\\', a line end
 * or a control character (nor a sequence cut by 'end'). For the fast
 * tier (parse_fast.c), which so reads a comment as the lexer does. */
size_t tb_lex_comment_run(const tb_reader *r, size_t p, size_t end);

/* lang -> '@' (letter | digit | '-'){1,35}, then a space, '}', a line
 * end or the input's end: the length of the language that opens a
 * comment's text at 's' -- 'n' bytes to the input's end, or more than
 * 37 -- its letters s[1] to s[len - 1]; 0 when none does. The lexer's
 * and the fast tier's (parse_fast.c), one definition. */
size_t tb_lex_lang(const char *s, size_t n);

/* The same for a string's plain text (what tb_lex_tag takes between a
 * value's quotes): printable ASCII, tab and valid UTF-8 sequences; not
 * '"', '\\', a line end or a control character. Its columns are added
 * to *cols. For the fast tier's tag section (parse_fast_tags.c). */
size_t tb_lex_string_run(const tb_reader *r, size_t p, size_t end, unsigned *cols);

/* tb_lex_next, with r->tok a tag's ']': the usual token after it, the
 * next tag's '[' at the start of the next line, is read in a few steps
 * (a tag section is a dozen such lines a record); any other the usual
 * way. */
void tb_lex_after_tag(tb_reader *r);

/* Is byte 'c' a blank -- ' ' or a tab -- as the lexer parts tokens, and
 * as a tag value's edge is warned of (TB215)? The lexer's, the parser's
 * and the tag section's fast tier's, one definition. */
static inline int tb_blank(int c)
{
	return c == ' ' || c == '\t';
}

/* Records a diagnostic over 'len' bytes at window offset 'off', which
 * lies on line 'line' at column 'col'. */
void tb_diag_at(tb_reader *r, tb_severity sev, int code, size_t off,
                size_t len, unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 8, 9)));
/* tb_diag_at with the arguments in 'ap'. */
void tb_diag_vat(tb_reader *r, tb_severity sev, int code, size_t off,
                 size_t len, unsigned line, unsigned col, const char *fmt, va_list ap)
	__attribute__((format(printf, 8, 0)));
/* The same over the current token. */
void tb_diag_tok(tb_reader *r, tb_severity sev, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Says that the next diagnostic recorded, or the next note line added
 * (whichever comes first), names place (line, col) of the source -- col
 * 0: a whole line -- in its words: the place becomes one of its typed
 * places (tb_diag.places). Called just before the call that writes the
 * words; at most four are held (more are dropped). */
void tb_diag_cite(tb_reader *r, unsigned line, unsigned col);

/* Gives diagnostic 'i' of the current call (nothing when it is not
 * kept, nor to the one that says more are not shown) a typed fix
 * (tb_diag.fixes), after its others: the 'len' bytes at window offset
 * 'off', which lie on line 'line' from column 'col' and do not run over
 * its end, replaced by the 'n' bytes at 'text' (one line). The caller
 * gives a fix only where its words propose that text, exactly;
 * 'confirm' as tb_diag_fix's (1: a reading for a person to confirm).
 * When memory runs out the fix is dropped (the words still say it). */
void tb_diag_propose_i(tb_reader *r, size_t i, size_t off, size_t len, unsigned line,
                       unsigned col, const char *text, size_t n, unsigned confirm);
/* tb_diag_propose_i on the last diagnostic recorded. */
void tb_diag_propose(tb_reader *r, size_t off, size_t len, unsigned line, unsigned col,
                     const char *text, size_t n, unsigned confirm);

/* Adds a note line to the last diagnostic recorded (after its others). */
void tb_diag_note(tb_reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Adds a note line to diagnostic 'i' of the current call (nothing when
 * it is not kept). */
void tb_diag_note_i(tb_reader *r, size_t i, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Adds a note line to the last diagnostic recorded that starts on line
 * 'line' between columns 'col' and 'end_col' (excluded); returns 0 when
 * there is none. */
int tb_diag_note_at(tb_reader *r, unsigned line, unsigned col, unsigned end_col,
                    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Parses the record whose first token is r->tok (parser.c), up to the
 * token after it. Out of memory, the record's arena jumps to r->jump,
 * where r->building (the record) is freed. */
tb_record *tb_parse_record(tb_reader *r);

/* Memory ran out while 'r' read or reported: sets r->nomem in a call
 * made to recover (r->recover), else aborts (xalloc.h). */
void tb_reader_nomem(tb_reader *r);

/* tb_reader_new_mem and tb_reader_next for the code not yet made to
 * recover (xalloc.h): out of memory aborts, as it did there. */
tb_reader *tb_reader_mem_x(const char *buf, size_t len, const char *name);
int tb_reader_next_x(tb_reader *r, tb_record **out);
/* tb_record_write, the same way: NULL only for a record with errors. */
char *tb_record_write_x(const tb_record *rec, size_t *len);

/* Drops the diagnostics of the previous call. */
void tb_diags_clear(tb_reader *r);

/* Makes sure window offset 'end' is readable, reading more input if
 * there is any. Returns 1 when it is. */
int tb_window_ensure(tb_reader *r, size_t end);

/* Moves the window so the record starting at the current token's line
 * comes first; called between records. */
void tb_window_compact(tb_reader *r);

/* ===== What the reader takes as text: the one place of each check =====
 * The lexer reads comments, strings and languages by these, and the
 * building API (tree_edit.c) refuses by them what the lexer would not give
 * back as it was given, so that every record built reads back. */

/* The character at 's' (at most 'n' bytes, n >= 1): 0 when the reader
 * takes it as text (a tab, LF and CR included: line ends are the
 * caller's), '*len' set to its length; else TB_D_NUL, TB_D_CONTROL or
 * TB_D_UTF8. */
int tb_text_char(const char *s, size_t n, size_t *len);

/* What a text given through the API is to read back as: a comment's
 * (line breaks kept, written LF) or a tag's value (one line, not empty:
 * the reader makes "" "?" with a warning). */
typedef enum { TB_TEXT_COMMENT, TB_TEXT_VALUE } tb_text_kind;

/* 0 when NUL-terminated 's', written in its canonical form, reads back
 * as 's' as text of 'kind'; else the diagnostic code the reader would
 * give (TB_D_UTF8, TB_D_CONTROL, ...), and why, in words, in 'why' (at
 * most 'cap' bytes). The whole text is checked: O(strlen(s)). */
int tb_text_refused(const char *s, tb_text_kind kind, char *why, size_t cap);

/* Is the 'n' bytes at 's' a comment's language as the reader reads it
 * after '@': 1 to 35 ASCII letters, digits and '-'? */
int tb_lang_ok(const char *s, size_t n);

/* Is the 'n' bytes at 's' a tag's name: an ASCII letter, then letters,
 * digits and '_'? */
int tb_tag_name_ok(const char *s, size_t n);

/* The bytes of a line's start that a tag line (tb_text_tag_line) is
 * seen in: few, so that looking costs nothing. */
enum { TB_TAG_LINE = 128 };

/* Does the line at 's' (at most 'n' bytes) begin as a tag pair does:
 * '[', a tag's name, blanks, '"', all within its first TB_TAG_LINE
 * bytes? After a blank line, such a line ends a brace comment left
 * open: it is the next record's (spec/tgn.md §3). No escape can change
 * what it sees, so that a comment's text and its written form agree
 * (tb_text_refused). */
int tb_text_tag_line(const char *s, size_t n);

#endif
