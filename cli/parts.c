/*
 * parts.c -- one file read by several threads at once.
 *
 * jobs.c hands records to threads, but one thread reads them all, and
 * reading is most of the work of parse and validate (and, read by one
 * thread and handed over, a record costs its worker more: its nodes are
 * cold in its cache, its memory freed across threads). What a command
 * makes of a record besides text (diff --duplicates: its key) comes back
 * to the caller's thread with the record's output (run's out-parameter
 * o->item, kept in the record's S_rec), to spec->keep, in order. Here
 * the caller's thread only cuts the file into parts, of S_PART bytes or so, each
 * just before a '[' that starts a line after a line that does not
 * start with '[' (most often a record's first tag: the tag lines of
 * one record are not cut apart); a worker reads a part with a reader of
 * its own (tb_reader_set_origin: the file's line numbers and offsets),
 * runs the command's function on each record, and writes what it
 * prints to buffers, noting where each record's output ends; the
 * caller's thread writes them in order, record after record -- its
 * output, then its errors -- as jobs.c does.
 *
 * Why the output is byte for byte what one reader writes. A reader
 * that starts at a record's first token, at the start of a line, reads
 * the same records from there as a reader that came to it from the
 * file's start: the reader keeps nothing from one record to the next
 * that the record's own reading uses. So a part's records are right
 * when the cut before it is right: when the reader of the part before
 * it ended clean (tb_reader_ended_clean), that is, when reading on past
 * the cut would have given the same records and then started a record
 * at the cut. When a part does not end clean (a comment left open
 * across the cut, a record with no moves whose tags go on, a record
 * refused), nothing of it is written, the parts after it are dropped,
 * and the caller's thread reads the file on from that part's start
 * with one reader, as -j 1 does, until a record starts a line past the
 * part's end; it cuts parts from there again. After a run of such
 * parts, the span read with one reader doubles each time, so that a
 * file whose records never end clean costs little more than -j 1.
 *
 * Memory is bounded as jobs.c bounds it: S_PER_WORKER parts per worker
 * in flight, the first parts small (S_PART_MIN), each next one twice as
 * large up to S_PART bytes while, at the rate of output per byte of the
 * last part written, it prints at most S_PART_OUTPUT. A part that prints
 * more than four parts' worth all the same (the rate changed) stops, and
 * is read as a part that did not end clean is. A record with no place to
 * cut in S_PART_MOST bytes is read by the caller's thread, as -j 1 reads
 * it, its output written as it comes ('here': cli.h), not buffered whole.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __GLIBC__ /* (known once a C library header is in) */
#include <malloc.h>
#endif
#ifdef __SSE2__ /* every x86-64 */
#include <emmintrin.h>
#endif

#include "cli.h"

enum {
	S_PER_WORKER = 4,
	S_PART = 256 * 1024, S_PART_MIN = 4 * 1024, S_PART_OUTPUT = 256 * 1024,
	S_PART_MOST = 1024 * 1024, /* of source in a part, but for a large part size */
	S_PART_OUT_LEAST = 64 * 1024, /* the least output a part may buffer */
	S_TRIM_EVERY = 64 * 1024 * 1024 /* bytes of output between S_trim's */
};

typedef struct S_rec {          /* what a record (or the end: eof) left */
	int result, eof;
	void *item;                     /* what run handed back (o->item), for spec->keep, or NULL */
	size_t out_end, err_end;        /* where its output ends in the part's */
	size_t nerrors, nwarnings;      /* the reader's counts it added */
} S_rec;

typedef struct S_part {
	char *data;                     /* its bytes (owned) */
	size_t len, off;                /* and where they start in the file */
	unsigned line;                  /* the line they start on */
	int last;                       /* they reach the file's end */
	unsigned gen;                   /* the reading it belongs to (S_drop) */
	int clean, failed;
	int over;                       /* it printed more than S_out_most: stopped */
	cli_buf out, err;               /* what its records wrote (from and back to 'spare') */
	S_rec *rec;
	size_t nrec, cap;
} S_part;

