/*
 * sniff.c -- files that are not UTF-8 text, told by their first bytes
 * (sniff.h; spec/tgn.md §2, "Files that are not TGN text").
 *
 * Reading a UTF-16 file, a gzip file or an executable as TGN gave a
 * diagnostic for every few bytes and lines of garbage; what helps is
 * one that says what the file is and what converts it. Only the file's
 * start is looked at -- the magic numbers of the usual formats, NUL
 * bytes between ASCII characters, the share of NUL and control bytes --
 * so that a reader of a part of the file (tb_reader_set_origin) never
 * needs to know it.
 */
#include "sniff.h"

#include <stdio.h>
#include <string.h>

#include "tablero.h"
#include "utf8.h"

/* ===== What the file is ===== */

typedef struct S_magic {
	tb_sniff_kind kind;
	size_t len;
	const char *bytes;
} S_magic;

/* ORDER: longer before shorter where one starts another (UTF-32 LE's
 * mark starts with UTF-16 LE's). */
static const S_magic S_magics[] = {
	{TB_SNIFF_UTF32LE, 4, "\xFF\xFE\x00\x00"}, {TB_SNIFF_UTF32BE, 4, "\x00\x00\xFE\xFF"},
	{TB_SNIFF_UTF16LE, 2, "\xFF\xFE"},         {TB_SNIFF_UTF16BE, 2, "\xFE\xFF"},
	{TB_SNIFF_GZIP, 2, "\x1F\x8B"},            {TB_SNIFF_XZ, 6, "\xFD" "7zXZ\x00"},
	{TB_SNIFF_ZSTD, 4, "\x28\xB5\x2F\xFD"},    {TB_SNIFF_ZIP, 4, "PK\x03\x04"},
	{TB_SNIFF_ZIP, 4, "PK\x05\x06"},           {TB_SNIFF_ELF, 4, "\x7F" "ELF"},
	{TB_SNIFF_PDF, 5, "%PDF-"},                {TB_SNIFF_PNG, 8, "\x89PNG\r\n\x1A\n"},
	{TB_SNIFF_JPEG, 3, "\xFF\xD8\xFF"},
};

/* bzip2: "BZh", a block size 1-9, then a block's or the end's magic
 * (its first bytes alone could start a line of text). */
static int S_bzip2(const unsigned char *p, size_t n)
{
	return n >= 10 && memcmp(p, "BZh", 3) == 0 && p[3] >= '1' && p[3] <= '9' &&
	       (memcmp(p + 4, "\x31\x41\x59\x26\x53\x59", 6) == 0 ||
	        memcmp(p + 4, "\x17\x72\x45\x38\x50\x90", 6) == 0);
}

/* A byte no text holds: NUL, a control character but tab, line feed,
 * carriage return, form feed and escape (terminal colours pasted in),
 * or DEL. */
static int S_control(unsigned char c)
{
	return (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1B) ||
	       c == 0x7F;
}

/* ASCII text as UTF-16 or UTF-32 writes it: the character, then NUL
 * bytes (little-endian) or the other way round. */
static int S_ascii(unsigned char c)
{
	return (c >= 0x20 && c < 0x7F) || c == '\t' || c == '\n' || c == '\r';
}

/* UTF-16 or UTF-32 without a byte order mark: at least three quarters
 * of the first units (two at least) are ASCII characters in them. */
static tb_sniff_kind S_wide(const unsigned char *p, size_t n)
{
	size_t quads = n / 4, le = 0, be = 0;
	for (size_t i = 0; i + 4 <= n; i += 4) {
		le += S_ascii(p[i]) && !p[i + 1] && !p[i + 2] && !p[i + 3];
		be += !p[i] && !p[i + 1] && !p[i + 2] && S_ascii(p[i + 3]);
	}
	if (quads >= 2 && 4 * le >= 3 * quads)
		return TB_SNIFF_UTF32LE;
	if (quads >= 2 && 4 * be >= 3 * quads)
		return TB_SNIFF_UTF32BE;
	size_t pairs = n / 2;
	le = be = 0;
	for (size_t i = 0; i + 2 <= n; i += 2) {
		le += S_ascii(p[i]) && !p[i + 1];
		be += !p[i] && S_ascii(p[i + 1]);
	}
	if (pairs >= 2 && 4 * le >= 3 * pairs)
		return TB_SNIFF_UTF16LE;
	if (pairs >= 2 && 4 * be >= 3 * pairs)
		return TB_SNIFF_UTF16BE;
	return TB_SNIFF_TEXT;
}

