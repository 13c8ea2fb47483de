/*
 * util.c -- files, diagnostics and arguments for the CLI.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* What a message quotes from the command line or a file may hold control
 * characters (a CR from a CRLF file given to --game): they are written
 * as C writes them ('\r', '\x01'), so that 'pitarra\r' is not shown as
 * 'pitarra'. A line break stays one. 'out' holds 4 bytes a byte of 's'
 * and its NUL. */
static void S_shown(const char *s, char *out)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '\n' || (c >= 0x20 && c != 0x7F))
			*out++ = (char)c;
		else if (c == '\r' || c == '\t')
			*out++ = '\\', *out++ = c == '\r' ? 'r' : 't';
		else
			out += sprintf(out, "\\x%02x", c);
	}
	*out = '\0';
}

void cli_error(const char *cmd, const char *fmt, ...)
{
	char small[512], *msg = small, *shown = NULL;
	va_list ap, again;
	va_start(ap, fmt);
	va_copy(again, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof small && (msg = malloc((size_t)n + 1)) != NULL)
		vsnprintf(msg, (size_t)n + 1, fmt, again);
	va_end(again);
	const char *text = n < 0 ? fmt : msg ? msg : small;
	/* one write: stderr is not buffered, and messages of threads must not mix */
	if ((shown = malloc(strlen(text) * 4 + 1)) != NULL)
		S_shown(text, shown);
	fprintf(stderr, "tablero %s: %s\n", cmd, shown ? shown : text);
	free(shown);
	if (msg != small)
		free(msg);
}

int cli_access_refuses(const char *cmd, const char *path, long at, const tb_record *rec,
                       int ignore)
{
	char phrase[128];
	int forbids = ignore ? 0 : tb_record_access_forbids(rec, phrase, sizeof phrase);
	if (forbids == TB_ENOMEM)
		cli_oom();
	if (!forbids)
		return 0;
	cli_error(cmd, "%s, record %ld: left out: its [Access \"%s\"] forbids publication "
	               "('%s'); --ignore-access publishes it",
	          strcmp(path, "-") ? path : "<stdin>", at, tb_record_tag(rec, "Access"), phrase);
	return 1;
}

const char *cli_game_hint(const char *name, char *buf, size_t n)
{
	const tb_game *g = tb_game_nearest(name);
	if (g)
		snprintf(buf, n, "; did you mean '%s'?", tb_game_name(g));
	else if (n)
		buf[0] = '\0';
	return buf;
}

int cli_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
			return 1;
	return 0;
}

size_t cli_print_diags(const tb_reader *r, int strict)
{
	return cli_print_diags_to(stderr, r, strict);
}

/* Before diagnostics go to the standard error, what the standard output
 * holds goes out: in a log of both, a record's diagnostics stand after
 * what was printed before them, whatever the output's buffer. */
static void S_before_errors(FILE *f, const tb_reader *r)
{
	if (f == stderr && tb_reader_ndiags(r) > 0)
		fflush(stdout);
}

size_t cli_print_diags_to(FILE *f, const tb_reader *r, int strict)
{
	size_t bad = 0;
	S_before_errors(f, r);
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		char *s = cli_diag_format(d);
		if (s)
			fputs(s, f);
		free(s);
		bad += d->severity == TB_ERROR || strict;
	}
	return bad;
}

size_t cli_print_errors(const tb_reader *r)
{
	return cli_print_errors_to(stderr, r);
}

size_t cli_print_errors_to(FILE *f, const tb_reader *r)
{
	size_t bad = 0;
	S_before_errors(f, r);
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		if (d->severity != TB_ERROR || d->code == 110)
			continue; /* 110: "more problems follow", of warnings too */
		char *s = cli_diag_format(d);
		if (s)
			fputs(s, f);
		free(s);
		bad++;
	}
	return bad;
}

FILE *cli_open(const char *path)
{
	if (strcmp(path, "-") == 0)
		return stdin;
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "tablero: cannot open '%s': %s\n", path, strerror(errno));
		return NULL;
	}
	struct stat st;
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fprintf(stderr, "tablero: '%s' is a directory\n", path);
		fclose(f);
		return NULL;
	}
	return f;
}

void cli_close(FILE *f)
{
	if (f && f != stdin)
		fclose(f);
}

static int S_progress_shown;

void cli_progress(void *ctx, unsigned long positions)
{
	(void)ctx;
	if (!isatty(fileno(stderr)))
		return;
	fprintf(stderr, "\rtablero: searching what fits a gap: %lu positions so far...",
	        positions);
	fflush(stderr);
	S_progress_shown = 1;
}

void cli_progress_done(void)
{
	/* written only when shown: with -j N it never is (no progress), and
	 * the workers that call this only read it */
	if (S_progress_shown) {
		fprintf(stderr, "\r%70s\r", "");
		S_progress_shown = 0;
	}
}

int cli_turn_arg(const char *arg, int numbered, cli_turn *t)
{
	char *end;
	errno = 0;
	long v = strtol(arg, &end, 10);
	if (errno || end == arg || !isdigit((unsigned char)arg[0]) || v > 999999)
		return -1;
	t->ply = -1;
	t->number = (unsigned)v;
	t->side = 0;
	if (strcmp(end, "...") == 0)
		t->side = 1;
	else if (strcmp(end, ".") != 0 && (*end || !numbered))
		t->ply = *end ? -2 : v;
	if (t->ply == -2 || (t->ply < 0 && v < 1))
		return -1;
	return 0;
}

