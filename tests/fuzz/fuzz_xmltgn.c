/*
 * fuzz_xmltgn.c -- tablero xml --to tgn (cli/cmd_xml.c), driven as the
 * command line drives it, on any document: from a file with -o, or
 * from standard input to standard output (the input's hash chooses).
 * No crash, leak or undefined behaviour; the exit status is 0, 1 or 2;
 * a document accepted (0) gives TGN that reads back with no errors;
 * one refused leaves -o's file as it was ("nothing written") and
 * writes nothing to standard output.
 */
#include "cli.h"
#include "fuzz.h"

#define S_OLD "old contents\n"

typedef struct S_cmd {
	char path[2][80];       /* the document, and what the command writes */
	int argc;
	char *argv[8];
	int from_stdin;
	int rc;
} S_cmd;

static S_cmd S_files;

static void S_unlink(void)
{
	for (int i = 0; i < 2; i++)
		unlink(S_files.path[i]);
}

/* Runs cmd_xml with the arguments in S_files; with standard input from
 * the document and standard output into the second file when
 * 'from_stdin'. */
static void S_run(void *ctx)
{
	(void)ctx;
	S_cmd *c = &S_files;
	int saved_in = -1, saved_out = -1;
	if (c->from_stdin) {
		fflush(stdout);
		int in = open(c->path[0], O_RDONLY);
		int out = open(c->path[1], O_WRONLY | O_TRUNC | O_CREAT, 0600);
		saved_in = dup(0);
		saved_out = dup(1);
		FZ_CHECK(in >= 0 && out >= 0 && saved_in >= 0 && saved_out >= 0 && dup2(in, 0) == 0 &&
		         dup2(out, 1) == 1, "cannot redirect standard input and output");
		close(in);
		close(out);
		clearerr(stdin);
	}
	c->rc = cmd_xml(c->argc, c->argv);
	if (c->from_stdin) {
		fflush(stdout);
		dup2(saved_in, 0);
		dup2(saved_out, 1);
		close(saved_in);
		close(saved_out);
		clearerr(stdin);
	}
}

/* What the command wrote reads back as TGN with no errors. */
static void S_check_tgn(const char *tgn, size_t len)
{
	tb_reader *r = tb_reader_new_mem(tgn, len, "back.tgn");
	tb_record *rec;
	int got;
	while ((got = tb_reader_next(r, &rec)) == 1) {
		for (size_t i = 0; i < tb_reader_ndiags(r); i++)
			FZ_CHECK(tb_reader_diag(r, i)->severity != TB_ERROR,
			         "the TGN of an accepted document has an error: %s\n%s",
			         tb_reader_diag(r, i)->message, tgn);
		FZ_CHECK(!tb_record_errors(rec), "the TGN of an accepted document has errors:\n%s", tgn);
		tb_record_free(rec);
	}
	FZ_CHECK(got == 0, "the TGN of an accepted document cannot be read:\n%s", tgn);
	tb_reader_free(r);
}

static const char *S_tmpdir(void)
{
	return access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	S_cmd *c = &S_files;
	if (!c->path[0][0]) {
		for (int i = 0; i < 2; i++) {
			snprintf(c->path[i], sizeof c->path[i], "%s/tablero-fuzz-xmltgn-XXXXXX", S_tmpdir());
			int fd = mkstemp(c->path[i]);
			FZ_CHECK(fd >= 0, "mkstemp failed");
			close(fd);
		}
		atexit(S_unlink);
	}
	fz_write_file(c->path[0], data, size);
	fz_write_file(c->path[1], S_OLD, strlen(S_OLD));
	static char xml[] = "xml", to[] = "--to", tgn[] = "tgn", o[] = "-o", dash[] = "-";
	c->from_stdin = fz_hash(data, size) & 1;
	char *argv[] = {xml, to, tgn, o, c->path[1], c->path[0], NULL};
	char *argv_stdin[] = {xml, to, tgn, dash, NULL};
	c->argc = c->from_stdin ? 4 : 6;
	memcpy(c->argv, c->from_stdin ? argv_stdin : argv,
	       (size_t)(c->argc + 1) * sizeof *c->argv);
	fz_silently(S_run, NULL);
	FZ_CHECK(c->rc >= 0 && c->rc <= 2, "tablero xml --to tgn exited %d", c->rc);
	size_t len;
	char *out = fz_read_file(c->path[1], &len);
	FZ_CHECK(out, "cannot read what tablero xml --to tgn wrote");
	if (c->rc == 0)
		S_check_tgn(out, len);
	else if (c->from_stdin)
		FZ_CHECK(len == 0, "refused (exit %d), and it wrote:\n%s", c->rc, out);
	else
		FZ_CHECK(strcmp(out, S_OLD) == 0, "refused (exit %d), and -o's file changed:\n%s", c->rc,
		         out);
	free(out);
	return 0;
}
