/*
 * queue.c -- the one ordered work queue of the command (cli.h): tasks
 * handed to threads, taken back finished in the order they were given.
 * jobs.c (a collection's records, in batches) and parts.c (a file's
 * parts) are built on it; each keeps its own kind of task in the
 * queue's slots and says what a worker does with one.
 *
 * The caller's thread alone fills a slot, pushes it, takes the oldest
 * back and pops it; the workers take the pushed slots in order, run
 * 'work' on each, and mark it finished. A slot's contents pass between
 * the threads through the lock: the caller's writes before the push,
 * the worker's before it marks the slot finished.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct S_worker {
	struct cli_queue *q;
	int index;
} S_worker;

struct cli_queue {
	cli_queue_fn work;
	void *ctx;
	int lazy;                /* wake a worker for several tasks at once */
	size_t cap, size;        /* slots, and the bytes of one */
	unsigned char *slots;
	unsigned char *done;     /* by slot: its task is finished */
	pthread_t *threads;
	S_worker *workers;
	int nthreads;
	pthread_mutex_t mu;
	pthread_cond_t work_cv, finished;
	size_t head;             /* the oldest task not popped (a count) */
	size_t next;             /* the next to hand to a worker */
	size_t tail;             /* the slot being filled, pushed next */
	int idle;                /* workers waiting for a task */
	int waiting;             /* the caller waits for the oldest task */
	int stop;
};

static void *S_at(const cli_queue *q, size_t k)
{
	return q->slots + (k % q->cap) * q->size;
}

static void *S_worker_main(void *arg)
{
	S_worker *w = arg;
	cli_queue *q = w->q;
	pthread_mutex_lock(&q->mu);
	for (;;) {
		while (q->next == q->tail && !q->stop) {
			q->idle++;
			pthread_cond_wait(&q->work_cv, &q->mu);
			q->idle--;
		}
		if (q->next == q->tail)
			break;
		size_t k = q->next++;
		pthread_mutex_unlock(&q->mu);
		q->work(q->ctx, w->index, S_at(q, k));
		pthread_mutex_lock(&q->mu);
		q->done[k % q->cap] = 1;
		if (q->waiting) /* no wake-up (a system call) when nobody waits */
			pthread_cond_signal(&q->finished);
	}
	pthread_mutex_unlock(&q->mu);
	return NULL;
}

cli_queue *cli_queue_new(int n, size_t cap, size_t slot_size, int lazy, cli_queue_fn work,
                         void *ctx)
{
	cli_queue *q = calloc(1, sizeof *q);
	if (!q)
		cli_oom();
	q->work = work;
	q->ctx = ctx;
	q->lazy = lazy;
	q->cap = cap;
	q->size = slot_size;
	q->slots = calloc(cap, slot_size);
	q->done = calloc(cap, 1);
	q->threads = calloc((size_t)n, sizeof *q->threads);
	q->workers = calloc((size_t)n, sizeof *q->workers);
	if (!q->slots || !q->done || !q->threads || !q->workers)
		cli_oom();
	pthread_mutex_init(&q->mu, NULL);
	pthread_cond_init(&q->work_cv, NULL);
	pthread_cond_init(&q->finished, NULL);
	for (int k = 0; k < n; k++) {
		q->workers[k] = (S_worker){q, k};
		if (pthread_create(&q->threads[k], NULL, S_worker_main, &q->workers[k]) != 0)
			break;
		q->nthreads++;
	}
	if (q->nthreads == 0) {
		cli_queue_free(q);
		return NULL;
	}
	return q;
}

int cli_queue_threads(const cli_queue *q) { return q->nthreads; }

size_t cli_queue_count(const cli_queue *q) { return q->tail - q->head; }

size_t cli_queue_cap(const cli_queue *q) { return q->cap; }

void *cli_queue_slot(cli_queue *q)
{
	return S_at(q, q->tail);
}

void cli_queue_push(cli_queue *q)
{
	pthread_mutex_lock(&q->mu);
	q->tail++;
	/* lazy: a worker is woken for a few tasks at once, or at once when
	 * none is working; the caller wakes them all before it waits */
	if (q->idle && (!q->lazy || q->tail - q->next >= (size_t)q->nthreads ||
	                q->idle == q->nthreads))
		pthread_cond_signal(&q->work_cv);
	pthread_mutex_unlock(&q->mu);
}

void *cli_queue_head(cli_queue *q, int wait)
{
	if (q->head == q->tail)
		return NULL;
	size_t k = q->head % q->cap;
	pthread_mutex_lock(&q->mu);
	while (!q->done[k]) {
		if (!wait) {
			pthread_mutex_unlock(&q->mu);
			return NULL;
		}
		if (q->idle && q->next != q->tail)
			pthread_cond_broadcast(&q->work_cv);
		q->waiting = 1;
		pthread_cond_wait(&q->finished, &q->mu);
		q->waiting = 0;
	}
	pthread_mutex_unlock(&q->mu);
	return S_at(q, q->head);
}

void cli_queue_pop(cli_queue *q)
{
	memset(S_at(q, q->head), 0, q->size);
	pthread_mutex_lock(&q->mu);
	q->done[q->head % q->cap] = 0;
	q->head++;
	pthread_mutex_unlock(&q->mu);
}

void cli_queue_free(cli_queue *q)
{
	if (!q)
		return;
	if (q->nthreads) {
		pthread_mutex_lock(&q->mu);
		q->stop = 1;
		pthread_cond_broadcast(&q->work_cv);
		pthread_mutex_unlock(&q->mu);
		for (int k = 0; k < q->nthreads; k++)
			pthread_join(q->threads[k], NULL);
	}
	pthread_cond_destroy(&q->finished);
	pthread_cond_destroy(&q->work_cv);
	pthread_mutex_destroy(&q->mu);
	free(q->slots);
	free(q->done);
	free(q->threads);
	free(q->workers);
	free(q);
}
