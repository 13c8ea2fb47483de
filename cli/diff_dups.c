/*
 * diff_dups.c -- "tablero diff --duplicates": the same game found twice
 * in collections, by the key of its main line's meaning (tb_plies_key:
 * up to the board's symmetries), a game that begins another, and with
 * --near K the games K turns apart (diff_near.c); text, or the diff
 * document (schemas/diff.rng). Spec: spec/compare.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_ply_is_turn(const tb_ply *y)
{
	return y->parts ||
	       (strncmp(y->written, "<gap", 4) != 0 && strncmp(y->written, "<position", 9) != 0);
}

void cli_diff_xname(tb_diff_xml *x, const char *name, const char *file)
{
	char *fit = tb_xml_fit_name(file);
	if (!fit)
		cli_oom();
	tb_diff_xml_attr(x, name, fit);
	free(fit);
}

typedef struct S_dup {
	char *key;
	size_t len, head;
	unsigned symmetry;     /* that gave the key: another than its group's first's
	                          makes it that one's image */
	const char *file;
	size_t index, plies;
	size_t known;          /* turns that are not '?' */
	unsigned line;
	cli_near_seq *seq;     /* --near: its turns (diff_near.c) */
} S_dup;

/* The turns of 'p' somebody knows, or the rules decide: a game of
 * unknown turns and gaps is nobody's duplicate (two fragments of '?'
 * are not known to agree). */
static size_t S_known_turns(const tb_plies *p)
{
	size_t k = 0;
	for (size_t i = 0; i < tb_plies_count(p); i++) {
		const tb_ply *y = tb_plies_at(p, i);
		k += y->status == TB_FRAME_RECONSTRUCTED || (cli_ply_is_turn(y) && strcmp(y->token, "?") != 0);
	}
	return k;
}

static int S_dup_cmp(const void *x, const void *y)
{
	const S_dup *a = x, *b = y;
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->key, b->key, n);
	if (c)
		return c;
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	c = strcmp(a->file, b->file);
	return c ? c : (a->index > b->index) - (a->index < b->index);
}

static void S_dup_game(tb_diff_xml *x, const char *el, const S_dup *d, int turned)
{
	if (x) {
		tb_diff_xml_start(x, el);
		cli_diff_xname(x, "file", d->file);
		tb_diff_xml_uint(x, "game", d->index);
		tb_diff_xml_uint(x, "line", d->line);
		tb_diff_xml_uint(x, "plies", d->plies);
		if (turned)
			tb_diff_xml_attr(x, "symmetry", "true");
		tb_diff_xml_end(x);
	} else {
		printf("%s:%u (game %zu, %zu turn%s)%s", d->file, d->line, d->index, d->plies,
		       d->plies == 1 ? "" : "s", turned ? " (turned or mirrored)" : "");
	}
}

/* Lists equal games and games that begin others. Returns 1 when any. */
static int S_report_dups(tb_diff_xml *x, S_dup *v, size_t n)
{
	if (n)
		qsort(v, n, sizeof *v, S_dup_cmp);
	size_t *stack = calloc(n + 1, sizeof *stack), top = 0;
	if (!stack)
		cli_oom();
	int found = 0;
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && v[j].len == v[i].len && memcmp(v[j].key, v[i].key, v[i].len) == 0)
			j++;
		if (!v[i].known) { /* no turn anybody knows: nothing to be the same as */
			i = j;
			continue;
		}
		if (j - i > 1) {
			found = 1;
			if (x) {
				tb_diff_xml_start(x, "same");
			} else {
				printf("same game, %zu records:\n", j - i);
			}
			for (size_t k = i; k < j; k++) {
				if (!x)
					fputs("  ", stdout);
				S_dup_game(x, "game", &v[k], v[k].symmetry != v[i].symmetry);
				if (!x)
					putchar('\n');
			}
			if (x)
				tb_diff_xml_end(x);
		}
		/* the longest game before this one that it goes on from */
		while (top && !(v[stack[top - 1]].len < v[i].len &&
		                memcmp(v[stack[top - 1]].key, v[i].key, v[stack[top - 1]].len) == 0 &&
		                v[i].key[v[stack[top - 1]].len] == '\x1f'))
			top--;
		if (top) {
			found = 1;
			const S_dup *s = &v[stack[top - 1]];
			if (x) {
				tb_diff_xml_start(x, "prefix");
				S_dup_game(x, "game", s, 0);
				S_dup_game(x, "of", &v[i], 0);
				tb_diff_xml_end(x);
			} else {
				S_dup_game(x, "game", s, 0);
				fputs(" begins ", stdout);
				S_dup_game(x, "of", &v[i], 0);
				putchar('\n');
			}
		}
		stack[top++] = i;
		i = j;
	}
	free(stack);
	return found;
}