struct S_parts {
	int n;
	FILE *f;
	int fd;
	const char *name;
	const cli_parts_spec *spec;
	cli_part_sum *sum;
	cli_queue *q;                   /* the parts in flight, in order (queue.c) */
	cli_sinks *sinks;               /* the workers' streams and the spare buffers (sink.c) */
	atomic_uint gen;                /* parts of an older reading are dropped */
	/* the caller's thread's own: */
	char *pend;                     /* read but not yet in a part */
	size_t npend, pend_cap;
	size_t rd;                      /* the file's offset after 'pend' */
	unsigned line;                  /* the line 'pend' starts on */
	int eof, done;
	size_t target;                  /* the next part's size */
	size_t alone;                   /* bytes read with one reader after an unclean part */
	unsigned resyncs;               /* times parts were cut again after S_alone */
	size_t untrimmed;               /* output buffered since the last S_trim */
	size_t part;                    /* S_PART, or TABLERO_PART_SIZE (tests) */
};
typedef struct S_parts S_parts;

/* ===== Cutting ===== */

/* Counts the bytes equal to 'c' in 'n' at 'p', eight at a time (a
 * file's lines are counted here once more than the readers count them:
 * this is the caller's thread's share of the work). */
static size_t S_count(const char *p, size_t n, unsigned char c)
{
	const uint64_t ones = 0x0101010101010101u, low = 0x7f7f7f7f7f7f7f7fu;
	size_t k = 0, i = 0;
#ifdef __SSE2__ /* sixteen bytes at a time, counts summed every 255 */
	const __m128i want = _mm_set1_epi8((char)c), zero = _mm_setzero_si128();
	while (i + 16 <= n) {
		__m128i sum = zero; /* 16 counts of at most 255 */
		for (int r = 0; r < 255 && i + 16 <= n; r++, i += 16) {
			__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
			sum = _mm_sub_epi8(sum, _mm_cmpeq_epi8(x, want)); /* a match is -1 */
		}
		__m128i t = _mm_sad_epu8(sum, zero); /* two sums of eight */
		k += (size_t)_mm_cvtsi128_si32(t) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(t, 8));
	}
#endif
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, p + i, 8);
		w ^= ones * c;                      /* a byte equal to c is now 0 */
		uint64_t t = ((w & low) + low) | w | low; /* its high bit clear iff it is 0 */
		k += (size_t)((((~t) >> 7) & ones) * ones >> 56);
	}
	for (; i < n; i++)
		k += (unsigned char)p[i] == c;
	return k;
}

/* The lines 'n' bytes at 'p' end, counted as the lexer counts them: a
 * line feed, a carriage return and line feed, or a carriage return. */
static unsigned S_lines(const char *p, size_t n)
{
	size_t k = S_count(p, n, '\n');
	for (const char *q = p, *e = p + n; (q = memchr(q, '\r', (size_t)(e - q))) != NULL; q++)
		k += q + 1 == e || q[1] != '\n';
	return (unsigned)k;
}

/* The last byte equal to 'c' in the 'n' bytes at 'p', or NULL. */
static const char *S_last(const char *p, size_t n, char c)
{
	while (n > 0)
		if (p[--n] == c)
			return p + n;
	return NULL;
}

/* The last place in 'n' bytes at 'p' (after the first) where a part may
 * start: a '[' first on its line, after a line that does not start with
 * '['. 0 when there is none. */
static size_t S_cut(const char *p, size_t n)
{
	for (size_t j = n ? n - 1 : 0; j > 0;) {
		const char *nl = S_last(p, j, '\n');
		if (!nl)
			return 0;
		j = (size_t)(nl - p); /* p[j] is a line feed, and j + 1 < n */
		if (p[j + 1] != '[')
			continue;
		const char *before = S_last(p, j, '\n');
		size_t ls = before ? (size_t)(before - p) + 1 : 0;
		if (p[ls] != '[')
			return j + 1;
	}
	return 0;
}

