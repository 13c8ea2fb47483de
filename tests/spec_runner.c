/*
 * spec_runner.c -- runs the numbered examples of the spec files and
 * tests/errors.md against libtablero, as the CommonMark runner does.
 *
 * An example is a fenced block:
 *
 *   ~~~~ example
 *   input
 *   .
 *   expected output
 *   ~~~~
 *
 * The output is what "tablero fmt" prints, in order: for each record,
 * its diagnostics (file name "example.tgn"), then its canonical text if
 * it has no errors, records separated by a blank line. A block opened
 * with "~~~~ example validate" prints instead what "tablero validate"
 * does: each record's diagnostics, its rules engine's included; one
 * opened with "~~~~ example fill" what "tablero fill" does: each
 * record's diagnostics, then the record filled in, which filled again
 * must not change (spec/reconstruct.md); "~~~~ example fill --repairs"
 * the same with the slips written as readings. In input and
 * output, "→" stands for a tab, "␍" for a carriage return and "⟨XX⟩"
 * for the byte 0xXX, so that any byte can be written; in input,
 * "⟨repeat N⟩text⟨end⟩" stands for N copies of text (huge inputs).
 * The games built in, which some messages list, are written as a
 * placeholder, so that an example holds whatever games are built in
 * (spec/tgn.md, "The games a message lists"): "⟨games and⟩" for
 * "pitarra, asalto and ocencahuac", "⟨games or⟩" for "[Game "pitarra"],
 * "asalto" or "ocencahuac", "⟨titles⟩" for "La Pitarra, Asalto and
 * Ocencahuac" -- the registry's games in their order (tb_game_at).
 * --placeholders prints each with what it stands for, a tab between
 * (tests/golden.sh reads them).
 *
 * Every canonical text is also checked to be a fixed point: read again,
 * it gives the same tree (tb_record_equal) and the same bytes; and to
 * survive XML (spec/xml.md): written as XML and read back it gives the
 * same bytes, and so does the XML written again from what was read
 * back; written with --positions and --sourcepos, the XML reads back to
 * the same bytes too.
 *
 * Blocks for spec/xml.md: "~~~~ example xml" prints what "tablero xml"
 * does (diagnostics, then the document); "~~~~ example xml positions"
 * what "tablero xml --positions" does; "~~~~ example xml-read" takes
 * XML and prints what "tablero xml --to tgn" does: the diagnostics,
 * with the line of the input each is about, then the records.
 *
 * usage: spec_runner [--dump DIR] [--update] FILE.md...
 *   --dump DIR  write each example's input to DIR/NNNN.tgn (a corpus)
 *   --dump-only DIR  the same, and run nothing (the fuzz seeds)
 *   --placeholders  print the games' placeholders and what they stand for
 *   --update    rewrite each example's expected output with what the
 *               library prints now; review the diff before committing
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canonical_keeps.h"
#include "tablero.h"

typedef struct buf {
	char *d;
	size_t n, cap;
} buf;

static void put(buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->d = realloc(b->d, b->cap);
		if (!b->d)
			abort();
	}
	memcpy(b->d + b->n, s, n);
	b->n += n;
	b->d[b->n] = '\0';
}

static void puts_(buf *b, const char *s) { put(b, s, strlen(s)); }

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

#define LANGLE "\xe2\x9f\xa8"
#define RANGLE "\xe2\x9f\xa9"

/* The placeholders for the games built in: each one's name and what it
 * stands for, made once from the registry (public API only, so that the
 * lists' form is checked, not copied from the library). */
enum { PH_AND, PH_OR, PH_TITLES, PH_COUNT };
static const char *const ph_name[PH_COUNT] = {
	LANGLE "games and" RANGLE, LANGLE "games or" RANGLE, LANGLE "titles" RANGLE,
};
static buf ph_text[PH_COUNT];
static size_t ph_games; /* how many games: one is no list, never put back */