/* A game of --duplicates on its way through a job (jobs.c) or out of
 * a part (parts.c): its key is made in a worker. */
typedef struct S_dup_item {
	tb_record *rec;             /* jobs: freed by the worker */
	tb_reader *r;               /* the file's reader (-j 1), or the game's own */
	int own;
	int near;                   /* --near: keep its turns */
	int result;                 /* parts: S_dup_key's */
	S_dup d;
} S_dup_item;

typedef struct S_dup_ctx {
	S_dup *v;
	size_t n, cap;
	int trouble;
} S_dup_ctx;

/* A game's errors, read by 'r', on 'err', or its key into 'd'. Returns
 * 1 for a key, -1 when the game has none (errors). */
static int S_dup_key(S_dup *d, tb_reader *r, const tb_record *rec, int near, FILE *err)
{
	cli_print_errors_to(err, r);
	tb_plies *p = tb_record_errors(rec) ? NULL : tb_plies_new(rec);
	if (!p && !tb_record_errors(rec) && tb_record_game(rec))
		cli_oom();
	if (!p)
		return -1;
	d->key = tb_plies_key(p, &d->len, &d->symmetry);
	if (!d->key)
		cli_oom();
	d->head = tb_plies_key_head(d->key, d->len);
	d->known = S_known_turns(p);
	d->line = tb_record_line(rec);
	d->plies = tb_record_plies(rec);
	if (near)
		d->seq = cli_near_seq_new(p, tb_game_name(tb_record_game(rec)));
	tb_plies_free(p);
	return 1;
}

/* One game of a job: its errors, or its key (S_dup_key). */
static int S_dup_one(void *ctx, int worker, void *item, FILE *out, FILE *err)
{
	S_dup_item *it = item;
	(void)ctx, (void)worker, (void)out;
	int result = S_dup_key(&it->d, it->r, it->rec, it->near, err);
	tb_record_free(it->rec);
	it->rec = NULL;
	if (it->own)
		tb_reader_free(it->r);
	return result;
}

static void S_dup_done(void *ctx, void *item, int result)
{
	S_dup_ctx *c = ctx;
	S_dup_item *it = item;
	if (result < 0) {
		c->trouble = 1;
	} else {
		if (c->n == c->cap) {
			c->cap = c->cap ? c->cap * 2 : 256;
			c->v = realloc(c->v, c->cap * sizeof *c->v);
			if (!c->v)
				cli_oom();
		}
		c->v[c->n++] = it->d;
	}
	free(it);
}

/* ===== A file read in parts (parts.c) =====
 *
 * Each worker reads its parts' games itself and keys them, as validate
 * reads them: a game read by the thread that keys it, not read by the
 * caller's thread and handed over (a copy of its reader's window, its
 * memory freed by another thread, its nodes cold in the worker's cache
 * cost -j 2 a twentieth more CPU than -j 1). Each key comes back with
 * its game's output (o->item), and the caller's thread takes it in the
 * file's order (S_part_keep), where the games are numbered. */
typedef struct S_dup_parts {
	S_dup_ctx *c;
	const char *name;
	int near;
	size_t game;                /* the file's games so far (the caller's) */
} S_dup_parts;