/* Reads more of the file onto 'pend', up to 'want' bytes in all.
 * Returns -1 on a read error (the reader that reads on with one thread
 * then says it, as -j 1 does). */
static int S_fill(S_parts *ps, size_t want)
{
	if (want > ps->pend_cap) {
		ps->pend_cap = want;
		ps->pend = realloc(ps->pend, ps->pend_cap + 1);
		if (!ps->pend)
			cli_oom();
	}
	while (ps->npend < want && !ps->eof) {
		ssize_t got = pread(ps->fd, ps->pend + ps->npend, want - ps->npend, (off_t)ps->rd);
		if (got < 0)
			return -1;
		if (got == 0)
			ps->eof = 1;
		ps->npend += (size_t)got;
		ps->rd += (size_t)got;
	}
	return 0;
}

/* The most bytes a part may hold: a record larger than that is read
 * by the caller's thread, as -j 1 reads it, its output written as it
 * comes rather than buffered whole. */
static size_t S_most(const S_parts *ps)
{
	return 4 * ps->part > S_PART_MOST ? 4 * ps->part : S_PART_MOST;
}

/* The most output a part may buffer: four parts' worth (a small part
 * size, set for tests, makes parts stop often). */
static size_t S_out_most(const S_parts *ps)
{
	return 4 * ps->part > S_PART_OUT_LEAST ? 4 * ps->part : S_PART_OUT_LEAST;
}

/* Cuts the next part into 's' from what is read. Returns 1 when it
 * did, 0 at the end of the file, -1 when the part cannot be cut (a read
 * error, or no place to cut in S_most bytes): the file is then read on
 * from 'pend' with one reader. */
static int S_next_part(S_parts *ps, S_part *s)
{
	size_t want = ps->target, cut = 0;
	for (;;) {
		if (S_fill(ps, want) < 0)
			return -1;
		if (ps->eof) {
			if (ps->npend == 0)
				return 0;
			cut = ps->npend;
			break;
		}
		/* the file's first part holds what a reader looks at first
		 * (TB_SNIFF_BYTES): its reader then tells a binary or UTF-16
		 * file as one reading the whole file does */
		size_t least = ps->rd == ps->npend ? TB_SNIFF_BYTES : 1;
		if ((cut = S_cut(ps->pend, ps->npend)) >= least)
			break;
		if (want >= S_most(ps))
			return -1;
		want *= 2;
	}
	if (cut > S_most(ps))
		return -1;
	memset(s, 0, sizeof *s);
	cli_sinks_take(ps->sinks, &s->out, &s->err);
	s->off = ps->rd - ps->npend;
	s->line = ps->line;
	s->last = cut == ps->npend && ps->eof;
	s->gen = atomic_load_explicit(&ps->gen, memory_order_relaxed);
	/* the part keeps the buffer; what is after the cut is carried over */
	size_t rest = ps->npend - cut, cap = rest > ps->target ? rest : ps->target;
	char *carry = malloc(cap + 1);
	if (!carry)
		cli_oom();
	memcpy(carry, ps->pend + cut, rest);
	s->data = ps->pend;
	s->len = cut;
	ps->pend = carry;
	ps->pend_cap = cap;
	ps->npend = rest;
	ps->line += S_lines(s->data, cut);
	return 1;
}

/* ===== Reading a part (a worker) ===== */

static void S_note(S_part *s, int result, void *item, int eof, tb_reader *r, size_t *e0,
                   size_t *w0)
{
	if (s->nrec == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->rec = realloc(s->rec, s->cap * sizeof *s->rec);
		if (!s->rec)
			cli_oom();
	}
	size_t e = tb_reader_nerrors(r), w = tb_reader_nwarnings(r);
	/* the sinks are unbuffered: all a record wrote is there */
	s->rec[s->nrec++] = (S_rec){result, eof, item, s->out.len, s->err.len, e - *e0, w - *w0};
	*e0 = e;
	*w0 = w;
}