/* Of the 'n' bytes at 'p', those S_control takes. */
static size_t S_controls(const unsigned char *p, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += S_control(p[i]);
	return k;
}

/* The bytes S_control takes that count towards a binary file: those of
 * the 'n' at 'p' but a run of NUL bytes that ends them, unless they are
 * all NUL -- a text padded with NUL bytes, as a crash may leave a file,
 * is text with one error (TB102), its records read. '*of' is set to
 * the bytes looked at. */
static size_t S_binary_bytes(const unsigned char *p, size_t n, size_t *of)
{
	size_t m = n;
	while (m > 0 && p[m - 1] == 0)
		m--;
	*of = m ? m : n;
	return S_controls(p, *of);
}

tb_sniff_kind tb_sniff(const unsigned char *p, size_t n, int *bom)
{
	*bom = 0;
	if (n > TB_SNIFF_BYTES)
		n = TB_SNIFF_BYTES;
	for (size_t i = 0; i < sizeof S_magics / sizeof S_magics[0]; i++)
		if (n >= S_magics[i].len && memcmp(p, S_magics[i].bytes, S_magics[i].len) == 0) {
			*bom = S_magics[i].kind <= TB_SNIFF_UTF32BE;
			return S_magics[i].kind;
		}
	if (S_bzip2(p, n))
		return TB_SNIFF_BZIP2;
	if (!S_controls(p, n))
		return TB_SNIFF_TEXT;
	tb_sniff_kind k = S_wide(p, n);
	if (k != TB_SNIFF_TEXT)
		return k;
	/* A few stray ones are a text's errors, each reported where it is;
	 * many are a binary file's (random bytes hold one in nine). */
	size_t of, bad = S_binary_bytes(p, n, &of);
	return bad >= 8 && 25 * bad >= of ? TB_SNIFF_BINARY : TB_SNIFF_TEXT;
}

/* ===== Saying so ===== */

/* 'name' as a shell word: as it is when it is plain, else in single
 * quotes. */
static void S_shell_word(tb_buf *b, const char *name, size_t n)
{
	int plain = n > 0 && name[0] != '-';
	for (size_t i = 0; i < n && plain; i++) {
		unsigned char c = (unsigned char)name[i];
		plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		        strchr("._/+,:@%=-", c);
	}
	if (plain) {
		tb_buf_put(b, name, n);
		return;
	}
	tb_buf_putc(b, '\'');
	for (size_t i = 0; i < n; i++)
		tb_buf_puts(b, name[i] == '\'' ? "'\\''" : (char[]){name[i], '\0'});
	tb_buf_putc(b, '\'');
}

/* The offset in 'name' of its file name's extension ("f.tgn": 1), or
 * its length when it has none. A leading dot is no extension. */
static size_t S_ext(const char *name)
{
	const char *base = strrchr(name, '/');
	base = base ? base + 1 : name;
	const char *dot = strrchr(base, '.');
	return dot && dot > base ? (size_t)(dot - name) : strlen(name);
}

/* A name for what converting 'name' writes, never 'name' itself:
 * 'name' without 'suffix' when it ends in it ("f.tgn.gz": "f.tgn"),
 * else with '.tag' before its extension ("f.tgn": "f.utf8.tgn"). */