static void placeholders_make(void)
{
	size_t count = 0;
	while (tb_game_at(count))
		count++;
	ph_games = count;
	for (size_t i = 0; i < count; i++) {
		const tb_game *g = tb_game_at(i);
		const char *sep = i == 0 ? "" : i + 1 == count ? " and " : ", ";
		const char *sep_or = i == 0 ? "" : i + 1 == count ? " or " : ", ";
		puts_(&ph_text[PH_AND], sep);
		puts_(&ph_text[PH_AND], tb_game_name(g));
		puts_(&ph_text[PH_TITLES], sep);
		puts_(&ph_text[PH_TITLES], tb_game_title(g));
		puts_(&ph_text[PH_OR], sep_or);
		puts_(&ph_text[PH_OR], i == 0 ? "[Game \"" : "\"");
		puts_(&ph_text[PH_OR], tb_game_name(g));
		puts_(&ph_text[PH_OR], i == 0 ? "\"]" : "\"");
	}
}

/* Decodes the example notation (→ ␍ ⟨XX⟩ ⟨repeat N⟩…⟨end⟩) into raw
 * bytes. */
static void decode(buf *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		int ph = PH_COUNT;
		for (int k = 0; k < PH_COUNT; k++)
			if (n - i >= strlen(ph_name[k]) && memcmp(s + i, ph_name[k], strlen(ph_name[k])) == 0)
				ph = k;
		if (ph < PH_COUNT) {
			put(out, ph_text[ph].d ? ph_text[ph].d : "", ph_text[ph].n);
			i += strlen(ph_name[ph]);
			continue;
		}
		static const char rep[] = LANGLE "repeat ";
		if (n - i > sizeof rep && memcmp(s + i, rep, sizeof rep - 1) == 0) {
			char *after;
			long times = strtol(s + i + sizeof rep - 1, &after, 10);
			const char *body = after + 3; /* past the closing bracket */
			const char *stop = strstr(body, LANGLE "end" RANGLE);
			if (times > 0 && stop && memcmp(after, RANGLE, 3) == 0) {
				buf one = {0};
				decode(&one, body, (size_t)(stop - body));
				for (long k = 0; k < times; k++)
					put(out, one.d ? one.d : "", one.n);
				free(one.d);
				i = (size_t)(stop - s) + 9;
				continue;
			}
		}
		if (n - i >= 3 && memcmp(s + i, "\xe2\x86\x92", 3) == 0) {
			put(out, "\t", 1);
			i += 3;
		} else if (n - i >= 3 && memcmp(s + i, "\xe2\x90\x8d", 3) == 0) {
			put(out, "\r", 1);
			i += 3;
		} else if (n - i >= 8 && memcmp(s + i, "\xe2\x9f\xa8", 3) == 0 &&
		           hexval(s[i + 3]) >= 0 && hexval(s[i + 4]) >= 0 &&
		           memcmp(s + i + 5, "\xe2\x9f\xa9", 3) == 0) {
			char c = (char)(hexval(s[i + 3]) * 16 + hexval(s[i + 4]));
			put(out, &c, 1);
			i += 8;
		} else {
			put(out, s + i, 1);
			i++;
		}
	}
}

/* Writes the records of TGN 'text' as XML ('flags': TB_XML_*). */
static char *to_xml(const char *text, size_t len, int flags, size_t *xlen)
{
	char *xml = NULL;
	FILE *f = open_memstream(&xml, xlen);
	tb_reader *r = tb_reader_new_mem(text, len, "example.tgn");
	tb_xml_writer *w = tb_xml_writer_new(f, flags);
	tb_record *rec;
	while (tb_reader_next(r, &rec) == 1) {
		tb_xml_write_record(w, r, rec);
		tb_record_free(rec);
	}
	tb_xml_writer_end(w);
	tb_reader_free(r);
	fclose(f);
	return xml;
}

/* Reads XML back: its records' TGN, one after the other, or NULL. */
static char *from_xml(const char *xml, size_t xlen, size_t *len)
{
	buf b = {0};
	tb_xml_reader *x = tb_xml_reader_new_mem(xml, xlen, "example.xml");
	char *tgn;
	size_t n;
	int got;
	while ((got = tb_xml_reader_next(x, &tgn, &n)) == 1) {
		put(&b, tgn, n);
		free(tgn);
	}
	tb_xml_reader_free(x);
	if (got < 0) {
		free(b.d);
		return NULL;
	}
	*len = b.n;
	return b.d ? b.d : calloc(1, 1);
}