static void S_read_part(S_parts *ps, int worker, S_part *s)
{
	cli_sinks_point(ps->sinks, worker, &s->out, &s->err);
	cli_part_out o = {cli_sinks_out(ps->sinks, worker), cli_sinks_err(ps->sinks, worker),
	                  &s->out, NULL};
	tb_reader *r = cli_reader_new_mem(s->data, s->len, ps->name);
	tb_reader_set_check_only(r, ps->spec->check_only);
	if (s->off) /* the file's start keeps its byte order mark */
		tb_reader_set_origin(r, s->line, s->off);
	if (ps->spec->search)
		tb_reader_set_search(r, ps->spec->search);
	size_t e0 = 0, w0 = 0;
	int got = 0;
	for (;;) {
		if (atomic_load_explicit(&ps->gen, memory_order_relaxed) != s->gen)
			break; /* dropped (S_drop): nobody will read what it writes */
		tb_record *rec;
		got = cli_reader_next(r, &rec);
		if (got != 1 && !s->last)
			break; /* clean or not: the end of a part is no end of the file */
		const cli_parts_spec *sp = ps->spec;
		o.item = NULL;
		int result = sp->run(sp->ctx, worker, r, got == 1 ? rec : NULL, &o);
		tb_record_free(got == 1 ? rec : NULL);
		S_note(s, result, o.item, got != 1, r, &e0, &w0);
		if (got != 1)
			break;
		if (s->out.len + s->err.len > S_out_most(ps)) { /* memory: read alone (S_write_head) */
			s->over = 1;
			break;
		}
	}
	/* a file refused at its start (TB_ENOTTEXT) is read alone, as -j 1
	 * reads it: its status is that of a file that cannot be read */
	s->clean = !s->over && got >= 0 && (s->last || tb_reader_ended_clean(r));
	tb_reader_free(r);
	s->failed = cli_sinks_release(ps->sinks, worker);
}

/* A worker's share (queue.c): a part read. */
static void S_work(void *ctx, int worker, void *slot)
{
	S_read_part(ctx, worker, slot);
}

/* ===== Writing, in order ===== */

/* 'written': its records' items went to spec->keep (S_write_part);
 * else they go now, as not written. */
static void S_free_part(S_parts *ps, S_part *s, int written)
{
	for (size_t i = 0; !written && i < s->nrec; i++)
		if (s->rec[i].item)
			ps->spec->keep(ps->spec->ctx, s->rec[i].item, 0);
	free(s->data);
	cli_sinks_put(ps->sinks, &s->out, &s->err);
	free(s->rec);
	memset(s, 0, sizeof *s);
}

/* Sets the next parts' size: 't' within S_PART_MIN and the part size. */
static void S_target(S_parts *ps, size_t t)
{
	size_t least = ps->part < S_PART_MIN ? ps->part : S_PART_MIN;
	ps->target = t < least ? least : t > ps->part ? ps->part : t;
}

/* Waits for the part at the head to be read. */
static S_part *S_wait_head(S_parts *ps)
{
	return cli_queue_head(ps->q, 1);
}

static void S_write_part(S_parts *ps, S_part *s)
{
	size_t out_from = 0, err_from = 0;
	for (size_t i = 0; i < s->nrec; i++) {
		const S_rec *e = &s->rec[i];
		size_t nout = e->out_end - out_from, nerr = e->err_end - err_from;
		if (!ps->spec->done && nout && fwrite(s->out.data + out_from, 1, nout, stdout) != nout)
			ps->sum->failed = 1;
		if (nerr) {
			fflush(stdout);
			fwrite(s->err.data + err_from, 1, nerr, stderr);
		}
		if (ps->spec->done && !e->eof) /* the record after it is in the same buffer */
			ps->spec->done(ps->spec->ctx, e->result, s->out.data + out_from, nout,
			               i + 1 < s->nrec && !s->rec[i + 1].eof);
		if (e->item)
			ps->spec->keep(ps->spec->ctx, e->item, 1);
		out_from = e->out_end;
		err_from = e->err_end;
		ps->sum->records += !e->eof;
		ps->sum->results += (size_t)e->result;
		if (e->eof)
			ps->sum->end_result = e->result;
		ps->sum->nerrors += e->nerrors;
		ps->sum->nwarnings += e->nwarnings;
	}
	ps->sum->failed |= s->failed;
	/* the next parts: twice as large, at most as many bytes as print
	 * S_PART_OUTPUT at this part's rate */
	size_t printed = s->out.len + s->err.len, t = 2 * ps->target;
	if (printed > s->len / 4 + 1) {
		double by_rate = (double)S_PART_OUTPUT * (double)s->len / (double)printed;
		if (by_rate < (double)t)
			t = (size_t)by_rate;
	}
	S_target(ps, t);
}