static void S_out_name(tb_buf *b, const char *name, const char *suffix, const char *tag)
{
	size_t n = strlen(name), s = suffix ? strlen(suffix) : 0;
	if (s && n > s && strcmp(name + n - s, suffix) == 0 && name[n - s - 1] != '/') {
		S_shell_word(b, name, n - s);
		return;
	}
	tb_buf out = TB_BUF_SOFT;
	size_t e = S_ext(name);
	tb_buf_put(&out, name, e);
	tb_buf_printf(&out, ".%s%s", tag, name + e);
	if (tb_buf_ok(&out))
		S_shell_word(b, out.data, out.len);
	else /* out of memory: so is what it goes into */
		tb_buf_fail(b);
	tb_buf_free(&out);
}

/* "PROGRAM ARGS FILE > OUT", or for standard input (a name in '<...>')
 * "PROGRAM ARGS", which reads it. */
static void S_command(tb_buf *note, const char *file, const char *program, const char *suffix,
                      const char *tag)
{
	tb_buf_puts(note, program);
	if (file[0] == '<')
		return;
	tb_buf_putc(note, ' ');
	S_shell_word(note, file, strlen(file));
	tb_buf_puts(note, " > ");
	S_out_name(note, file, suffix, tag);
}

/* Code point 'cp' as UTF-8 into 'b' (a valid scalar value). */
static void S_put_cp(tb_buf *b, unsigned long cp)
{
	char u[4];
	tb_buf_put(b, u, tb_utf8_encode((uint32_t)cp, u));
}

/* The first line of a UTF-16 or UTF-32 file, as UTF-8 (after its byte
 * order mark), as a diagnostic shows a line: a character that would
 * break a terminal, or none (a lone surrogate), as '?'; at most 80. */
static void S_wide_line(tb_buf *b, tb_sniff_kind k, int bom, const unsigned char *p, size_t n)
{
	size_t unit = k == TB_SNIFF_UTF16LE || k == TB_SNIFF_UTF16BE ? 2 : 4;
	int le = k == TB_SNIFF_UTF16LE || k == TB_SNIFF_UTF32LE;
	size_t i = bom ? unit : 0;
	for (unsigned shown = 0; i + unit <= n; i += unit, shown++) {
		unsigned long cp = 0;
		for (size_t j = 0; j < unit; j++)
			cp |= (unsigned long)p[i + j] << (8 * (le ? j : unit - 1 - j));
		if (unit == 2 && cp >= 0xD800 && cp < 0xDC00 && i + 4 <= n) { /* a pair */
			unsigned long lo = le ? p[i + 2] | (unsigned long)p[i + 3] << 8
			                      : (unsigned long)p[i + 2] << 8 | p[i + 3];
			if (lo >= 0xDC00 && lo < 0xE000) {
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				i += 2;
			}
		}
		if (cp == '\n' || cp == '\r')
			break;
		if (shown == 80) {
			tb_buf_puts(b, "...");
			break;
		}
		int bad = (cp < 0x20 && cp != '\t') || (cp >= 0x7F && cp < 0xA0) ||
		          (cp >= 0xD800 && cp < 0xE000) || cp > 0x10FFFF;
		if (bad)
			tb_buf_putc(b, '?');
		else
			S_put_cp(b, cp);
	}
}

static const char *const S_what[] = {
	[TB_SNIFF_GZIP] = "a gzip-compressed file", [TB_SNIFF_BZIP2] = "a bzip2-compressed file",
	[TB_SNIFF_XZ] = "an xz-compressed file",     [TB_SNIFF_ZSTD] = "a zstd-compressed file",
	[TB_SNIFF_ZIP] = "a zip archive",            [TB_SNIFF_ELF] = "an ELF executable or library",
	[TB_SNIFF_PDF] = "a PDF document",           [TB_SNIFF_PNG] = "a PNG image",
	[TB_SNIFF_JPEG] = "a JPEG image",            [TB_SNIFF_BINARY] = "a binary file",
};

/* How each compressed kind is undone, and the suffix its files have. */
static const struct {
	tb_sniff_kind kind;
	const char *program, *suffix;
} S_undo[] = {
	{TB_SNIFF_GZIP, "gunzip -c", ".gz"}, {TB_SNIFF_BZIP2, "bunzip2 -c", ".bz2"},
	{TB_SNIFF_XZ, "unxz -c", ".xz"},     {TB_SNIFF_ZSTD, "unzstd -c", ".zst"},
};

