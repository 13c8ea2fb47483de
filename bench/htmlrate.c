/*
 * htmlrate.c -- web pages a second, in the library: a record's page
 * (tb_html_add, tb_html_page) made ROUNDS times, counting its bytes --
 * what tablero html costs before the file system's part. Used by
 * bench/run.sh; public API only.
 *
 *   htmlrate FILE [ROUNDS] -> "PAGES BYTES_PER_PAGE SECONDS"
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tablero.h"

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	int rounds = argc > 2 ? atoi(argv[2]) : 1;
	FILE *f = fopen(argv[1], "rb");
	if (!f)
		return 2;
	tb_reader *r = tb_reader_new_file(f, argv[1]);
	tb_record *rec;
	if (tb_reader_next(r, &rec) != 1)
		return 2;
	struct timespec a, b;
	size_t len = 0;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (int k = 0; k < rounds; k++) {
		tb_html *h = tb_html_new(NULL);
		char *why = NULL;
		if (tb_html_add(h, rec, NULL, &why) < 0)
			return 1;
		free(why);
		char *page = tb_html_page(h, &len);
		free(page);
		tb_html_free(h);
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%d %zu %.4f\n", rounds, len,
	       (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9);
	tb_record_free(rec);
	tb_reader_free(r);
	fclose(f);
	return 0;
}
