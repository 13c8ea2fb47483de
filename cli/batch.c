/*
 * batch.c -- what tablero svg and tablero book share: many files written
 * as one, and the arguments --lang and --caption.
 *
 * Many files as one: each into a temporary file
 * beside its name, then, once every one is complete, the data flushed
 * to disk once (sync) and each renamed over its name. A failure on the
 * way removes the temporary files and leaves every name as it was.
 * One flush for the lot, not one per file, is what lets tablero svg
 * write thousands of diagrams a second (spec/svg.md, "Files").
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

struct cli_batch {
	char **path, **tmp;
	size_t n, cap;
	mode_t mode;
};

cli_batch *cli_batch_new(void)
{
	cli_batch *b = calloc(1, sizeof *b);
	if (b) {
		mode_t mask = umask(0);
		umask(mask);
		b->mode = 0666 & ~mask;
	}
	return b;
}

int cli_batch_add(cli_batch *b, const char *path, const char *data, size_t len)
{
	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 64;
		char **p = realloc(b->path, cap * sizeof *p), **t = p ? realloc(b->tmp, cap * sizeof *t) : NULL;
		if (p)
			b->path = p;
		if (t)
			b->tmp = t;
		if (!p || !t) {
			fprintf(stderr, "tablero: out of memory\n");
			return -1;
		}
		b->cap = cap;
	}
	size_t n = strlen(path);
	char *tmp = malloc(n + 16), *keep = strdup(path);
	if (!tmp || !keep) {
		free(tmp);
		free(keep);
		fprintf(stderr, "tablero: out of memory\n");
		return -1;
	}
	snprintf(tmp, n + 16, "%s.tbXXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		fprintf(stderr, "tablero: cannot write beside '%s': %s\n", path, strerror(errno));
		free(tmp);
		free(keep);
		return -1;
	}
	b->path[b->n] = keep;
	b->tmp[b->n++] = tmp;
	int ok = fchmod(fd, b->mode) == 0;
	while (ok && len) {
		ssize_t w = write(fd, data, len);
		if (w < 0 && errno == EINTR)
			continue;
		ok = w > 0;
		if (ok) {
			data += w;
			len -= (size_t)w;
		}
	}
	if (close(fd) != 0)
		ok = 0;
	if (!ok)
		fprintf(stderr, "tablero: cannot write '%s': %s\n", tmp, strerror(errno));
	return ok ? 0 : -1;
}

static void S_free(cli_batch *b)
{
	for (size_t i = 0; i < b->n; i++) {
		free(b->path[i]);
		free(b->tmp[i]);
	}
	free(b->path);
	free(b->tmp);
	free(b);
}

int cli_batch_commit(cli_batch *b)
{
	sync(); /* every file's data on disk before any name changes */
	int rc = 0;
	for (size_t i = 0; i < b->n; i++) {
		if (rc == 0 && rename(b->tmp[i], b->path[i]) != 0) {
			fprintf(stderr, "tablero: cannot replace '%s': %s\n", b->path[i], strerror(errno));
			rc = -1;
		}
		if (rc)
			unlink(b->tmp[i]);
	}
	S_free(b);
	return rc;
}

void cli_batch_abort(cli_batch *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->n; i++)
		unlink(b->tmp[i]);
	S_free(b);
}

/* ===== Arguments that diagrams and books share ===== */

const tb_lang *cli_lang_arg(const char *cmd, const char *v)
{
	const tb_lang *l = tb_lang_find(v);
	if (l)
		return l;
	char have[256] = "";
	for (size_t i = 0; tb_lang_at(i); i++)
		snprintf(have + strlen(have), sizeof have - strlen(have), "%s%s", i ? ", " : "",
		         tb_lang_code(tb_lang_at(i)));
	cli_error(cmd, "no table of words for language '%s' (there are: %s)", v, have);
	return NULL;
}

int cli_caption_arg(const char *v, int *mode)
{
	static const char *const names[] = {"full", "short", "none"};
	for (int i = 0; i < 3; i++)
		if (strcmp(v, names[i]) == 0) {
			*mode = i;
			return 0;
		}
	return -1;
}