/* TGN -> XML -> TGN gives the same bytes; XML -> TGN -> XML the same
 * XML; the XML with positions and source spans reads back the same. */
static void xml_round_trip(const char *text, size_t len, buf *why)
{
	size_t xlen, back_len, x2len, plen, pback_len;
	char *xml = to_xml(text, len, 0, &xlen);
	char *back = from_xml(xml, xlen, &back_len);
	if (!back || back_len != len || memcmp(back, text, len) != 0) {
		puts_(why, "XML does not read back to the same canonical TGN:\n");
		puts_(why, xml);
		puts_(why, back ? back : "(refused)\n");
	} else {
		char *xml2 = to_xml(back, back_len, 0, &x2len);
		if (x2len != xlen || memcmp(xml, xml2, xlen) != 0)
			puts_(why, "XML read back and written again is not the same XML\n");
		free(xml2);
	}
	char *pxml = to_xml(text, len, TB_XML_POSITIONS | TB_XML_SOURCEPOS, &plen);
	char *pback = from_xml(pxml, plen, &pback_len);
	if (!pback || pback_len != len || memcmp(pback, text, len) != 0)
		puts_(why, "XML with positions and source spans does not read back the same\n");
	free(xml);
	free(back);
	free(pxml);
	free(pback);
}

/* The move-number warnings (TB302) reader 'r' gave, their messages one
 * a line: what the canonical form keeps of a slip (spec/tgn.md 5.1). */
static void number_warnings(const tb_reader *r, buf *out)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++)
		if (tb_reader_diag(r, i)->code == 302) {
			puts_(out, tb_reader_diag(r, i)->message);
			puts_(out, "\n");
		}
}

/* Is the canonical form 'text' of 'rec' (read by 'src') a fixed point:
 * read back, the same tree, written the same, and clean but for the
 * move-number warnings of the source, the same in the same order (and
 * the warnings below). */
static int fixed_point(const tb_reader *src, const tb_record *rec, const char *text,
                       size_t len, buf *why)
{
	tb_reader *r = tb_reader_new_mem(text, len, "canonical.tgn");
	tb_record *again = NULL;
	int ok = tb_reader_next(r, &again) == 1;
	/* clean but for the warnings the canonical form keeps as written
	 * (canonical_keeps.h) */
	for (size_t i = 0; ok && i < tb_reader_ndiags(r); i++)
		ok = tt_canonical_keeps(tb_reader_diag(r, i));
	buf was = {0}, now = {0};
	number_warnings(src, &was);
	number_warnings(r, &now);
	if (ok && (was.n != now.n || (was.n && memcmp(was.d, now.d, was.n) != 0))) {
		puts_(why, "canonical output gives other move-number warnings than its source\n");
		ok = 0;
	}
	free(was.d);
	free(now.d);
	if (!ok)
		puts_(why, "canonical output does not read back cleanly\n");
	if (ok && !tb_record_equal(rec, again)) {
		puts_(why, "canonical output reads back as a different tree\n");
		ok = 0;
	}
	if (ok) {
		size_t len2;
		char *text2 = tb_record_write(again, &len2);
		if (!text2 || len2 != len || memcmp(text, text2, len) != 0) {
			puts_(why, "canonical output is not a fixed point\n");
			ok = 0;
		}
		free(text2);
	}
	tb_record_free(again);
	tb_reader_free(r);
	return ok;
}

enum { MODE_FMT, MODE_VALIDATE, MODE_XML, MODE_XML_POSITIONS, MODE_XML_READ, MODE_FILL,
       MODE_FILL_REPAIRS };

