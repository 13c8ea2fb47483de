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
	tb_buf b = TB_BUF_INIT;
	tb_buf_printf(&b, "%s:%u:%u: %s: %s [TB%03d]\n", d->file, d->line, d->col,
	              d->severity == TB_ERROR ? "error" : "warning", d->message, d->code);
	const char *src = d->source ? d->source : "";
	tb_buf_printf(&b, "%s\n", src);
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
		tb_buf_printf(&b, "note: %.*s\n", (int)len, n);
		n += len + (n[len] == '\n');
	}
	return tb_buf_detach(&b, NULL);
}