/* Drops every part in flight: the workers stop reading them at their
 * next record. */
static void S_drop(S_parts *ps)
{
	atomic_fetch_add_explicit(&ps->gen, 1, memory_order_relaxed);
	while (cli_queue_count(ps->q)) {
		S_free_part(ps, S_wait_head(ps), 0);
		cli_queue_pop(ps->q);
	}
}

/* Runs the command on a record in the caller's thread, as -j 1 does:
 * what it prints goes out at once ('here' when there is a 'done'). */
static int S_run_here(S_parts *ps, tb_reader *r, tb_record *rec)
{
	const cli_parts_spec *sp = ps->spec;
	cli_part_out o = {stdout, stderr, NULL, NULL};
	int result = sp->done && rec ? sp->here(sp->ctx, r, rec) : sp->run(sp->ctx, 0, r, rec, &o);
	if (o.item)
		sp->keep(sp->ctx, o.item, 1);
	tb_record_free(rec);
	return result;
}

/* Reads the file with one reader from 'off' (line 'line'), writing as
 * -j 1 does, until a record starts a line at 'until' or past it; the
 * parts are cut from there again (or the file is done). */
static void S_alone(S_parts *ps, size_t off, unsigned line, size_t until)
{
	if (fseeko(ps->f, (off_t)off, SEEK_SET) != 0) {
		ps->sum->io_error = 1;
		ps->done = 1;
		return;
	}
	tb_reader *r = cli_reader_new_file(ps->f, ps->name);
	tb_reader_set_check_only(r, ps->spec->check_only);
	if (off)
		tb_reader_set_origin(r, line, off);
	if (ps->spec->search)
		tb_reader_set_search(r, ps->spec->search);
	size_t e0 = 0, w0 = 0;
	for (;;) {
		tb_record *rec;
		int got = cli_reader_next(r, &rec);
		if (got == 1) {
			size_t at = tb_record_source_offset(rec);
			char before = 0;
			if (at >= until &&
			    pread(ps->fd, &before, 1, (off_t)at - 1) == 1 && before == '\n') {
				/* parts again from this record on */
				ps->rd = at;
				ps->line = tb_record_line(rec);
				ps->resyncs++;
				tb_record_free(rec);
				break;
			}
		}
		int result = S_run_here(ps, r, got == 1 ? rec : NULL);
		size_t e = tb_reader_nerrors(r), w = tb_reader_nwarnings(r);
		ps->sum->records += got == 1;
		ps->sum->results += (size_t)result;
		if (got != 1)
			ps->sum->end_result = result;
		ps->sum->nerrors += e - e0;
		ps->sum->nwarnings += w - w0;
		e0 = e;
		w0 = w;
		if (got != 1) {
			ps->sum->io_error |= got < 0;
			ps->done = 1;
			break;
		}
	}
	tb_reader_free(r);
	ps->npend = 0;
	ps->eof = 0;
}

/* Gives the heaps' free memory back to the system now and then. Parts'
 * output buffers of many sizes, made in the workers and freed by the
 * caller's thread, over and over beside the records' own allocations,
 * leave holes that glibc does not fill: with no trimming, xml -j 2 grew
 * from 14 MiB on 27 MB to 31 MiB on 110 MB. */