/* Line 'line' (from 1) of 'text', into 'out' (NUL-terminated). */
static void line_of(const char *text, size_t n, unsigned line, buf *out)
{
	out->n = 0;
	const char *p = text, *end = text + n;
	for (unsigned at = 1; at < line && p < end; at++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	put(out, p, (size_t)((nl ? nl : end) - p));
	put(out, "", 1);
}

/* What "tablero xml --to tgn" prints for XML 'in'. */
static void run_xml_read(const char *in, size_t n, buf *out)
{
	tb_xml_reader *x = tb_xml_reader_new_mem(in, n, "example.xml");
	char *tgn;
	size_t len;
	int got, first = 1;
	buf line = {0};
	do {
		got = tb_xml_reader_next(x, &tgn, &len);
		for (size_t i = 0; i < tb_xml_reader_ndiags(x); i++) {
			tb_diag d = *tb_xml_reader_diag(x, i);
			line_of(in, n, d.line, &line);
			unsigned lead = 1;
			while (line.d[lead - 1] == ' ' || line.d[lead - 1] == '\t')
				lead++;
			if (d.col <= 1 && lead > 1) {
				d.col = lead;
				d.end_col = lead + 1;
			}
			d.source = line.d;
			d.source_col = d.col;
			char *s = tb_diag_format(&d);
			puts_(out, s);
			free(s);
		}
		if (got == 1) {
			if (!first)
				puts_(out, "\n");
			first = 0;
			put(out, tgn, len);
			free(tgn);
		}
	} while (got == 1);
	free(line.d);
	tb_xml_reader_free(x);
}

/* What "tablero fill" prints for 'in': each record's diagnostics, then
 * the record filled in. A filled record must be a fixed point: filled
 * again, it is the same text. */
static void run_fill(const char *in, size_t n, int repairs, buf *out, buf *why)
{
	tb_reader *r = tb_reader_new_mem(in, n, "example.tgn");
	tb_record *rec;
	int first = 1;
	while (tb_reader_next(r, &rec) == 1) {
		size_t len, open, filled, repaired;
		char *text = repairs ? tb_record_fill_repairs(r, rec, &len, &open, &filled, &repaired)
		                     : tb_record_fill(r, rec, &len, &open, &filled);
		for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
			char *s = tb_diag_format(tb_reader_diag(r, i));
			puts_(out, s);
			free(s);
		}
		if (text) {
			if (!first)
				puts_(out, "\n");
			first = 0;
			put(out, text, len);
			tb_reader *r2 = tb_reader_new_mem(text, len, "filled.tgn");
			tb_record *again;
			if (tb_reader_next(r2, &again) == 1) {
				size_t len2, open2, filled2, repaired2 = 0;
				char *text2 = repairs ? tb_record_fill_repairs(r2, again, &len2, &open2,
				                                               &filled2, &repaired2)
				                      : tb_record_fill(r2, again, &len2, &open2, &filled2);
				if (!text2 || len2 != len || memcmp(text, text2, len) != 0 || filled2 ||
				    repaired2)
					puts_(why, "filled again, the record changes\n");
				free(text2);
				tb_record_free(again);
			}
			tb_reader_free(r2);
		}
		free(text);
		tb_record_free(rec);
	}
	tb_reader_free(r);
}

/* Runs one example's input and returns what tablero would print for
 * it in 'mode' (fmt, validate, xml, xml --to tgn, or fill). */
static void run_example(const char *in, size_t n, int mode, buf *out, buf *why)
{
	if (mode == MODE_XML_READ) {
		run_xml_read(in, n, out);
		return;
	}
	if (mode == MODE_XML || mode == MODE_XML_POSITIONS) {
		size_t xlen;
		char *xml = NULL;
		FILE *f = open_memstream(&xml, &xlen);
		tb_reader *r = tb_reader_new_mem(in, n, "example.tgn");
		tb_xml_writer *w = tb_xml_writer_new(f, mode == MODE_XML ? 0 : TB_XML_POSITIONS);
		tb_record *rec;
		while (tb_reader_next(r, &rec) == 1) {
			tb_xml_write_record(w, r, rec);
			for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
				char *s = tb_diag_format(tb_reader_diag(r, i));
				puts_(out, s);
				free(s);
			}
			tb_record_free(rec);
		}
		tb_xml_writer_end(w);
		tb_reader_free(r);
		fclose(f);
		puts_(out, xml);
		free(xml);
		(void)why;
		return;
	}
	if (mode == MODE_FILL || mode == MODE_FILL_REPAIRS) {
		run_fill(in, n, mode == MODE_FILL_REPAIRS, out, why);
		return;
	}
	int validate = mode == MODE_VALIDATE;
	tb_reader *r = tb_reader_new_mem(in, n, "example.tgn");
	tb_record *rec;
	int got, first = 1;
	while ((got = tb_reader_next(r, &rec)) == 1) {
		if (validate) {
			tb_reader_validate(r, rec, NULL, NULL);
			for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
				char *s = tb_diag_format(tb_reader_diag(r, i));
				puts_(out, s);
				free(s);
			}
			tb_record_free(rec);
			continue;
		}
		for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
			char *s = tb_diag_format(tb_reader_diag(r, i));
			puts_(out, s);
			free(s);
		}
		size_t len;
		char *text = tb_record_write(rec, &len);
		if (text) {
			if (!first)
				puts_(out, "\n");
			first = 0;
			put(out, text, len);
			if (fixed_point(r, rec, text, len, why))
				xml_round_trip(text, len, why);
		}
		free(text);
		tb_record_free(rec);
	}
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		char *s = tb_diag_format(tb_reader_diag(r, i));
		puts_(out, s);
		free(s);
	}
	tb_reader_free(r);
}

