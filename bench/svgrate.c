/*
 * svgrate.c -- diagrams a second, in the library: every position of a
 * record's main line drawn as a standalone SVG document (tb_svg_record),
 * each handed to a callback that only counts its bytes -- what tablero
 * svg --every 1 costs before the file system's part. Used by
 * bench/run.sh; public API only.
 *
 *   svgrate FILE [ROUNDS] -> "DIAGRAMS BYTES SECONDS"
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tablero.h"

static void S_count(void *ctx, long ply, const char *svg, size_t len)
{
	(void)ply;
	(void)svg;
	*(size_t *)ctx += len;
}

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
	size_t n = tb_record_plies(rec) + 1, bytes = 0;
	long *plies = malloc(n * sizeof *plies);
	for (size_t i = 0; i < n; i++)
		plies[i] = (long)i;
	tb_svg_opts o = {0};
	struct timespec a, b;
	long made = 0;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (int k = 0; k < rounds; k++) {
		char *why = NULL;
		int got = tb_svg_record(rec, plies, n, &o, S_count, &bytes, &why);
		free(why);
		if (got < 0)
			return 1;
		made += got;
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%ld %zu %.4f\n", made, bytes,
	       (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9);
	free(plies);
	tb_record_free(rec);
	tb_reader_free(r);
	fclose(f);
	return 0;
}