static void S_trim(S_parts *ps, size_t printed)
{
	ps->untrimmed += printed;
	if (ps->untrimmed < S_TRIM_EVERY)
		return;
	ps->untrimmed = 0;
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

/* Writes the part at the head, or, when it did not end clean, reads on
 * from its start with one reader (S_alone) after dropping the parts in
 * flight. */
static void S_write_head(S_parts *ps)
{
	S_part *s = S_wait_head(ps);
	if (s->clean) {
		S_write_part(ps, s);
		S_trim(ps, s->out.len + s->err.len);
		ps->done |= s->last;
		ps->alone = 0;
		S_free_part(ps, s, 1);
		cli_queue_pop(ps->q);
		return;
	}
	size_t off = s->off, end = s->off + s->len;
	unsigned line = s->line;
	S_drop(ps);
	ps->alone = ps->alone ? 2 * ps->alone : ps->part;
	S_target(ps, 0); /* small parts first again: the output's rate is not known */
	S_alone(ps, off, line, end + ps->alone);
}

static void S_stop(S_parts *ps)
{
	cli_queue_free(ps->q);
	free(ps->pend);
	cli_sinks_free(ps->sinks);
}

int cli_parts_read(const cli_parts_spec *spec, FILE *f, const char *name, cli_part_sum *sum)
{
	int n = spec->n;
	struct stat st;
	int fd = fileno(f);
	memset(sum, 0, sizeof *sum);
	/* tests cut small files into many parts */
	const char *env = getenv("TABLERO_PART_SIZE");
	long part = env && *env ? atol(env) : 0;
	size_t size = part > 0 ? (size_t)part : S_PART;
	/* a file of one part is read as well in the caller's thread */
	if (n < 2 || fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size < 2 * size)
		return 0;
#ifdef __GLIBC__
	/* Parts' buffers are a few hundred KiB, made in one thread and freed
	 * in another, over and over: glibc maps each from the system and
	 * hands it back, and trims the workers' heaps, so that the kernel
	 * zeroed pages all the time (xml -j 2 spent a third of its time
	 * there). Kept in the heaps, they are reused. Larger blocks (a
	 * record's window) are still mapped: kept, the halves a window grows
	 * out of would stay too (16 MiB more for a 16 MiB record). */
	mallopt(M_MMAP_THRESHOLD, 1 << 20);
	mallopt(M_TRIM_THRESHOLD, 4 << 20);
#endif
	S_parts ps;
	memset(&ps, 0, sizeof ps);
	ps.n = n;
	ps.f = f;
	ps.fd = fd;
	ps.name = name;
	ps.spec = spec;
	ps.sum = sum;
	atomic_init(&ps.gen, 0);
	ps.line = 1;
	ps.part = size;
	S_target(&ps, 0); /* small parts first, until the output's rate is known */
	size_t cap = (size_t)n * S_PER_WORKER;
	ps.sinks = cli_sinks_new(n, cap, 2 * S_out_most(&ps));
	ps.q = cli_queue_new(n, cap, sizeof(S_part), 0, S_work, &ps);
	if (!ps.q) {
		S_stop(&ps);
		return 0;
	}
	while (!ps.done) {
		if (cli_queue_count(ps.q) == cli_queue_cap(ps.q)) { /* no room: the oldest first */
			S_write_head(&ps);
			continue;
		}
		int got = S_next_part(&ps, cli_queue_slot(ps.q));
		if (got > 0) {
			cli_queue_push(ps.q);
			continue;
		}
		/* nothing more to cut: write what is in flight, in order; an
		 * unclean part among them reads on alone, and parts may then be
		 * cut again further on */
		unsigned resyncs = ps.resyncs;
		while (cli_queue_count(ps.q) && !ps.done)
			S_write_head(&ps);
		if (ps.done || ps.resyncs != resyncs)
			continue;
		if (got < 0) /* no place to cut: one reader past what was read */
			S_alone(&ps, ps.rd - ps.npend, ps.line, ps.rd);
		else
			ps.done = 1; /* the end, and nothing was in flight */
	}
	/* nothing is in flight now: 'done' comes with the last part written,
	 * or from S_alone, which runs with none in flight */
	S_stop(&ps);
	return 1;
}