/* Encodes output bytes in the example notation. */
static void encode(buf *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		char tmp[16];
		int ph = PH_COUNT; /* a list of the games: its placeholder */
		for (int k = 0; k < PH_COUNT; k++)
			if (ph_games > 1 && n - i >= ph_text[k].n &&
			    memcmp(s + i, ph_text[k].d, ph_text[k].n) == 0)
				ph = k;
		if (ph < PH_COUNT) {
			puts_(out, ph_name[ph]);
			i += ph_text[ph].n - 1;
			continue;
		}
		if (c == '\t')
			puts_(out, "\xe2\x86\x92");
		else if (c == '\r')
			puts_(out, "\xe2\x90\x8d");
		else if (c < 0x20 && c != '\n') {
			snprintf(tmp, sizeof tmp, "\xe2\x9f\xa8%02X\xe2\x9f\xa9", c);
			puts_(out, tmp);
		} else
			put(out, s + i, 1);
	}
}

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	buf b = {0};
	char chunk[65536];
	size_t k;
	while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
		put(&b, chunk, k);
	fclose(f);
	*n = b.n;
	return b.d ? b.d : calloc(1, 1);
}

static int is_line(const char *p, const char *end, const char *s)
{
	size_t n = strlen(s);
	return (size_t)(end - p) >= n && memcmp(p, s, n) == 0 &&
	       (p + n == end || p[n] == '\n');
}

