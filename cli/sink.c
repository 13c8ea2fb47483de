/*
 * sink.c -- what a worker prints, into buffers kept from task to task
 * (jobs.c's batches, parts.c's parts): one cli_sinks, each worker's pair
 * of streams and the spare buffers, made, pointed and freed together.
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

typedef struct S_sink {
	FILE *f;          /* the stream (owned) */
	cli_buf *to;      /* where it writes now, or NULL */
} S_sink;

/* Spare buffers of one kind: a task's output buffers and its error
 * buffers are kept apart, so that an output buffer comes back as one,
 * at the size the output took before (taken from one pool, a task's
 * output often got a small error buffer and grew it again: in xml -j 2,
 * four in five of its page faults). */
typedef struct S_pool {
	cli_buf *v;                     /* owned */
	size_t n;                       /* held */
} S_pool;

struct cli_sinks {
	int n;                          /* workers */
	S_sink *out, *err;              /* by worker: its pair (owned) */
	S_pool spare_out, spare_err;    /* buffers for the next tasks */
	size_t most, keep;              /* at most held in each pool, largest kept */
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

void cli_buf_reserve(cli_buf *b, size_t extra)
{
	if (extra > b->cap - b->len)
		S_grow(b, b->len + extra);
}

static ssize_t S_write(void *cookie, const char *data, size_t n)
{
	S_sink *s = cookie;
	cli_buf *b = s->to;
	if (!b)
		return -1; /* nowhere to go: the stream's error (cli_sinks_point) */
	cli_buf_reserve(b, n);
	memcpy(b->data + b->len, data, n);
	b->len += n;
	return (ssize_t)n;
}

static void S_open(S_sink *s)
{
	cookie_io_functions_t io = {NULL, S_write, NULL, NULL};
	s->f = fopencookie(s, "w", io);
	if (!s->f)
		cli_oom();
	setvbuf(s->f, NULL, _IONBF, 0);
}

cli_sinks *cli_sinks_new(int n, size_t most, size_t keep)
{
	cli_sinks *s = calloc(1, sizeof *s);
	if (!s)
		cli_oom();
	s->n = n < 1 ? 1 : n;
	s->out = calloc((size_t)s->n, sizeof *s->out);
	s->err = calloc((size_t)s->n, sizeof *s->err);
	s->spare_out.v = calloc(most ? most : 1, sizeof *s->spare_out.v);
	s->spare_err.v = calloc(most ? most : 1, sizeof *s->spare_err.v);
	if (!s->out || !s->err || !s->spare_out.v || !s->spare_err.v)
		cli_oom();
	for (int k = 0; k < s->n; k++) {
		S_open(&s->out[k]);
		S_open(&s->err[k]);
	}
	s->most = most;
	s->keep = keep;
	return s;
}

void cli_sinks_point(cli_sinks *s, int worker, cli_buf *out, cli_buf *err)
{
	s->out[worker].to = out;
	s->err[worker].to = err;
	clearerr(s->out[worker].f);
	clearerr(s->err[worker].f);
}

FILE *cli_sinks_out(const cli_sinks *s, int worker) { return s->out[worker].f; }
FILE *cli_sinks_err(const cli_sinks *s, int worker) { return s->err[worker].f; }

int cli_sinks_release(cli_sinks *s, int worker)
{
	int failed = ferror(s->out[worker].f) || ferror(s->err[worker].f);
	s->out[worker].to = NULL;
	s->err[worker].to = NULL;
	return failed;
}

/* ===== The spare buffers ===== */

static cli_buf S_take(S_pool *p)
{
	return p->n ? p->v[--p->n] : (cli_buf){NULL, 0, 0};
}

static void S_put(const cli_sinks *s, S_pool *p, cli_buf *b)
{
	/* a buffer that grew past 'keep' for one large task goes back to
	 * the system: kept, every buffer would come to the largest size */
	if (p->n < s->most && b->cap <= s->keep) {
		b->len = 0;
		p->v[p->n++] = *b;
	} else {
		free(b->data);
	}
	*b = (cli_buf){NULL, 0, 0};
}

static void S_pool_free(S_pool *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->v[i].data);
	free(p->v);
}

void cli_sinks_take(cli_sinks *s, cli_buf *out, cli_buf *err)
{
	*out = S_take(&s->spare_out);
	*err = S_take(&s->spare_err);
}

void cli_sinks_put(cli_sinks *s, cli_buf *out, cli_buf *err)
{
	S_put(s, &s->spare_out, out);
	S_put(s, &s->spare_err, err);
}

void cli_sinks_free(cli_sinks *s)
{
	if (!s)
		return;
	for (int k = 0; k < s->n; k++) {
		fclose(s->out[k].f);
		fclose(s->err[k].f);
	}
	S_pool_free(&s->spare_out);
	S_pool_free(&s->spare_err);
	free(s->out);
	free(s->err);
	free(s);
}