static int S_part_one(void *ctx, int worker, tb_reader *r, tb_record *rec, cli_part_out *o)
{
	const S_dup_parts *p = ctx;
	(void)worker;
	if (!rec) { /* the file's end: what the reader said of it */
		cli_print_errors_to(o->err, r);
		return 0;
	}
	S_dup_item *it = calloc(1, sizeof *it);
	if (!it)
		cli_oom();
	it->d.file = p->name;
	it->result = S_dup_key(&it->d, r, rec, p->near, o->err);
	o->item = it;
	return 0;
}

static void S_part_keep(void *ctx, void *item, int written)
{
	S_dup_parts *p = ctx;
	S_dup_item *it = item;
	if (!written) { /* its part is read again */
		free(it->d.key);
		cli_near_seq_free(it->d.seq);
		free(it);
		return;
	}
	it->d.index = ++p->game;
	S_dup_done(p->c, it, it->result);
}

/* A regular file in parts; 0 when it is not read so (parts.c). */
static int S_dup_file_parts(S_dup_ctx *c, FILE *f, const char *name, int jobs, int near,
                            int *trouble)
{
	S_dup_parts p = {c, name, near, 0};
	cli_parts_spec spec = {jobs, NULL, S_part_one, NULL, NULL, &p, S_part_keep, 0};
	cli_part_sum sum;
	int read = cli_parts_read(&spec, f, name, &sum);
	if (read && (sum.io_error || sum.failed))
		*trouble = 1;
	return read;
}

static int S_near_cmp(const void *x, const void *y)
{
	const cli_near_game *a = x, *b = y;
	int c = strcmp(a->file, b->file);
	return c ? c : (a->index > b->index) - (a->index < b->index);
}

/* The near duplicates (diff_near.c), in the order of the files. */
static int S_near(const S_dup *v, size_t n, unsigned k)
{
	cli_near_game *g = calloc(n + 1, sizeof *g);
	if (!g)
		cli_oom();
	for (size_t i = 0; i < n; i++)
		g[i] = (cli_near_game){v[i].file, v[i].index, v[i].plies, v[i].line, v[i].seq};
	qsort(g, n, sizeof *g, S_near_cmp);
	int found = cli_near_report(g, n, k);
	free(g);
	return found;
}

int cli_diff_duplicates(tb_diff_xml *x, char *const *files, int nfiles, int jobs,
                        const char *near, int *trouble)
{
	S_dup_ctx c = {NULL, 0, 0, 0};
	cli_jobs *j = cli_jobs_new(jobs, S_dup_one, S_dup_done, &c);
	for (int k = 0; k < nfiles; k++) {
		const char *name = strcmp(files[k], "-") ? files[k] : "<stdin>";
		FILE *f = cli_open(files[k]);
		if (!f) {
			*trouble = 1;
			continue;
		}
		if (S_dup_file_parts(&c, f, name, jobs, near != NULL, trouble)) {
			cli_close(f);
			continue;
		}
		tb_reader *r = cli_reader_new_file(f, name);
		size_t game = 0;
		tb_record *rec;
		int got;
		while ((got = cli_reader_next(r, &rec)) == 1) {
			S_dup_item *it = calloc(1, sizeof *it);
			if (!it)
				cli_oom();
			it->rec = rec;
			it->own = cli_jobs_count(j) > 1;
			it->r = it->own ? cli_reader_detach(r) : r;
			it->d.file = name;
			it->d.index = ++game;
			it->near = near != NULL;
			cli_jobs_add(j, it, tb_record_source_size(rec));
		}
		cli_jobs_wait(j);
		cli_print_errors(r);
		if (got < 0)
			*trouble = 1;
		tb_reader_free(r);
		cli_close(f);
	}
	if (cli_jobs_free(j) != 0)
		*trouble = 1;
	*trouble |= c.trouble;
	S_dup *v = c.v;
	size_t n = c.n;
	if (x)
		tb_diff_xml_start(x, "duplicates");
	int found = S_report_dups(x, v, n);
	if (x)
		tb_diff_xml_end(x);
	if (near)
		found |= S_near(v, n, (unsigned)atoi(near));
	for (size_t i = 0; i < n; i++) {
		free(v[i].key);
		cli_near_seq_free(v[i].seq);
	}
	free(v);
	return found;
}
