/*
 * sink.c -- what a worker prints, into buffers kept from task to task
 * (jobs.c's batches, parts.c's parts).
 *
 * A worker ran each task's records on two memory streams of their own
 * (open_memstream) before: each grew its buffer from nothing by
 * doubling, copying and zeroing it each time, on memory glibc took from
 * the system and gave back: in xml -j 2, a sixth of the CPU it spent
 * over -j 1 and two in five of its page faults. Here each worker keeps
 * two streams for its life (fopencookie), pointed at the task's buffers
 * while it runs it; the buffers come from
 * a pool of spare ones, which the caller's thread fills again once it
 * has written a task's output. So a buffer grows a few times in a run,
 * not twice a task, and the bytes are copied once, from the command's
 * call straight into it: the streams are unbuffered, so what is written
 * is in the buffer when the call returns, and a record's end is the
 * buffer's length after it, with no flush.
 *
 * fopencookie is a GNU extension that glibc and musl have.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { S_LEAST = 4096 };

struct cli_sink {
	FILE *f;          /* the stream (owned) */
	cli_buf *to;      /* where it writes now, or NULL */
};

/* Out of memory is cli_oom, as anywhere in the command: a short write
 * would leave a record's output half buffered. */
static void S_grow(cli_buf *b, size_t need)
{
	size_t cap = b->cap ? b->cap : S_LEAST;
	while (cap < need)
		cap *= 2;
	char *data = realloc(b->data, cap);
	if (!data)
		cli_oom();
	b->data = data;
	b->cap = cap;
}

static ssize_t S_write(void *cookie, const char *data, size_t n)
{
	cli_sink *s = cookie;
	cli_buf *b = s->to;
	if (!b)
		return -1; /* nowhere to go: the stream's error (cli_sink_point) */
	if (n > b->cap - b->len)
		S_grow(b, b->len + n);
	memcpy(b->data + b->len, data, n);
	b->len += n;
	return (ssize_t)n;
}

cli_sink *cli_sink_new(void)
{
	cli_sink *s = calloc(1, sizeof *s);
	if (!s)
		cli_oom();
	cookie_io_functions_t io = {NULL, S_write, NULL, NULL};
	s->f = fopencookie(s, "w", io);
	if (!s->f)
		cli_oom();
	setvbuf(s->f, NULL, _IONBF, 0);
	return s;
}

FILE *cli_sink_file(const cli_sink *s) { return s->f; }

void cli_sink_point(cli_sink *s, cli_buf *b)
{
	s->to = b;
	clearerr(s->f);
}

int cli_sink_failed(const cli_sink *s) { return ferror(s->f) != 0; }

void cli_sink_free(cli_sink *s)
{
	if (!s)
		return;
	fclose(s->f);
	free(s);
}

/* ===== The spare buffers ===== */

void cli_bufs_init(cli_bufs *p, size_t most, size_t keep)
{
	p->v = calloc(most ? most : 1, sizeof *p->v);
	if (!p->v)
		cli_oom();
	p->n = 0;
	p->most = most;
	p->keep = keep;
}

cli_buf cli_bufs_take(cli_bufs *p)
{
	return p->n ? p->v[--p->n] : (cli_buf){NULL, 0, 0};
}

void cli_bufs_put(cli_bufs *p, cli_buf *b)
{
	/* a buffer that grew past 'keep' for one large task goes back to
	 * the system: kept, every buffer would come to the largest size */
	if (p->n < p->most && b->cap <= p->keep) {
		b->len = 0;
		p->v[p->n++] = *b;
	} else {
		free(b->data);
	}
	*b = (cli_buf){NULL, 0, 0};
}

void cli_bufs_free(cli_bufs *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->v[i].data);
	free(p->v);
	p->v = NULL;
	p->n = 0;
}
