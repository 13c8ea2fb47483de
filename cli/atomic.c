/*
 * atomic.c -- a file written whole or not at all, and a file rewritten
 * in place (fmt -i, fill -i) through the one function that may do it.
 *
 * The new content goes to a temporary file beside the target
 * (NAME.tbXXXXXX), is flushed to disk (fsync), takes the target's
 * permissions and ownership, and is renamed over it; the directory is
 * flushed after. A process killed at any step leaves the old file or
 * the new one, and at most the temporary file beside it.
 *
 * A file with several hard links is the one exception: a rename would
 * leave the other names on the old content, so the new content, once
 * complete and on disk beside it, is copied over the file in place (as
 * Emacs and Vim write such a file); killed during that copy, the file
 * may hold part of each, and the new content is whole in NAME.tbXXXXXX
 * (the message says so). The same is done when the file's owner or
 * group cannot be given to a new file (another user's file).
 *
 * Rewriting also keeps the file's form: a byte order mark stays, and
 * CRLF line ends stay CRLF (the records are written with LF, and every
 * LF is written as CRLF when the file's first line ends in CRLF).
 */
#define _XOPEN_SOURCE 700 /* realpath, pread, fchown */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

struct cli_atomic {
	char *path;        /* the file written (a symbolic link's target) */
	char *tmp;         /* the new content beside it; NULL: written directly */
	int fd;
	int have_st;       /* 'st' is the file being replaced */
	struct stat st;
	int in_place;      /* copied over the file, not renamed (hard links) */
	int bom, crlf;     /* the form to keep (cli_rewrite) */
	size_t written;    /* bytes given to cli_atomic_write */
};

static void S_free(cli_atomic *a)
{
	free(a->tmp);
	free(a->path);
	free(a);
}

/* All of 'len' bytes to 'fd' at its offset; 0, or -1 with errno. */
static int S_write_all(int fd, const char *s, size_t len)
{
	while (len) {
		ssize_t w = write(fd, s, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = EIO;
			return -1;
		}
		s += w;
		len -= (size_t)w;
	}
	return 0;
}

mode_t cli_new_mode(const struct stat *old)
{
	if (old)
		return old->st_mode & 07777;
	mode_t mask = umask(0);
	umask(mask);
	return 0666 & ~mask;
}

/* The new file's permissions before any byte is in it: the old file's,
 * or what open(2) would give a new one (not mkstemp's 0600). 0, or -1
 * with errno: the file would not keep them. */
static int S_set_mode(cli_atomic *a)
{
	return fchmod(a->fd, cli_new_mode(a->have_st ? &a->st : NULL));
}

cli_atomic *cli_atomic_begin(const char *path)
{
	cli_atomic *a = calloc(1, sizeof *a);
	if (!a) {
		fprintf(stderr, "tablero: out of memory\n");
		return NULL;
	}
	a->fd = -1;
	/* Through a symbolic link, the file it points to is the one
	 * rewritten (beside it, then renamed over it), not the link. */
	char *real = realpath(path, NULL);
	a->path = strdup(real ? real : path);
	free(real);
	if (!a->path) {
		fprintf(stderr, "tablero: out of memory\n");
		S_free(a);
		return NULL;
	}
	a->have_st = stat(a->path, &a->st) == 0;
	if (a->have_st && !S_ISREG(a->st.st_mode) && !S_ISDIR(a->st.st_mode)) {
		/* /dev/null, a terminal, a pipe: no file to keep whole, and
		 * renaming over it would put a file in the device's place */
		a->fd = open(a->path, O_WRONLY | O_TRUNC);
		if (a->fd < 0) {
			fprintf(stderr, "tablero: cannot write '%s': %s\n", a->path, strerror(errno));
			S_free(a);
			return NULL;
		}
		return a;
	}
	a->in_place = a->have_st && a->st.st_nlink > 1;
	size_t n = strlen(a->path) + 16;
	if (!(a->tmp = malloc(n))) {
		fprintf(stderr, "tablero: out of memory\n");
		S_free(a);
		return NULL;
	}
	snprintf(a->tmp, n, "%s.tbXXXXXX", a->path);
	a->fd = mkstemp(a->tmp);
	if (a->fd < 0) {
		fprintf(stderr, "tablero: cannot write beside '%s': %s\n", a->path, strerror(errno));
		free(a->tmp);
		a->tmp = NULL;
		S_free(a);
		return NULL;
	}
	if (S_set_mode(a) != 0) {
		fprintf(stderr, "tablero: cannot set the permissions of '%s': %s\n", a->tmp,
		        strerror(errno));
		cli_atomic_abort(a);
		return NULL;
	}
	return a;
}

/* 'len' bytes of the new content, each LF as CRLF, a buffer at a time. */
static int S_write_crlf(int fd, const char *s, size_t len)
{
	char buf[16384];
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		if (n + 2 > sizeof buf) {
			if (S_write_all(fd, buf, n))
				return -1;
			n = 0;
		}
		if (s[i] == '\n')
			buf[n++] = '\r';
		buf[n++] = s[i];
	}
	return S_write_all(fd, buf, n);
}

int cli_atomic_write(cli_atomic *a, const char *s, size_t len)
{
	int rc = 0;
	if (a->bom && a->written == 0 && len)
		rc = S_write_all(a->fd, "\xEF\xBB\xBF", 3);
	if (!rc)
		rc = a->crlf ? S_write_crlf(a->fd, s, len) : S_write_all(a->fd, s, len);
	if (rc) {
		fprintf(stderr, "tablero: cannot write '%s': %s\n", a->tmp ? a->tmp : a->path,
		        strerror(errno));
		return -1;
	}
	a->written += len;
	return 0;
}

