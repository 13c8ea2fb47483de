/*
 * jobs.c -- records spread over threads, their output in input order.
 *
 * One thread (the caller's) reads the records, in order, and hands each
 * to cli_jobs_add, which gathers them into batches; workers run the
 * command's function on each record of a batch, writing its standard
 * output and standard error into buffers of the batch (through the
 * worker's sinks, sink.c: buffers kept from batch to batch), where each
 * record's end is noted; the caller's thread writes those
 * buffers, record after record -- its output, then its errors -- in the
 * order the records came, and calls the command's 'done' function after
 * each, which frees the record and adds up what it found. So the output
 * is byte for byte what one thread writes, and the memory is bounded:
 * at most S_PER_WORKER batches per worker are in flight (read, being
 * worked on, or waiting to be written), a batch holding at most
 * S_BATCH records, and no more once it holds S_BATCH_BYTES of source
 * or, at the rate of output per record of the last batch written,
 * S_BATCH_OUTPUT of output (a record of a hundred diagnostics prints
 * fifty times its size); the first batches hold one record, the next
 * twice as many as the last, while the output allows.
 *
 * The batches are the tasks of the ordered work queue (queue.c), which
 * parts.c shares.
 *
 * Batches, because most records take a few microseconds: handing them
 * over one by one (a lock, a wake-up, two buffers each) cost more than
 * the work, and -j 2 ran slower than -j 1.
 *
 * With one job there are no threads at all: cli_jobs_add runs the
 * function on stdout and stderr at once, and then 'done' -- the way
 * the commands ran before there were jobs.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "options.h"

enum {
	S_PER_WORKER = 4, S_MAX_JOBS = 256, S_DEFAULT_CAP = 8,
	S_BATCH = 256, S_BATCH_BYTES = 64 * 1024, S_BATCH_OUTPUT = 64 * 1024,
	S_KEEP = 1024 * 1024 /* the largest output buffer kept for the next batches */
};

typedef struct S_slot {           /* a batch: a task of the queue (queue.c) */
	void *item[S_BATCH];
	int result[S_BATCH];
	size_t out_end[S_BATCH], err_end[S_BATCH]; /* where each record's output ends */
	size_t n, bytes;                /* records, and their source bytes */
	int failed;                     /* a write to a buffer failed */
	cli_buf out, err;               /* what they wrote (from and back to 'spare') */
} S_slot;

/* All the caller's thread's, but what the workers read: run and ctx. */
struct cli_jobs {
	int n;
	cli_job_fn run;
	cli_job_done_fn done;
	void *ctx;
	cli_queue *q;    /* the batches in flight; NULL with one job */
	cli_sinks *sinks; /* the workers' streams and the spare buffers (sink.c) */
	int skipping;    /* records are dropped unwritten until cli_jobs_wait */
	int failed;      /* a write to a buffer failed */
	int unwritten;   /* the caller could not write one */
	int gathering;   /* the slot at the queue's tail holds a batch being gathered */
	size_t most;     /* records a batch may gather */
};

int cli_jobs_default(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		return 1;
	return n > S_DEFAULT_CAP ? S_DEFAULT_CAP : (int)n;
}

int cli_opt_jobs(void *opts, const cli_optarg *a)
{
	(void)opts;
	const char *v = a->value ? a->value : "";
	char *end;
	errno = 0;
	long n = *v >= '0' && *v <= '9' ? strtol(v, &end, 10) : -1;
	if (n < 0 || *end || errno || n > S_MAX_JOBS) {
		/* fill reads its records one at a time: its -j is a search's */
		cli_error(a->cmd, "-j takes the number of %s, from 1 to %d (0: one per core, at most %d)",
		          strcmp(a->cmd, "fill") ? "records read at once" : "threads a search runs in",
		          S_MAX_JOBS, S_DEFAULT_CAP);
		return -1;
	}
	*(int *)a->field = n ? (int)n : cli_jobs_default();
	return 0;
}

/* A worker's share: the records of a batch, their output into its
 * buffers. */
static void S_run_batch(void *ctx, int worker, void *slot)
{
	cli_jobs *j = ctx;
	S_slot *s = slot;
	cli_sinks_point(j->sinks, worker, &s->out, &s->err);
	FILE *out = cli_sinks_out(j->sinks, worker), *err = cli_sinks_err(j->sinks, worker);
	for (size_t i = 0; i < s->n; i++) {
		s->result[i] = j->run(j->ctx, worker, s->item[i], out, err);
		s->out_end[i] = s->out.len; /* unbuffered: all of it is there */
		s->err_end[i] = s->err.len;
	}
	s->failed = cli_sinks_release(j->sinks, worker);
}

