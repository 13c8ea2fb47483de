/*
 * fuzz_diff.c -- comparing records. The input is two collections of
 * TGN, A and B, split at the first NUL byte (none: B is A). For each
 * pair of records, in order, that can be compared: the alignment of
 * their main lines (tb_plies_align) walks both in order, each node once,
 * and pairs only nodes that mean the same; a main line aligned with
 * itself is all pairs. Then tablero diff itself (cli/cmd_diff.c) runs
 * on them as text, as --xml, as --duplicates --xml and as --duplicates
 * --near K (the input's hash picks K, and --ignore-comments for the
 * text and --pair-by Site,Date for the XML): no crash, leak or
 * undefined behaviour, an exit status of 0, 1 or 2, and each XML
 * document is well-formed and valid against schemas/diff.rng.
 */
#include <libxml/relaxng.h>

#include "cli.h"
#include "fuzz.h"

#ifndef FZ_SCHEMA_DIR
#define FZ_SCHEMA_DIR "schemas"
#endif

static void S_check_alignment(const tb_plies *a, const tb_plies *b)
{
	size_t n, ia = 0, ib = 0;
	tb_edit *e = tb_plies_align(a, b, &n);
	for (size_t i = 0; i < n; i++) {
		if (e[i].op == '=') {
			FZ_CHECK(e[i].a == ia && e[i].b == ib, "a pair out of order at step %zu", i);
			FZ_CHECK(strcmp(tb_plies_at(a, ia)->token, tb_plies_at(b, ib)->token) == 0,
			         "'%s' paired with '%s'", tb_plies_at(a, ia)->token,
			         tb_plies_at(b, ib)->token);
			ia++, ib++;
		} else if (e[i].op == '-') {
			FZ_CHECK(e[i].a == ia, "a deletion out of order at step %zu", i);
			ia++;
		} else {
			FZ_CHECK(e[i].op == '+' && e[i].b == ib, "an insertion out of order at step %zu", i);
			ib++;
		}
	}
	FZ_CHECK(ia == tb_plies_count(a) && ib == tb_plies_count(b),
	         "the alignment covers %zu of %zu and %zu of %zu nodes", ia, tb_plies_count(a), ib,
	         tb_plies_count(b));
	free(e);
}

static void S_self(const tb_plies *a)
{
	size_t n;
	tb_edit *e = tb_plies_align(a, a, &n);
	FZ_CHECK(n == tb_plies_count(a), "a main line aligned with itself: %zu steps for %zu nodes",
	         n, tb_plies_count(a));
	for (size_t i = 0; i < n; i++)
		FZ_CHECK(e[i].op == '=' && e[i].a == i && e[i].b == i, "not the same at step %zu", i);
	free(e);
}

/* The next record of 'r' that can be compared, or NULL at the end. */
static tb_plies *S_next(tb_reader *r, tb_record **rec)
{
	while (tb_reader_next(r, rec) == 1) {
		tb_plies *p = tb_record_errors(*rec) ? NULL : tb_plies_new(*rec);
		if (p)
			return p;
		tb_record_free(*rec);
	}
	*rec = NULL;
	return NULL;
}

static void S_library(const char *a, size_t na, const char *b, size_t nb)
{
	tb_reader *ra = tb_reader_new_mem(a, na, "a.tgn"), *rb = tb_reader_new_mem(b, nb, "b.tgn");
	tb_record *xa, *xb;
	tb_plies *pa, *pb;
	while ((pa = S_next(ra, &xa)) && (pb = S_next(rb, &xb))) {
		S_check_alignment(pa, pb);
		S_self(pa);
		tb_plies_free(pa);
		tb_plies_free(pb);
		tb_record_free(xa);
		tb_record_free(xb);
	}
	tb_plies_free(pa);
	tb_record_free(xa);
	tb_reader_free(ra);
	tb_reader_free(rb);
}

/* ===== The command ===== */

typedef struct S_cmd {
	char path[3][80];       /* A, B, and what the command writes */
	int argc;
	char *argv[8];
} S_cmd;

static S_cmd S_files;

static void S_unlink(void)
{
	for (int i = 0; i < 3; i++)
		unlink(S_files.path[i]);
}

/* Runs cmd_diff with the arguments in S_files, its standard output
 * into the third file and its standard error to /dev/null. */