size_t cli_atomic_written(const cli_atomic *a)
{
	return a->written;
}

/* The directory holding 'path' flushed to disk, so that a rename in it
 * survives a crash. Best effort: some file systems refuse it. */
static void S_sync_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
	if (!dir)
		return;
	int fd = open(dir, O_RDONLY);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
}

/* The new file takes the old one's owner and group; when it cannot (the
 * file is another user's), the new content is copied over the old file
 * instead, which keeps them. */
static void S_set_owner(cli_atomic *a)
{
	if (!a->have_st || a->in_place)
		return;
	struct stat now;
	if (fstat(a->fd, &now) != 0 || (now.st_uid == a->st.st_uid && now.st_gid == a->st.st_gid))
		return;
	if (fchown(a->fd, a->st.st_uid, a->st.st_gid) != 0)
		a->in_place = 1;
}

/* The complete new content (a->fd, on disk) copied over the file
 * itself: its inode, links, owner and permissions stay. */
static int S_copy_over(cli_atomic *a)
{
	int out = open(a->path, O_WRONLY);
	if (out < 0)
		return -2; /* the file untouched */
	char buf[65536];
	off_t at = 0;
	ssize_t n;
	int rc = 0;
	while (!rc && (n = pread(a->fd, buf, sizeof buf, at)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		rc = n < 0 ? -1 : S_write_all(out, buf, (size_t)n);
		at += n > 0 ? n : 0;
	}
	if (!rc)
		rc = ftruncate(out, at);
	if (!rc)
		rc = fsync(out);
	if (close(out) != 0)
		rc = -1;
	return rc;
}

/* The temporary file is complete and on disk: it replaces the file. */
static int S_replace(cli_atomic *a)
{
	if (!a->in_place) {
		if (close(a->fd) != 0 || rename(a->tmp, a->path) != 0) {
			a->fd = -1;
			fprintf(stderr, "tablero: cannot replace '%s': %s\n", a->path, strerror(errno));
			return -1;
		}
		a->fd = -1;
		S_sync_dir(a->path);
		return 0;
	}
	int copied = S_copy_over(a);
	if (copied == -2) {
		fprintf(stderr, "tablero: cannot write '%s': %s\n", a->path, strerror(errno));
		return -1;
	}
	if (copied != 0) {
		int e = errno;
		/* the file may now hold part of each: the new content stays */
		fprintf(stderr, "tablero: cannot write '%s' in place: %s; its new content is whole in "
		        "'%s'\n", a->path, strerror(e), a->tmp);
		close(a->fd);
		a->fd = -1;
		free(a->tmp);
		a->tmp = NULL; /* kept */
		return -1;
	}
	close(a->fd);
	a->fd = -1;
	unlink(a->tmp);
	S_sync_dir(a->path);
	return 0;
}

int cli_atomic_commit(cli_atomic *a)
{
	if (!a->tmp) { /* not a file: written in place */
		int rc = close(a->fd);
		if (rc != 0)
			fprintf(stderr, "tablero: cannot write '%s': %s\n", a->path, strerror(errno));
		S_free(a);
		return rc ? -1 : 0;
	}
	S_set_owner(a);
	if (fsync(a->fd) != 0) {
		fprintf(stderr, "tablero: cannot write '%s': %s\n", a->tmp, strerror(errno));
		cli_atomic_abort(a);
		return -1;
	}
	if (S_replace(a) != 0) {
		cli_atomic_abort(a);
		return -1;
	}
	S_free(a);
	return 0;
}

void cli_atomic_abort(cli_atomic *a)
{
	if (!a)
		return;
	if (a->fd >= 0)
		close(a->fd);
	if (a->tmp)
		unlink(a->tmp);
	S_free(a);
}

/* ===== Rewriting a file in place ===== */

/* The form of the file open as 'f', from its first bytes (read with
 * pread: the reader's position is not moved): a UTF-8 byte order mark,
 * and whether its first line ends in CRLF. */
static void S_form(FILE *f, cli_atomic *a)
{
	char buf[65536];
	ssize_t n = pread(fileno(f), buf, sizeof buf, 0);
	if (n <= 0)
		return;
	a->bom = n >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0;
	const char *nl = memchr(buf, '\n', (size_t)n);
	a->crlf = nl && nl > buf && nl[-1] == '\r';
}

int cli_rewrite(const char *cmd, const char *path, cli_rewrite_fn fn, void *ctx)
{
	FILE *f = cli_open(path);
	if (!f)
		return EXIT_TROUBLE;
	cli_atomic *a = cli_atomic_begin(path);
	if (!a) {
		cli_close(f);
		return EXIT_TROUBLE;
	}
	S_form(f, a);
	tb_reader *r = cli_reader_new_file(f, path);
	int keep = fn(ctx, r, a);
	/* Refused whatever fn says: a file whose reading found an error (but
	 * what fn vouches for, read back: 2), or holding no record (the new
	 * content would be empty). */
	if (keep == 2) {
		keep = 1;
	} else if (keep == 1 && tb_reader_nerrors(r) > 0) {
		cli_error(cmd, "'%s' left unchanged: it has errors", path);
		keep = 10 + EXIT_PROBLEMS;
	}
	if (keep == 1 && a->written == 0)
		keep = 0;
	tb_reader_free(r);
	cli_close(f);
	if (keep == 1)
		return cli_atomic_commit(a) ? EXIT_TROUBLE : EXIT_CLEAN;
	cli_atomic_abort(a);
	return keep ? keep - 10 : EXIT_CLEAN;
}
