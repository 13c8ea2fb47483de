/*
 * diag.c -- formatting a diagnostic for people: the gcc-style first
 * line, the source line, and a caret under the span.
 */
#include "diag.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"

char *tb_diag_format(const tb_diag *d)
{
	/* "%s:%u:%u: %s: %s [TB%03d]\n%s\n", without printf: a collection's
	 * warnings are many, and vsnprintf copied their text a byte at a
	 * time (a twentieth of validate's time on random Asalto games) */
	tb_buf b = TB_BUF_SOFT;
	tb_buf_puts(&b, d->file);
	tb_buf_putc(&b, ':');
	tb_buf_putu(&b, d->line);
	tb_buf_putc(&b, ':');
	tb_buf_putu(&b, d->col);
	tb_buf_puts(&b, d->severity == TB_ERROR ? ": error: " : ": warning: ");
	tb_buf_puts(&b, d->message);
	tb_buf_puts(&b, " [TB");
	char code[4] = {(char)('0' + d->code / 100 % 10), (char)('0' + d->code / 10 % 10),
	                (char)('0' + d->code % 10), '\0'};
	if (d->code >= 1000 || d->code < 0)
		tb_buf_printf(&b, "%03d", d->code);
	else
		tb_buf_puts(&b, code);
	tb_buf_puts(&b, "]\n");
	const char *src = d->source ? d->source : "";
	tb_buf_puts(&b, src);
	tb_buf_putc(&b, '\n');
	/* The caret line copies the tabs of the source so they line up. */
	unsigned col = 1;
	const unsigned char *s = (const unsigned char *)src;
	while (col < d->source_col && *s) {
		tb_buf_putc(&b, *s == '\t' ? '\t' : ' ');
		col++;
		s++;
		while ((*s & 0xC0) == 0x80)
			s++;
	}
	tb_buf_putc(&b, '^');
	unsigned width = d->end_col > d->col ? d->end_col - d->col : 1;
	for (unsigned i = 1; i < width && *s; i++) {
		s++;
		while ((*s & 0xC0) == 0x80)
			s++;
		if (!*s)
			break;
		tb_buf_putc(&b, '~');
	}
	tb_buf_putc(&b, '\n');
	for (const char *n = d->note; n && *n;) { /* a line of its own for each */
		size_t len = strcspn(n, "\n");
		tb_buf_puts(&b, "note: ");
		tb_buf_put(&b, n, len);
		tb_buf_putc(&b, '\n');
		n += len + (n[len] == '\n');
	}
	return tb_buf_detach(&b, NULL);
}
