/*
 * hostile.c -- the hostile inputs of the bench (bench/run.sh, "hostile
 * input"): every command must finish on each in bounded time and
 * memory and say what it refused.
 *
 *   hostile DIR    writes into DIR:
 *     diags.tgn        10,000 records, each with 100 diagnostics and more
 *     turns-16mib.tgn  one record of 16 MiB of one-character turns ("?"):
 *                      over the million turns a record may hold (TB111)
 *     record-16mib.tgn one record of almost 16 MiB that is read: 990,000
 *                      unknown turns and a comment of 14 MB
 *     over-16mib.tgn   a record of 16 MiB and a byte (TB106)
 *     nested-100.tgn   variations nested 100 deep, the most allowed
 *     nested-100k.tgn  variations nested 100,000 deep (TB308)
 *     chain-1000.tgn   an Ocencahuac turn of 1,000 hops (TB301: at most 64)
 *     comment-5mb.tgn  a record with a comment of 5 MB
 *
 * Plain C11, no dependencies, the same bytes every time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MIB (1024L * 1024L)

static FILE *S_open(const char *dir, const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	if (!f) {
		perror(path);
		exit(2);
	}
	return f;
}

static void S_close(FILE *f)
{
	if (ferror(f) || fclose(f) != 0) {
		perror("hostile: write");
		exit(2);
	}
}

/* 'n' copies of 's'. */
static void S_repeat(FILE *f, const char *s, long n)
{
	for (long i = 0; i < n; i++)
		fputs(s, f);
}

static void S_diags(const char *dir)
{
	FILE *f = S_open(dir, "diags.tgn");
	for (int r = 0; r < 10000; r++) {
		fputs("[Game \"pitarra\"]\n\n", f);
		for (int t = 1; t <= 55; t++)
			fprintf(f, "%d. z9 z9 ", t); /* 110 moves off the board */
		fputs("*\n\n", f);
	}
	S_close(f);
}

static void S_turns_16mib(const char *dir)
{
	FILE *f = S_open(dir, "turns-16mib.tgn");
	fputs("[Game \"pitarra\"]\n\n1. ", f);
	S_repeat(f, "? ", 8 * MIB - 16);
	fputs("*\n", f);
	S_close(f);
}

/* The comment's text: Spanish words, a line break now and then. */
static void S_text(FILE *f, long bytes)
{
	static const char *const words[] = {"la", "partida", "sigue", "en", "la", "cinta,",
	                                    "según", "el", "informante", "que", "no", "recuerda"};
	long n = 0;
	for (int i = 0; n < bytes; i++) {
		const char *w = words[i % 12];
		n += (long)strlen(w) + 1;
		fputs(w, f);
		fputc(i % 16 == 15 ? '\n' : ' ', f);
	}
}

static void S_record_16mib(const char *dir)
{
	FILE *f = S_open(dir, "record-16mib.tgn");
	fputs("[Game \"pitarra\"]\n[Site \"Los Navajos\"]\n\n{", f);
	S_text(f, 14000000);
	fputs("}\n1. ", f);
	S_repeat(f, "? ", 990000);
	fputs("*\n", f);
	S_close(f);
}

static void S_over_16mib(const char *dir)
{
	FILE *f = S_open(dir, "over-16mib.tgn");
	fputs("[Game \"pitarra\"]\n\n1. d1 {", f);
	long head = (long)strlen("[Game \"pitarra\"]\n\n");
	S_repeat(f, "x", 16 * MIB - head); /* the record's bytes, one past */
	fputs("} *\n\n[Game \"pitarra\"]\n\n1. d1 *\n", f);
	S_close(f);
}

static void S_nested(const char *dir, const char *name, long depth)
{
	FILE *f = S_open(dir, name);
	fputs("[Game \"pitarra\"]\n\n1. d1 ", f);
	S_repeat(f, "(1. a1 ", depth);
	S_repeat(f, ")", depth);
	fputs(" 1... a1 *\n", f);
	S_close(f);
}

static void S_chain(const char *dir)
{
	FILE *f = S_open(dir, "chain-1000.tgn");
	fputs("[Game \"ocencahuac\"]\n\n1. d2", f);
	for (int i = 0; i < 1000; i++)
		fputs(i % 2 ? "^d2" : "^d4", f);
	fputs(" *\n", f);
	S_close(f);
}

static void S_comment_5mb(const char *dir)
{
	FILE *f = S_open(dir, "comment-5mb.tgn");
	fputs("[Game \"pitarra\"]\n[Site \"Los Navajos\"]\n\n1. d1 {", f);
	S_text(f, 5000000);
	fputs("} a1 2. g1 *\n", f);
	S_close(f);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fputs("usage: hostile DIR\n", stderr);
		return 2;
	}
	S_diags(argv[1]);
	S_turns_16mib(argv[1]);
	S_record_16mib(argv[1]);
	S_over_16mib(argv[1]);
	S_nested(argv[1], "nested-100.tgn", 100);
	S_nested(argv[1], "nested-100k.tgn", 100000);
	S_chain(argv[1]);
	S_comment_5mb(argv[1]);
	return 0;
}
