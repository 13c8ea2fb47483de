/*
 * jobs.c -- records spread over threads, their output in input order.
 *
 * One thread (the caller's) reads the records, in order, and hands each
 * to cli_jobs_add; workers run the command's function on them, each
 * writing the record's standard output and standard error into buffers
 * of its own (open_memstream); the caller's thread writes those
 * buffers, record after record, in the order the records came, and
 * then calls the command's 'done' function, which frees the record and
 * adds up what it found. So the output is byte for byte what one
 * thread writes, and the memory is bounded: at most S_PER_WORKER
 * records per worker are in flight (read, being worked on, or waiting
 * to be written).
 *
 * With one job there are no threads at all: cli_jobs_add runs the
 * function on stdout and stderr at once, and then 'done' -- the way
 * the commands ran before there were jobs.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

enum { S_PER_WORKER = 4, S_MAX_JOBS = 256, S_DEFAULT_CAP = 8 };

typedef struct S_worker {
	struct cli_jobs *j;
	int index;
} S_worker;

typedef struct S_slot {
	void *item;
	int done;        /* the worker has finished it */
	int result;
	char *out, *err; /* what it wrote (malloc'd by open_memstream) */
	size_t nout, nerr;
} S_slot;

struct cli_jobs {
	int n;
	cli_job_fn run;
	cli_job_done_fn done;
	void *ctx;
	pthread_t *threads;
	S_worker *workers;
	int nthreads;
	pthread_mutex_t mu;
	pthread_cond_t work, finished;
	S_slot *slot;
	size_t cap;
	size_t head;     /* the oldest record not yet written (a count) */
	size_t next;     /* the next to hand to a worker */
	size_t tail;     /* the next to be added */
	int idle;        /* workers waiting for a record */
	int waiting;     /* the caller waits for the oldest record */
	int skipping;    /* records are dropped unwritten until cli_jobs_wait */
	int stop;
	int failed;      /* a worker could not make a buffer */
	int unwritten;   /* the caller could not write one (its own: no lock) */
};

int cli_jobs_default(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		return 1;
	return n > S_DEFAULT_CAP ? S_DEFAULT_CAP : (int)n;
}

int cli_jobs_arg(const char *cmd, int argc, char **argv, int *i, int *jobs)
{
	const char *a = argv[*i], *v;
	if (strcmp(a, "-j") == 0 || strcmp(a, "--jobs") == 0) {
		if (*i + 1 >= argc) {
			v = "";
		} else {
			v = argv[++*i];
		}
	} else if (strncmp(a, "-j", 2) == 0 && a[2] >= '0' && a[2] <= '9') {
		v = a + 2;
	} else if (strncmp(a, "--jobs=", 7) == 0) {
		v = a + 7;
	} else {
		return 0;
	}
	char *end;
	errno = 0;
	long n = *v >= '0' && *v <= '9' ? strtol(v, &end, 10) : -1;
	if (n < 0 || *end || errno || n > S_MAX_JOBS) {
		cli_error(cmd, "-j takes the number of records read at once, from 1 to %d "
		               "(0: one per core, at most %d)", S_MAX_JOBS, S_DEFAULT_CAP);
		return -1;
	}
	*jobs = n ? (int)n : cli_jobs_default();
	return 1;
}

static void *S_worker_main(void *arg)
{
	S_worker *w = arg;
	cli_jobs *j = w->j;
	pthread_mutex_lock(&j->mu);
	for (;;) {
		while (j->next == j->tail && !j->stop) {
			j->idle++;
			pthread_cond_wait(&j->work, &j->mu);
			j->idle--;
		}
		if (j->next == j->tail)
			break;
		S_slot *s = &j->slot[j->next++ % j->cap];
		pthread_mutex_unlock(&j->mu);
		FILE *out = open_memstream(&s->out, &s->nout);
		FILE *err = out ? open_memstream(&s->err, &s->nerr) : NULL;
		int result = 0, failed = 0;
		if (out && err)
			result = j->run(j->ctx, w->index, s->item, out, err);
		else
			failed = 1;
		if ((out && fclose(out) != 0) || (err && fclose(err) != 0))
			failed = 1;
		pthread_mutex_lock(&j->mu);
		s->result = result;
		s->done = 1;
		j->failed |= failed;
		if (j->waiting) /* no wake-up (a system call) when nobody waits */
			pthread_cond_signal(&j->finished);
	}
	pthread_mutex_unlock(&j->mu);
	return NULL;
}

