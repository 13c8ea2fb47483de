/*
 * fault_shim.c -- the system calls by which tablero writes a file, made
 * to fail or to end the process (LD_PRELOAD; tests/rewrite.sh), as
 * jq's inject_errors.c does for its I/O.
 *
 * Every call of mkstemp, open, write, pwrite, ftruncate, fchmod, fchown,
 * fsync, close, rename and unlink that the program makes is one step,
 * counted from 1. With TB_FAULT_AT=N, step N does not happen: with
 * TB_FAULT_MODE=kill the process ends there (_exit(137), as a SIGKILL
 * would leave things), with TB_FAULT_MODE=fail the call returns -1 with
 * errno EIO (ENOSPC for the writes). TB_FAULT_LOG=FILE gets the number
 * of steps made when the process exits normally, so that a test knows
 * how many there are to try. The C library's own calls inside stdio do
 * not pass through here: only the program's.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static long S_at = -1, S_steps;
static int S_kill, S_ready;

static void S_log(void)
{
	const char *log = getenv("TB_FAULT_LOG");
	if (!log)
		return;
	FILE *f = fopen(log, "w");
	if (f) {
		fprintf(f, "%ld\n", S_steps);
		fclose(f);
	}
}

/* 1 when this step is the one to fail (after ending the process, when
 * that is the mode, it never returns). */
static int S_step(void)
{
	if (!S_ready) {
		S_ready = 1;
		const char *at = getenv("TB_FAULT_AT"), *mode = getenv("TB_FAULT_MODE");
		S_at = at ? atol(at) : -1;
		S_kill = mode && strcmp(mode, "kill") == 0;
		atexit(S_log);
	}
	if (++S_steps != S_at)
		return 0;
	if (S_kill)
		_exit(137);
	return 1;
}

#define NEXT(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))
#define FAIL(err, value) \
	do {                 \
		errno = (err);   \
		return (value);  \
	} while (0)

int mkstemp(char *tmpl)
{
	if (S_step())
		FAIL(EIO, -1);
	return NEXT(mkstemp)(tmpl);
}

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	if (flags & O_CREAT) {
		va_list ap;
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	if (S_step())
		FAIL(EIO, -1);
	return NEXT(open)(path, flags, mode);
}

ssize_t write(int fd, const void *buf, size_t n)
{
	if (S_step())
		FAIL(ENOSPC, -1);
	return NEXT(write)(fd, buf, n);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t at)
{
	if (S_step())
		FAIL(ENOSPC, -1);
	return NEXT(pwrite)(fd, buf, n, at);
}

int ftruncate(int fd, off_t len)
{
	if (S_step())
		FAIL(EIO, -1);
	return NEXT(ftruncate)(fd, len);
}

int fchmod(int fd, mode_t mode)
{
	if (S_step())
		FAIL(EIO, -1);
	return NEXT(fchmod)(fd, mode);
}

int fchown(int fd, uid_t uid, gid_t gid)
{
	if (S_step())
		FAIL(EIO, -1);
	return NEXT(fchown)(fd, uid, gid);
}

int fsync(int fd)
{
	if (S_step())
		FAIL(EIO, -1);
	return NEXT(fsync)(fd);
}

int close(int fd)
{
	if (S_step()) { /* as a close that reports a failed write-back */
		NEXT(close)(fd);
		FAIL(EIO, -1);
	}
	return NEXT(close)(fd);
}

int rename(const char *from, const char *to)
{
	if (S_step())
		FAIL(EIO, -1);
	return NEXT(rename)(from, to);
}

int unlink(const char *path)
{
	if (S_step())
		FAIL(EIO, -1);
	return NEXT(unlink)(path);
}