void tb_sniff_say(tb_sniff_kind k, int bom, const char *file, const unsigned char *p,
                  size_t n, tb_buf *msg, tb_buf *note, tb_buf *source)
{
	if (n > TB_SNIFF_BYTES)
		n = TB_SNIFF_BYTES;
	if (k >= TB_SNIFF_UTF16LE && k <= TB_SNIFF_UTF32BE) {
		static const char *const names[] = {"UTF-16", "UTF-16", "UTF-32", "UTF-32"};
		const char *name = names[k - TB_SNIFF_UTF16LE];
		int le = k == TB_SNIFF_UTF16LE || k == TB_SNIFF_UTF32LE;
		tb_buf_printf(msg, "this file is in %s (%s-endian%s); TGN files are UTF-8, so none "
		              "of it is read", name, le ? "little" : "big",
		              bom ? ", with a byte order mark" : "");
		/* with the mark iconv reads the order from it (and drops it) */
		char from[40];
		snprintf(from, sizeof from, "iconv -f %s%s -t UTF-8", name, bom ? "" : le ? "LE" : "BE");
		tb_buf_puts(note, "convert it with: ");
		S_command(note, file, from, NULL, "utf8");
		S_wide_line(source, k, bom, p, n);
		return;
	}
	tb_buf_printf(msg, "this is %s, not TGN text", S_what[k]);
	if (k == TB_SNIFF_BINARY) {
		size_t of, bad = S_binary_bytes(p, n, &of);
		tb_buf_printf(msg, " (%zu of its first %zu bytes are NUL or control characters)",
		              bad, of);
	}
	tb_buf_puts(msg, "; none of it is read");
	for (size_t i = 0; i < sizeof S_undo / sizeof S_undo[0]; i++)
		if (S_undo[i].kind == k) {
			tb_buf_puts(note, "decompress it with: ");
			S_command(note, file, S_undo[i].program, S_undo[i].suffix, "decompressed");
		}
	if (k == TB_SNIFF_ZIP && file[0] != '<') {
		tb_buf_puts(note, "list what it holds with: unzip -l ");
		S_shell_word(note, file, strlen(file));
		tb_buf_puts(note, "\ntake the files out with: unzip ");
		S_shell_word(note, file, strlen(file));
	}
	if (k == TB_SNIFF_PDF && file[0] != '<') {
		tb_buf_puts(note, "see its text with: pdftotext ");
		S_shell_word(note, file, strlen(file));
		tb_buf_puts(note, " -");
	}
}

/* ===== Latin-1 and Windows-1252 ===== */

int tb_sniff_latin1(const unsigned char *p, size_t n)
{
	unsigned char c = p[0];
	if (c < 0xC0 || c > 0xF7) /* a continuation byte alone, or no lead at all */
		return 1;
	return n < 2 || (p[1] & 0xC0) != 0x80;
}

/* Windows-1252's characters at 0x80-0x9F (0: none there). */
static const unsigned short S_cp1252[32] = {
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
};

void tb_sniff_say_latin1(unsigned char c, const char *file, tb_buf *msg, tb_buf *note)
{
	unsigned long cp = c >= 0xA0 ? c : c >= 0x80 ? S_cp1252[c - 0x80] : 0;
	tb_buf_printf(msg, "byte 0x%02X is not UTF-8; this file looks like Windows-1252 or "
	              "Latin-1", (unsigned)c);
	if (cp == 0xA0 || cp == 0xAD) {
		tb_buf_printf(msg, ", where it is U+%04lX", cp);
	} else if (cp) {
		tb_buf_puts(msg, ", where it is '");
		S_put_cp(msg, cp);
		tb_buf_putc(msg, '\'');
	}
	tb_buf_puts(msg, " (TGN files are UTF-8)");
	tb_buf_puts(note, "convert it with: ");
	S_command(note, file, "iconv -f WINDOWS-1252 -t UTF-8", NULL, "utf8");
}