/* cli_turn_list's reading: 0; -1 a turn not read or none; -2 more than
 * 'max', '*n' then 'max'. */
static int S_turn_list(const char *list, cli_turn *out, size_t max, size_t *n)
{
	for (const char *p = list;;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char tok[16]; /* "999999..." and more: a longer one is no turn */
		if (len >= sizeof tok)
			return -1;
		if (len) { /* "1,,2" as "1,2", as strtok read it */
			if (*n == max)
				return -2;
			memcpy(tok, p, len);
			tok[len] = '\0';
			if (cli_turn_arg(tok, 0, &out[*n]))
				return -1;
			++*n;
		}
		if (!end)
			return *n ? 0 : -1;
		p = end + 1;
	}
}

int cli_turn_list(const cli_optarg *a, cli_turn *out, size_t max, size_t *n, const char *what)
{
	int rc = S_turn_list(a->value, out, max, n);
	if (rc == -2) { /* said here: the list itself is not repeated */
		cli_error(a->cmd, "%.*s: at most %zu %s", (int)strcspn(a->arg, "="), a->arg, max,
		          what); /* the option's name, without a value glued to it */
		return -1;
	}
	return rc ? 1 : 0;
}

/* "34..." or "" for the last turn of 'rec'. */
static void S_last_number(char *out, size_t n, const tb_record *rec)
{
	unsigned number;
	int side;
	if (tb_record_turn_number(rec, -1, &number, &side) == 0)
		snprintf(out, n, "%u%s", number, side ? "..." : ".");
	else
		*out = '\0';
}

long cli_turn_ply(const char *cmd, const tb_record *rec, const cli_turn *t)
{
	long plies = (long)tb_record_plies(rec);
	char last[32];
	S_last_number(last, sizeof last, rec);
	if (t->ply >= 0 && t->ply <= plies)
		return t->ply;
	long ply = t->ply < 0 ? tb_record_find_turn(rec, t->number, t->side) : -1;
	if (ply >= 0)
		return ply;
	if (t->ply >= 0)
		cli_error(cmd, "the record has %ld turn%s on its main line, not %ld%s%s%s", plies,
		          plies == 1 ? "" : "s", t->ply, *last ? " (the last is " : "", last,
		          *last ? ")" : "");
	else if (*last)
		cli_error(cmd, "the record's main line has no turn %u%s: its last is %s (turn %ld of "
		          "the record)", t->number, t->side ? "..." : ".", last, plies);
	else
		cli_error(cmd, "the record's main line has no turn %u%s: its turns are not numbered "
		          "(give the count of turns instead)", t->number, t->side ? "..." : ".");
	return -1;
}

void cli_turn_name(char *out, size_t n, const tb_record *rec, long ply, const char *last)
{
	long plies = (long)tb_record_plies(rec);
	if (!ply)
		snprintf(out, n, "at the start (turn 0 of %ld)", plies);
	else if (last && *last)
		snprintf(out, n, "after %s (turn %ld of %ld)", last, ply, plies);
	else
		snprintf(out, n, "after turn %ld of %ld", ply, plies);
}

int cli_colour(FILE *f, const char *when)
{
	if (strcmp(when, "always") == 0)
		return 1;
	if (strcmp(when, "never") == 0)
		return 0;
	const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
	return isatty(fileno(f)) && !(no && *no) && !(term && strcmp(term, "dumb") == 0);
}

/* ===== Out of memory ===== */

_Noreturn void cli_oom(void)
{
	static const char msg[] = "tablero: out of memory\n";
	/* write(2), not stdio: it takes no lock another thread may hold,
	 * and allocates nothing */
	ssize_t n = write(STDERR_FILENO, msg, sizeof msg - 1);
	(void)n;
	_exit(EXIT_TROUBLE);
}

tb_reader *cli_reader_new_file(FILE *f, const char *name)
{
	tb_reader *r = tb_reader_new_file(f, name);
	if (!r)
		cli_oom();
	return r;
}

tb_reader *cli_reader_new_mem(const char *buf, size_t len, const char *name)
{
	tb_reader *r = tb_reader_new_mem(buf, len, name);
	if (!r)
		cli_oom();
	return r;
}

int cli_reader_next(tb_reader *r, tb_record **out)
{
	int got = tb_reader_next(r, out);
	if (got == TB_ENOMEM)
		cli_oom();
	return got;
}

tb_reader *cli_reader_detach(tb_reader *r)
{
	tb_reader *d = tb_reader_detach(r);
	if (!d)
		cli_oom();
	return d;
}

char *cli_record_write(const tb_record *rec, size_t *len)
{
	char *s = tb_record_write(rec, len);
	if (!s && rec && !tb_record_errors(rec) && tb_record_game(rec))
		cli_oom();
	return s;
}

char *cli_record_movetext(const tb_record *rec, size_t *len)
{
	char *s = tb_record_movetext(rec, len);
	if (!s && rec && !tb_record_errors(rec) && tb_record_game(rec))
		cli_oom();
	return s;
}

char *cli_diag_format(const tb_diag *d)
{
	char *s = tb_diag_format(d);
	if (!s)
		cli_oom();
	return s;
}
