/*
 * fuzz.h -- what the fuzz harnesses of tests/fuzz/ share (header-only:
 * each harness is built on its own, by clang with libFuzzer for
 * `make fuzz`, and by cc with replay.c for `make check`).
 *
 * A harness checks invariants, not only the absence of crashes: a
 * broken one is reported by FZ_CHECK, which aborts, so that libFuzzer
 * keeps the input as a finding and the replay fails.
 */
#ifndef TB_FUZZ_H
#define TB_FUZZ_H

#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/parser.h>

#include "buf.h" /* the library's growable string, for the harnesses' own text */
#include "tablero.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every search of every harness bounded (tb_set_search_defaults), before
 * the first input: a gap in the opening replayed by show, diff or svg
 * under the sanitizers with a million positions would pass libFuzzer's
 * timeout, and the searches are the same code whatever their limit. */
__attribute__((constructor)) static void fz_bound_searches(void)
{
	static const tb_search_opts o = {4, 20000, 0, 0, 0, NULL, NULL, 0};
	tb_set_search_defaults(&o);
}

/* A broken invariant: says which, where, and aborts. */
#define FZ_CHECK(cond, ...)                                              \
	do {                                                                 \
		if (!(cond)) {                                                   \
			fprintf(stderr, "fuzz: %s:%d: broken: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                                \
			fputc('\n', stderr);                                         \
			abort();                                                     \
		}                                                                \
	} while (0)

/* ===== Helpers ===== */

/* The diagnostics of the reader's last call, formatted, into 'b' (or
 * only formatted, when 'b' is NULL): formatting must not fail. */
static inline void fz_diags(const tb_reader *r, tb_buf *b)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		char *s = tb_diag_format(tb_reader_diag(r, i));
		FZ_CHECK(s != NULL, "a diagnostic does not format");
		if (b)
			tb_buf_puts(b, s);
		free(s);
	}
}

/* The 'size' bytes at 'data' as a string of their own (the caller
 * frees it); a NUL among them ends the string early. */
static inline char *fz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		abort();
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* The bytes of file 'path' (the caller frees them; '*len' their
 * number), or NULL when it cannot be read. */
static inline char *fz_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	tb_buf b = TB_BUF_INIT;
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		tb_buf_put(&b, chunk, n);
	fclose(f);
	return tb_buf_detach(&b, len);
}

/* 'n' bytes of 's' as the whole of file 'path'; a harness that cannot
 * write its own files is broken. */
static inline void fz_write_file(const char *path, const void *s, size_t n)
{
	FILE *f = fopen(path, "wb");
	FZ_CHECK(f && fwrite(s, 1, n, f) == n && fclose(f) == 0, "cannot write %s", path);
}

/* libxml2 says nothing while a harness looks at a document. */
static inline void fz_xml_quiet(void *ctx, const char *msg, ...)
{
	(void)ctx, (void)msg;
}

/* Is the 'len' bytes at 'doc' a well-formed XML document? No DTD or
 * entity is loaded, nothing is fetched. The parsed document, when the
 * caller wants it ('out'), is the caller's to free (xmlFreeDoc). */
static inline int fz_xml_well_formed(const char *doc, size_t len, xmlDocPtr *out)
{
	xmlSetGenericErrorFunc(NULL, fz_xml_quiet);
	if (len > 0x7fffffff)
		return 0;
	xmlDocPtr d = xmlReadMemory(doc, (int)len, "fuzz.xml", NULL,
	                            XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (out)
		*out = d;
	else
		xmlFreeDoc(d);
	return d != NULL;
}

/* Runs 'fn(ctx)' with standard error sent to /dev/null: the commands a
 * harness drives report problems there, which the fuzzer does not need
 * to print a million times. */
static inline void fz_silently(void (*fn)(void *), void *ctx)
{
	fflush(stderr);
	int saved = dup(2), null = open("/dev/null", O_WRONLY);
	if (saved >= 0 && null >= 0)
		dup2(null, 2);
	fn(ctx);
	fflush(stderr);
	if (saved >= 0) {
		dup2(saved, 2);
		close(saved);
	}
	if (null >= 0)
		close(null);
}

/* A small hash of the input, for choices a harness makes (which plies,
 * where a chunk boundary falls) that mutations anywhere may change. */
static inline uint32_t fz_hash(const uint8_t *data, size_t size)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < size; i++)
		h = (h ^ data[i]) * 16777619u;
	return h;
}

#endif