static void S_run(void *ctx)
{
	(void)ctx;
	fflush(stdout);
	int saved = dup(1), out = open(S_files.path[2], O_WRONLY | O_TRUNC | O_CREAT, 0600);
	FZ_CHECK(saved >= 0 && out >= 0 && dup2(out, 1) == 1, "cannot redirect standard output");
	int rc = cmd_diff(S_files.argc, S_files.argv);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	close(out);
	FZ_CHECK(rc >= 0 && rc <= 2, "tablero diff exited %d", rc);
}

/* What the command wrote, well-formed and valid against diff.rng. */
static void S_check_xml(void)
{
	static xmlRelaxNGPtr schema;
	if (!schema) {
		xmlRelaxNGParserCtxtPtr pc = xmlRelaxNGNewParserCtxt(FZ_SCHEMA_DIR "/diff.rng");
		schema = xmlRelaxNGParse(pc);
		xmlRelaxNGFreeParserCtxt(pc);
		FZ_CHECK(schema, "cannot read %s", FZ_SCHEMA_DIR "/diff.rng");
	}
	size_t len;
	char *out = fz_read_file(S_files.path[2], &len);
	FZ_CHECK(out, "cannot read what tablero diff wrote");
	xmlDocPtr doc;
	FZ_CHECK(fz_xml_well_formed(out, len, &doc),
	         "tablero diff --xml wrote XML that is not well-formed:\n%s", out);
	xmlRelaxNGValidCtxtPtr vc = xmlRelaxNGNewValidCtxt(schema);
	xmlRelaxNGSetValidStructuredErrors(vc, NULL, NULL);
	int valid = xmlRelaxNGValidateDoc(vc, doc);
	xmlRelaxNGFreeValidCtxt(vc);
	xmlFreeDoc(doc);
	FZ_CHECK(valid == 0, "tablero diff --xml wrote XML diff.rng refuses:\n%s", out);
	free(out);
}

/* Where the files go: memory (/dev/shm) when there is such a place, a
 * few thousand files a second being written. */
static const char *S_tmpdir(void)
{
	return access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
}

static void S_command(const char *a, size_t na, const char *b, size_t nb)
{
	if (!S_files.path[0][0]) {
		for (int i = 0; i < 3; i++) {
			snprintf(S_files.path[i], sizeof S_files.path[i], "%s/tablero-fuzz-diff-XXXXXX", S_tmpdir());
			int fd = mkstemp(S_files.path[i]);
			FZ_CHECK(fd >= 0, "mkstemp failed");
			close(fd);
		}
		atexit(S_unlink);
	}
	fz_write_file(S_files.path[0], a, na);
	fz_write_file(S_files.path[1], b, nb);
	static char diff[] = "diff", xml[] = "--xml", dups[] = "--duplicates", near[] = "--near",
	            pair[] = "--pair-by", tags[] = "Site,Date", nocom[] = "--ignore-comments";
	static char ks[4][3] = {"1", "2", "5", "64"};
	/* the hash picks the pairing by tags, comments left out, and --near's K */
	uint32_t h = fz_hash((const uint8_t *)a, na) ^ fz_hash((const uint8_t *)b, nb);
	char *pa = S_files.path[0], *pb = S_files.path[1];
	char *runs[4][7] = {{diff, pa, pb},
	                    {diff, xml, pa, pb},
	                    {diff, dups, xml, pa},
	                    {diff, dups, near, ks[h % 4], pa, pb}};
	if (h & 4) {
		char *text[] = {diff, nocom, pa, pb}, *pairs[] = {diff, xml, pair, tags, pa, pb};
		memcpy(runs[0], text, sizeof text);
		memcpy(runs[1], pairs, sizeof pairs);
	}
	for (int k = 0; k < 4; k++) {
		S_files.argc = 0;
		while (S_files.argc < 7 && runs[k][S_files.argc])
			S_files.argc++;
		for (int i = 0; i < S_files.argc; i++)
			S_files.argv[i] = runs[k][i];
		S_files.argv[S_files.argc] = NULL;
		fz_silently(S_run, NULL);
		if (k == 1 || k == 2)
			S_check_xml();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *a = (const char *)data, *nul = memchr(a, '\0', size);
	size_t na = nul ? (size_t)(nul - a) : size;
	const char *b = nul ? nul + 1 : a;
	size_t nb = nul ? size - na - 1 : size;
	S_library(a, na, b, nb);
	S_command(a, na, b, nb);
	return 0;
}
