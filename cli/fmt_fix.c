/*
 * fmt_fix.c -- tablero fmt --fix: a record read again with the fixes
 * its diagnostics propose applied (tb_reader_fix_record), each told on
 * standard error as
 *
 *   FILE:LINE:COL: fixed: wrote "c3-c4" for "c3–c4" [TB301]
 *
 * (spec/tgn.md §11, "Fixes applied"; man/tablero.1, fmt).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Rounds of fixing a record at most. A reading of the fixed text
 * proposes new fixes only where the round before could not see them or
 * dropped them: a game's name fixed lets its turns be read (a dash in a
 * turn is told only once the game is known: round 2), and of two fixes
 * that overlapped one waited (round 3). A fourth round is room to
 * spare; the bound, not the fixes, ends the loop, so no text whose
 * fixes undo each other can make it run on. */
enum { S_ROUNDS = 4 };

/* The text of a round's fix lines, told once the round is kept. */
typedef struct S_told {
	const char *name;
	cli_buf b;          /* the lines (cli_buf_reserve: out of memory is cli_oom) */
} S_told;

static void S_put(S_told *t, const char *s, size_t n)
{
	cli_buf_reserve(&t->b, n + 1);
	memcpy(t->b.data + t->b.len, s, n);
	t->b.len += n;
	t->b.data[t->b.len] = '\0';
}

static void S_puts(S_told *t, const char *s) { S_put(t, s, strlen(s)); }

/* The length of a character that reads as a blank and is not a space
 * (a no-break space, the Unicode spaces, a zero-width space or byte
 * order mark) at 's' (at most 'n' bytes), or 0; its code point in
 * '*cp'. Such a one is quoted by its number: in quotes it would look
 * like a space, or nothing. */
static size_t S_blank(const char *s, size_t n, unsigned *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	if (n >= 2 && u[0] == 0xC2 && u[1] == 0xA0)
		return *cp = 0xA0, 2;
	if (n < 3 || (u[1] & 0xC0) != 0x80 || (u[2] & 0xC0) != 0x80 || (u[0] & 0xF0) != 0xE0)
		return 0;
	*cp = (unsigned)(u[0] & 0x0F) << 12 | (unsigned)(u[1] & 0x3F) << 6 | (u[2] & 0x3F);
	int blank = (*cp >= 0x2000 && *cp <= 0x200B) || *cp == 0x202F || *cp == 0x205F ||
	            *cp == 0x3000 || *cp == 0xFEFF;
	return blank ? 3 : 0;
}

/* 's' in quotes 'q' (double, or single for a text with a double in
 * it: a tag's value), a blank that is not a space as <U+00A0>. */
static void S_quote(S_told *t, const char *s, size_t n, const char *q)
{
	S_puts(t, q);
	size_t from = 0;
	for (size_t i = 0; i < n;) {
		unsigned cp;
		size_t k = S_blank(s + i, n - i, &cp);
		if (!k) {
			i++;
			continue;
		}
		char u[16];
		snprintf(u, sizeof u, "<U+%04X>", cp);
		S_put(t, s + from, i - from);
		S_puts(t, u);
		i += k;
		from = i;
	}
	S_put(t, s + from, n - from);
	S_puts(t, q);
}

/* The code point of the UTF-8 character at 's' (at most 'n' bytes,
 * n >= 1) into '*cp', and its length (1 for a byte of none). */
static size_t S_char(const char *s, size_t n, unsigned *cp)
{
	size_t len = tb_utf8_length(s, n);
	const unsigned char *u = (const unsigned char *)s;
	if (len < 2) {
		*cp = u[0];
		return 1;
	}
	*cp = u[0] & (0x7Fu >> len);
	for (size_t k = 1; k < len; k++)
		*cp = *cp << 6 | (u[k] & 0x3Fu);
	return len;
}

/* " (U+2013)": the characters past ASCII of 'was' that the fix took
 * away (not in 'text'; a blank is quoted by its number already), each
 * once, so that a look-alike that reads as its letter in quotes ("с3"
 * with a Cyrillic es) is named. */
static void S_gone(S_told *t, const char *was, size_t n, const char *text)
{
	unsigned seen[4];
	size_t nseen = 0;
	for (size_t i = 0, k; i < n; i += k) {
		unsigned cp, b;
		k = S_char(was + i, n - i, &cp);
		if (cp < 0x80 || S_blank(was + i, n - i, &b) || nseen == 4)
			continue;
		int again = 0;
		for (size_t j = 0; j < nseen; j++)
			again |= seen[j] == cp;
		char ch[5] = "";
		memcpy(ch, was + i, k < 4 ? k : 4);
		if (again || strstr(text, ch))
			continue;
		char u[16];
		snprintf(u, sizeof u, "%sU+%04X", nseen ? ", " : " (", cp);
		S_puts(t, u);
		seen[nseen++] = cp;
	}
	if (nseen)
		S_puts(t, ")");
}