cli_jobs *cli_jobs_new(int n, cli_job_fn run, cli_job_done_fn done, void *ctx)
{
	cli_jobs *j = calloc(1, sizeof *j);
	if (!j)
		cli_oom();
	j->n = n < 1 ? 1 : n;
	j->run = run;
	j->done = done;
	j->ctx = ctx;
	if (j->n == 1)
		return j;
	j->most = 1; /* grown batch by batch (S_write), as the output allows */
	size_t cap = (size_t)j->n * S_PER_WORKER;
	j->sinks = cli_sinks_new(j->n, cap, S_KEEP);
	j->q = cli_queue_new(j->n, cap, sizeof(S_slot), 1, S_run_batch, j);
	if (!j->q) /* no thread could be made: run them here */
		j->n = 1;
	return j;
}

int cli_jobs_count(const cli_jobs *j) { return j->n; }

/* Writes the finished batches at the head, in order, until at most
 * 'keep' are in flight (waiting for the head to finish when more are). */
static void S_write(cli_jobs *j, size_t keep)
{
	S_slot *s;
	while ((s = cli_queue_head(j->q, cli_queue_count(j->q) > keep)) != NULL) {
		/* record by record, as one thread would have written them: its
		 * standard output, then its errors; 'skipping' is set by a
		 * 'done', cleared by cli_jobs_wait */
		size_t out_from = 0, err_from = 0;
		for (size_t i = 0; i < s->n; i++) {
			size_t nout = s->out_end[i] - out_from, nerr = s->err_end[i] - err_from;
			if (!j->skipping && nout &&
			    fwrite(s->out.data + out_from, 1, nout, stdout) != nout)
				j->unwritten = 1;
			if (!j->skipping && nerr) {
				fflush(stdout);
				fwrite(s->err.data + err_from, 1, nerr, stderr);
			}
			out_from = s->out_end[i];
			err_from = s->err_end[i];
			if (j->done)
				j->done(j->ctx, s->item[i], s->result[i]);
		}
		/* the next batches: twice as many records, at most as many as
		 * print S_BATCH_OUTPUT at this batch's rate */
		size_t per = (s->out.len + s->err.len) / (s->n ? s->n : 1), most = 2 * j->most;
		if (per && S_BATCH_OUTPUT / per < most)
			most = S_BATCH_OUTPUT / per;
		j->most = most < 1 ? 1 : most > S_BATCH ? S_BATCH : most;
		j->failed |= s->failed;
		cli_sinks_put(j->sinks, &s->out, &s->err);
		cli_queue_pop(j->q);
	}
}

/* Hands the batch being gathered, if any, to the workers. */
static void S_hand_over(cli_jobs *j)
{
	if (!j->gathering)
		return;
	j->gathering = 0;
	cli_queue_push(j->q);
}

void cli_jobs_add(cli_jobs *j, void *item, size_t bytes)
{
	if (j->n == 1) {
		int result = j->run(j->ctx, 0, item, stdout, stderr);
		if (j->done)
			j->done(j->ctx, item, result);
		return;
	}
	if (!j->gathering) { /* a new batch: its slot must be free */
		S_write(j, cli_queue_cap(j->q) - 1);
		j->gathering = 1;
		S_slot *s = cli_queue_slot(j->q);
		cli_sinks_take(j->sinks, &s->out, &s->err);
	}
	S_slot *s = cli_queue_slot(j->q);
	s->item[s->n++] = item;
	s->bytes += bytes;
	if (s->n >= j->most || s->bytes >= S_BATCH_BYTES)
		S_hand_over(j);
}

void cli_jobs_skip(cli_jobs *j)
{
	if (j->n > 1) /* with one, nothing is in flight */
		j->skipping = 1;
}

void cli_jobs_wait(cli_jobs *j)
{
	if (j->n == 1)
		return;
	S_hand_over(j);
	S_write(j, 0);
	j->skipping = 0;
}

int cli_jobs_free(cli_jobs *j)
{
	if (!j)
		return 0;
	int failed = 0;
	if (j->n > 1) {
		S_hand_over(j);
		S_write(j, 0);
		cli_queue_free(j->q);
		failed = j->failed || j->unwritten;
	}
	cli_sinks_free(j->sinks);
	free(j);
	return failed ? -1 : 0;
}