int main(int argc, char **argv)
{
	int passed = 0, failed = 0, number = 0;
	const char *dump = NULL;
	int update = 0, dump_only = 0;
	placeholders_make();
	if (argc == 2 && strcmp(argv[1], "--placeholders") == 0) {
		for (int k = 0; k < PH_COUNT; k++)
			printf("%s\t%s\n", ph_name[k], ph_text[k].d ? ph_text[k].d : "");
		return 0;
	}
	for (int a = 1; a < argc; a++) {
		if ((strcmp(argv[a], "--dump") == 0 || strcmp(argv[a], "--dump-only") == 0) &&
		    a + 1 < argc) {
			dump_only = strcmp(argv[a], "--dump-only") == 0;
			dump = argv[++a];
			continue;
		}
		if (strcmp(argv[a], "--update") == 0) {
			update = 1;
			continue;
		}
		buf upd = {0};
		size_t n;
		char *text = slurp(argv[a], &n);
		if (!text) {
			fprintf(stderr, "spec_runner: cannot read %s\n", argv[a]);
			return 2;
		}
		const char *end = text + n, *p = text, *section = "";
		char sect[256] = "";
		unsigned lineno = 1;
		while (p < end) {
			const char *eol = memchr(p, '\n', (size_t)(end - p));
			if (!eol)
				eol = end;
			if (*p == '#') {
				snprintf(sect, sizeof sect, "%.*s", (int)(eol - p), p);
				section = sect;
			}
			if (is_line(p, end, "~~~~ patterns")) {
				/* "Tag  pattern" lines: the library's own patterns */
				put(&upd, p, (size_t)(eol + 1 - p));
				for (p = eol + 1, lineno++; p < end && !is_line(p, end, "~~~~");
				     p = eol + 1, lineno++) {
					eol = memchr(p, '\n', (size_t)(end - p));
					if (!eol)
						eol = end;
					put(&upd, p, (size_t)(eol + 1 - p));
					char tag[32] = "";
					size_t tn = strcspn(p, " \n");
					const char *pat = p + tn;
					while (*pat == ' ')
						pat++;
					snprintf(tag, sizeof tag, "%.*s", (int)(tn < 31 ? tn : 31), p);
					const char *lib = tb_tag_pattern(tag);
					if (lib && strlen(lib) == (size_t)(eol - pat) &&
					    memcmp(lib, pat, (size_t)(eol - pat)) == 0) {
						passed++;
					} else {
						failed++;
						printf("FAIL: %s:%u: the pattern of %s is not the library's: %s\n",
						       argv[a], lineno, tag, lib ? lib : "(none)");
					}
				}
				continue;
			}
			int mode = is_line(p, end, "~~~~ example validate")         ? MODE_VALIDATE
			         : is_line(p, end, "~~~~ example fill")             ? MODE_FILL
			         : is_line(p, end, "~~~~ example fill --repairs")   ? MODE_FILL_REPAIRS
			         : is_line(p, end, "~~~~ example xml")              ? MODE_XML
			         : is_line(p, end, "~~~~ example xml positions")    ? MODE_XML_POSITIONS
			         : is_line(p, end, "~~~~ example xml-read")         ? MODE_XML_READ
			         : is_line(p, end, "~~~~ example")                  ? MODE_FMT
			                                                           : -1;
			if (mode < 0) {
				put(&upd, p, (size_t)(eol < end ? eol + 1 - p : eol - p));
				p = eol + 1;
				lineno++;
				continue;
			}
			unsigned start_line = lineno;
			const char *ex_start = p;
			number++;
			buf in = {0}, want = {0}, got = {0}, why = {0};
			int part = 0;
			p = eol + 1;
			lineno++;
			while (p < end && !is_line(p, end, "~~~~")) {
				eol = memchr(p, '\n', (size_t)(end - p));
				if (!eol)
					eol = end;
				if (part == 0 && is_line(p, end, ".")) {
					part = 1;
					put(&upd, ex_start, (size_t)(eol + 1 - ex_start));
				} else {
					buf *b = part ? &want : &in;
					decode(b, p, (size_t)(eol - p));
					put(b, "\n", 1);
				}
				p = eol + 1;
				lineno++;
			}
			p += 5;
			lineno++;
			if (dump) {
				char path[4096];
				snprintf(path, sizeof path, "%s/%04d.tgn", dump, number);
				FILE *f = fopen(path, "wb");
				if (f) {
					fwrite(in.d ? in.d : "", 1, in.n, f);
					fclose(f);
				}
			}
			if (dump_only) {
				passed++;
				free(in.d);
				free(want.d);
				continue;
			}
			run_example(in.d ? in.d : "", in.n, mode, &got, &why);
			if (!part)
				put(&upd, ex_start, (size_t)(p - ex_start));
			encode(&upd, got.d ? got.d : "", got.n);
			puts_(&upd, "~~~~\n");
			const char *w = want.d ? want.d : "", *g = got.d ? got.d : "";
			if (strcmp(w, g) == 0 && why.n == 0) {
				passed++;
			} else {
				failed++;
				printf("FAIL: example %d (%s:%u) %s\n", number, argv[a], start_line, section);
				if (why.n)
					printf("%s", why.d);
				printf("--- expected\n%s--- got\n%s---\n", w, g);
			}
			free(in.d);
			free(want.d);
			free(got.d);
			free(why.d);
		}
		if (update) {
			FILE *f = fopen(argv[a], "wb");
			if (!f || fwrite(upd.d, 1, upd.n, f) != upd.n || fclose(f) != 0) {
				fprintf(stderr, "spec_runner: cannot rewrite %s\n", argv[a]);
				return 2;
			}
		}
		free(upd.d);
		free(text);
	}
	if (dump_only) {
		printf("spec: %d examples written to %s\n", passed, dump);
		return 0;
	}
	printf("spec: %d passed, %d failed\n", passed, failed);
	return failed || number == 0 ? 1 : 0;
}