/* One fix applied (tb_fix_fn): its line. */
static void S_tell(void *ctx, const tb_diag *d, const tb_diag_fix *f, const char *was,
                   size_t was_len)
{
	S_told *t = ctx;
	char at[64];
	snprintf(at, sizeof at, ":%u:%u: fixed: ", f->line, f->col);
	S_puts(t, t->name);
	S_puts(t, at);
	size_t n = strlen(f->text);
	const char *q = memchr(was, '"', was_len) || strchr(f->text, '"') ? "'" : "\"";
	if (!n) {
		S_puts(t, "took out ");
		S_quote(t, was, was_len, q);
	} else {
		S_puts(t, was_len ? "wrote " : "put in ");
		S_quote(t, f->text, n, q);
		if (was_len) {
			S_puts(t, " for ");
			S_quote(t, was, was_len, q);
		}
	}
	S_gone(t, was, was_len, f->text);
	snprintf(at, sizeof at, " [TB%03d]\n", d->code);
	S_puts(t, at);
}

/* One round: the fixes of 'r''s diagnostics applied to 'rec', the text
 * read again into 'next' (which then owns the text). Returns 0 when no
 * fix applied, or the fixed text holds no record. */
static int S_round(tb_reader *r, tb_record *rec, S_told *t, cli_fixed *next)
{
	char *text;
	size_t len;
	t->b.len = 0;
	int n = tb_reader_fix_record(r, rec, S_tell, t, &text, &len);
	if (n == TB_ENOMEM)
		cli_oom();
	if (n <= 0)
		return 0;
	/* the fixed text's offsets are its own (0 up), its lines the file's */
	tb_reader *fr = cli_reader_new_mem(text, len, t->name);
	tb_reader_set_origin(fr, tb_record_line(rec), 0);
	tb_record *frec = NULL;
	/* One record, the whole text: a fix keeps to a word or a tag, so it
	 * neither takes the record's first token nor starts another. Should
	 * one ever, the round is dropped untold, and the reading before it
	 * stands: a record is never lost to a fix. */
	if (cli_reader_next(fr, &frec) != 1 ||
	    tb_record_source_offset(frec) + tb_record_source_size(frec) != len) {
		tb_record_free(frec);
		tb_reader_free(fr);
		free(text);
		return 0;
	}
	*next = (cli_fixed){fr, frec, text};
	return 1;
}

/* The fixes of the last reading that are readings to confirm
 * (tb_diag_fix.confirm: words joined into one turn), which no round
 * applies, each told as not fixed: the diagnostic follows with its
 * note. */
static void S_not_fixed(const tb_reader *r, const char *name, FILE *err)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		for (size_t k = 0; k < d->nfixes; k++) {
			if (!d->fixes[k].confirm)
				continue;
			S_told t = {name, {NULL, 0, 0}};
			char at[64];
			snprintf(at, sizeof at, ":%u:%u: not fixed: ", d->fixes[k].line, d->fixes[k].col);
			S_puts(&t, name);
			S_puts(&t, at);
			const char *text = d->fixes[k].text;
			S_quote(&t, text, strlen(text), strchr(text, '\"') ? "'" : "\"");
			S_puts(&t, " joins words into one turn, one reading of them: confirm it by hand");
			snprintf(at, sizeof at, " [TB%03d]\n", d->code);
			S_puts(&t, at);
			fputs(t.b.data, err);
			free(t.b.data);
		}
	}
}

int cli_fix_record(tb_reader *r, tb_record *rec, const char *name, FILE *err, cli_fixed *out)
{
	S_told t = {name, {NULL, 0, 0}};
	cli_fixed cur = {NULL, NULL, NULL};
	for (int k = 0; k < S_ROUNDS; k++) {
		cli_fixed next;
		if (!S_round(cur.r ? cur.r : r, cur.rec ? cur.rec : rec, &t, &next))
			break;
		fputs(t.b.data, err);
		cli_fixed_free(&cur);
		cur = next;
	}
	free(t.b.data);
	S_not_fixed(cur.r ? cur.r : r, name, err);
	*out = cur;
	return cur.r != NULL;
}

void cli_fixed_free(cli_fixed *fx)
{
	tb_record_free(fx->rec);
	tb_reader_free(fx->r);
	free(fx->text);
	*fx = (cli_fixed){NULL, NULL, NULL};
}
