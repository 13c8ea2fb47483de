/*
 * index_files.c -- what tablero index, find and tree share: a file read
 * whole into an index, and the index a search runs over (an index file
 * opened read-only, or one made in memory from the files given).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

/* The bytes of 'path' ("-": standard input), for the caller to free;
 * NULL after saying why. */
static char *S_slurp(const char *cmd, const char *path, size_t *len, long long *mtime)
{
	FILE *f = cli_open(path);
	if (!f)
		return NULL;
	struct stat sb;
	*mtime = fstat(fileno(f), &sb) == 0 ? (long long)sb.st_mtime : 0;
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	if (!buf)
		cli_oom();
	for (size_t got; (got = fread(buf + n, 1, cap - n, f)) > 0;) {
		n += got;
		if (n == cap) {
			char *p = realloc(buf, cap *= 2);
			if (!p)
				cli_oom();
			buf = p;
		}
	}
	if (ferror(f)) {
		cli_error(cmd, "cannot read %s: %s", path, strerror(errno));
		free(buf);
		cli_close(f);
		return NULL;
	}
	cli_close(f);
	*len = n;
	return buf;
}

int cli_index_file(const char *cmd, tb_index *ix, const char *path, size_t *nrecords)
{
	size_t len = 0;
	long long mtime = 0;
	char *buf = S_slurp(cmd, path, &len, &mtime);
	if (!buf)
		return -1;
	int rc = tb_index_add(ix, strcmp(path, "-") ? path : "<stdin>", buf, len, mtime, nrecords);
	free(buf);
	if (rc == TB_ENOMEM)
		cli_oom();
	if (rc < 0)
		cli_error(cmd, "%s: %s", path, tb_index_errmsg(ix));
	return rc;
}

tb_index *cli_index_for(const char *cmd, const char *db, char **files, size_t nfiles)
{
	tb_index *ix = NULL;
	char *why = NULL;
	if (db && nfiles) {
		cli_error(cmd, "give an index (--index) or files, not both");
		return NULL;
	}
	int rc = tb_index_open(&ix, db, 0, 5000, &why);
	if (rc == TB_ENOMEM)
		cli_oom();
	if (rc) {
		cli_error(cmd, "%s", why ? why : "cannot open the index");
		free(why);
		return NULL;
	}
	if (!db && !nfiles && cli_index_file(cmd, ix, "-", NULL) < 0) {
		tb_index_close(ix);
		return NULL;
	}
	for (size_t i = 0; i < nfiles; i++)
		if (cli_index_file(cmd, ix, files[i], NULL) < 0) {
			tb_index_close(ix);
			return NULL;
		}
	return ix;
}

void cli_index_query_error(const char *cmd, tb_index *ix, const char *text)
{
	if (tb_index_errcode(ix) == TB_ENOMEM)
		cli_oom();
	cli_error(cmd, "%s", tb_index_errmsg(ix));
	if (text && tb_index_errcode(ix) == TB_ESYNTAX) {
		size_t at = tb_index_errat(ix);
		fprintf(stderr, "  %s\n  %*s^\n", text, (int)(at < strlen(text) ? at : strlen(text)), "");
	}
}