cli_jobs *cli_jobs_new(int n, cli_job_fn run, cli_job_done_fn done, void *ctx)
{
	cli_jobs *j = calloc(1, sizeof *j);
	if (!j)
		abort();
	j->n = n < 1 ? 1 : n;
	j->run = run;
	j->done = done;
	j->ctx = ctx;
	if (j->n == 1)
		return j;
	j->cap = (size_t)j->n * S_PER_WORKER;
	j->slot = calloc(j->cap, sizeof *j->slot);
	j->threads = calloc((size_t)j->n, sizeof *j->threads);
	j->workers = calloc((size_t)j->n, sizeof *j->workers);
	if (!j->slot || !j->threads || !j->workers)
		abort();
	pthread_mutex_init(&j->mu, NULL);
	pthread_cond_init(&j->work, NULL);
	pthread_cond_init(&j->finished, NULL);
	for (int k = 0; k < j->n; k++) {
		j->workers[k] = (S_worker){j, k};
		if (pthread_create(&j->threads[k], NULL, S_worker_main, &j->workers[k]) != 0)
			break;
		j->nthreads++;
	}
	if (j->nthreads == 0) { /* no thread could be made: run them here */
		pthread_cond_destroy(&j->finished);
		pthread_cond_destroy(&j->work);
		pthread_mutex_destroy(&j->mu);
		free(j->slot);
		free(j->threads);
		free(j->workers);
		j->slot = NULL;
		j->threads = NULL;
		j->workers = NULL;
		j->n = 1;
	}
	return j;
}

int cli_jobs_count(const cli_jobs *j) { return j->n; }

/* Writes the finished records at the head, in order, until at most
 * 'keep' are in flight (waiting for the head to finish when more are). */
static void S_write(cli_jobs *j, size_t keep)
{
	pthread_mutex_lock(&j->mu);
	while (j->head != j->tail) {
		S_slot *s = &j->slot[j->head % j->cap];
		if (!s->done) {
			if (j->tail - j->head <= keep)
				break;
			if (j->idle && j->next != j->tail)
				pthread_cond_broadcast(&j->work);
			j->waiting = 1;
			pthread_cond_wait(&j->finished, &j->mu);
			j->waiting = 0;
			continue;
		}
		int drop = j->skipping;
		pthread_mutex_unlock(&j->mu);
		if (drop)
			s->nout = s->nerr = 0;
		if (s->nout && fwrite(s->out, 1, s->nout, stdout) != s->nout)
			j->unwritten = 1;
		if (s->nerr) {
			fflush(stdout); /* as one thread would have: its standard output first */
			fwrite(s->err, 1, s->nerr, stderr);
		}
		free(s->out);
		free(s->err);
		void *item = s->item;
		int result = s->result;
		memset(s, 0, sizeof *s);
		if (j->done)
			j->done(j->ctx, item, result);
		pthread_mutex_lock(&j->mu);
		j->head++;
	}
	pthread_mutex_unlock(&j->mu);
}

void cli_jobs_add(cli_jobs *j, void *item)
{
	if (j->n == 1) {
		int result = j->run(j->ctx, 0, item, stdout, stderr);
		if (j->done)
			j->done(j->ctx, item, result);
		return;
	}
	S_write(j, j->cap - 1);
	pthread_mutex_lock(&j->mu);
	S_slot *s = &j->slot[j->tail % j->cap];
	s->item = item;
	s->done = 0;
	j->tail++;
	/* a worker is woken (a system call) for a few records at once, or
	 * at once when none is working; the caller wakes them all before it
	 * waits (S_write) */
	if (j->idle && (j->tail - j->next >= (size_t)j->n || j->idle == j->nthreads))
		pthread_cond_signal(&j->work);
	pthread_mutex_unlock(&j->mu);
}

void cli_jobs_skip(cli_jobs *j)
{
	if (j->n == 1)
		return; /* nothing is in flight */
	pthread_mutex_lock(&j->mu);
	j->skipping = 1;
	pthread_mutex_unlock(&j->mu);
}

void cli_jobs_wait(cli_jobs *j)
{
	if (j->n == 1)
		return;
	S_write(j, 0);
	pthread_mutex_lock(&j->mu);
	j->skipping = 0;
	pthread_mutex_unlock(&j->mu);
}

int cli_jobs_free(cli_jobs *j)
{
	if (!j)
		return 0;
	int failed = 0;
	if (j->n > 1) {
		S_write(j, 0);
		pthread_mutex_lock(&j->mu);
		j->stop = 1;
		pthread_cond_broadcast(&j->work);
		pthread_mutex_unlock(&j->mu);
		for (int k = 0; k < j->nthreads; k++)
			pthread_join(j->threads[k], NULL);
		pthread_cond_destroy(&j->finished);
		pthread_cond_destroy(&j->work);
		pthread_mutex_destroy(&j->mu);
		failed = j->failed || j->unwritten;
	}
	free(j->slot);
	free(j->threads);
	free(j->workers);
	free(j);
	return failed ? -1 : 0;
}
