/*
 * fuzz_build.c -- the building API (tablero.h, "Building and editing")
 * driven by any bytes, read as a script of operations, one a line:
 *
 *   G game      a new record of that game (the first: pitarra)
 *   T name=val  tb_record_set_tag ("T name" without '=': removes it)
 *   A text      tb_line_append to the current line
 *   I text      tb_line_insert after the current node, on the current line
 *   V text      tb_node_add_variation to the current node
 *   C text      tb_node_add_comment      L text  tb_line_add_comment
 *   R k text    tb_record_add_comment at 'where' k (one digit)
 *   Q k text    tb_alt_add_comment to alternative k (one digit)
 *   @ lang      the language of the comments that follow ("@": none)
 *   $ n         tb_node_add_nag          S n     tb_record_set_result
 *   N k         the current node: the k-th in the tree's order (mod their
 *               number), and its line the current line
 *   W k         the current line: the k-th (mod their number)
 *   X           tb_node_remove           Y       tb_line_remove
 *
 * In an argument "\n" is a line break, "\r" a CR and "\\" a backslash;
 * every other byte is itself (control characters, bad UTF-8...).
 *
 * The oracle, after every operation: one the API refused left the record
 * as it was (the same bytes written) and said why (tb_record_error);
 * after one it took, the record writes, and what it writes reads back as
 * one record with no diagnostic at all but the warnings its canonical
 * form keeps as written (tests/canonical_keeps.h), equal
 * to it (tb_record_equal), which writes the same bytes again.
 */
#include "../canonical_keeps.h"
#include "fuzz.h"

enum { S_MAX_OPS = 2000, S_MAX_DEPTH = 256 };

typedef struct S_state {
	tb_record *rec;
	tb_node *node;   /* the current node, or NULL */
	tb_line *line;   /* the current line (the main line at first) */
	char lang[64];   /* the comments' language, "" none */
} S_state;

/* The written record: built records have no errors, so it always is. */
static char *S_write(const tb_record *rec, size_t *n)
{
	char *s = tb_record_write(rec, n);
	FZ_CHECK(s != NULL, "a built record is not written");
	FZ_CHECK(strlen(s) == *n, "the canonical form holds a NUL");
	return s;
}

/* The oracle on a record the API built. */
static void S_reads_back(const tb_record *rec, const char *op)
{
	size_t n, n2;
	char *text = S_write(rec, &n);
	tb_reader *r = tb_reader_new_mem(text, n, "built.tgn");
	tb_record *back = NULL;
	FZ_CHECK(tb_reader_next(r, &back) == 1, "after '%s' the record reads as none", op);
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		/* but the warnings the canonical form keeps as written
		 * (canonical_keeps.h): a builder may make them, and they read back */
		const tb_diag *g = tb_reader_diag(r, i);
		if (tt_canonical_keeps(g))
			continue;
		char *d = tb_diag_format(g);
		FZ_CHECK(0, "after '%s' the record reads back with diagnostics:\n%s\n%s", op, d, text);
	}
	FZ_CHECK(tb_record_equal(rec, back), "after '%s' the record reads back another:\n%s", op,
	         text);
	char *again = S_write(back, &n2);
	FZ_CHECK(n == n2 && memcmp(text, again, n) == 0,
	         "after '%s' the record is no fixed point:\n%s\n---\n%s", op, text, again);
	tb_record *more = NULL;
	FZ_CHECK(tb_reader_next(r, &more) == 0, "after '%s' the record reads as two:\n%s", op,
	         text);
	free(again);
	tb_record_free(back);
	tb_reader_free(r);
	free(text);
}

/* The argument of a line, its escapes undone, into 'b' (NUL-ended). */
static void S_arg(tb_buf *b, const uint8_t *s, size_t n)
{
	tb_buf_clear(b);
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n && strchr("nr\\", s[i + 1])) {
			i++;
			tb_buf_putc(b, s[i] == 'n' ? '\n' : s[i] == 'r' ? '\r' : '\\');
		} else {
			tb_buf_putc(b, (char)s[i]);
		}
	}
	tb_buf_putc(b, '\0');
	b->len--;
}

/* Walks the tree to its k-th node ('want_node') or line, in order, and
 * makes it (and, for a node, its line) the current one; nothing when
 * the tree has none. */
static void S_select(S_state *st, long k, int want_node)
{
	size_t count = 0;
	for (int pass = 0; pass < 2; pass++) {
		tb_iter *it = tb_iter_new(st->rec);
		tb_line *stack[S_MAX_DEPTH];
		size_t depth = 0, i = 0;
		unsigned long target = count ? (unsigned long)(k < 0 ? -(k + 1) : k) % count : 0;
		int ev;
		while ((ev = tb_iter_next(it)) != TB_EVENT_DONE) {
			tb_line *l = tb_iter_line(it);
			tb_node *n = tb_iter_node(it);
			if (l && ev == TB_EVENT_EXIT) {
				depth--;
				continue;
			}
			if (l) {
				FZ_CHECK(depth < S_MAX_DEPTH, "lines nested past the limit");
				stack[depth++] = l;
			}
			if (ev != TB_EVENT_ENTER || (want_node ? !n : !l))
				continue;
			if (pass == 1 && i == target) {
				st->line = l ? l : stack[depth - 1];
				st->node = n;
				break;
			}
			i++;
		}
		FZ_CHECK(tb_iter_status(it) == 0, "the iterator lost its way");
		tb_iter_free(it);
		count = i;
		if (!count)
			return;
	}
}

/* The digit 'arg' starts with as a number; any other byte a number past
 * them (which the API refuses). */
static size_t S_digit(const char *arg)
{
	return (size_t)(unsigned char)arg[0] - '0';
}

static const char *S_lang(const S_state *st)
{
	return st->lang[0] ? st->lang : NULL;
}

/* One operation; returns what the API returned (0 for those that call
 * none). */
static int S_op(S_state *st, char op, const char *arg)
{
	tb_record *rec = st->rec;
	tb_node *first = NULL;
	tb_line *v = NULL;
	const char *eq;
	switch (op) {
	case 'G': {
		const tb_game *g = tb_game_find(arg);
		if (!g)
			return 0;
		tb_record_free(st->rec);
		st->rec = tb_record_new(g);
		FZ_CHECK(st->rec != NULL, "no new record of a game");
		st->node = NULL;
		st->line = tb_record_main(st->rec);
		return 0;
	}
	case 'T':
		if (!(eq = strchr(arg, '=')))
			return tb_record_set_tag(rec, arg, NULL);
		{
			char name[256];
			size_t n = (size_t)(eq - arg);
			if (n >= sizeof name)
				n = sizeof name - 1;
			memcpy(name, arg, n);
			name[n] = '\0';
			return tb_record_set_tag(rec, name, eq + 1);
		}
	case 'A':
		return tb_line_append(rec, st->line, arg, &first);
	case 'I':
		return tb_line_insert(rec, st->line, st->node, arg, &first);
	case 'V': {
		int rc = tb_node_add_variation(rec, st->node, arg, &v);
		if (!rc)
			st->line = v;
		return rc;
	}
	case 'C':
		return tb_node_add_comment(rec, st->node, arg, S_lang(st));
	case 'L':
		return tb_line_add_comment(rec, st->line, arg, S_lang(st));
	case 'R':
		return tb_record_add_comment(rec, S_digit(arg), arg[0] ? arg + 1 : arg, S_lang(st));
	case 'Q':
		return tb_alt_add_comment(rec, st->node, S_digit(arg), arg[0] ? arg + 1 : arg,
		                          S_lang(st));
	case '@':
		snprintf(st->lang, sizeof st->lang, "%s", arg);
		return 0;
	case '$':
		return tb_node_add_nag(rec, st->node, (int)strtol(arg, NULL, 10));
	case 'S':
		return tb_record_set_result(rec, (int)strtol(arg, NULL, 10));
	case 'N':
	case 'W':
		S_select(st, strtol(arg, NULL, 10), op == 'N');
		return 0;
	case 'X':
		return tb_node_remove(rec, st->node);
	case 'Y': {
		int rc = tb_line_remove(rec, st->line);
		if (!rc)
			st->line = tb_record_main(rec);
		return rc;
	}
	default:
		return 0;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	S_state st = {tb_record_new(tb_game_find("pitarra")), NULL, NULL, ""};
	st.line = tb_record_main(st.rec);
	tb_buf arg = TB_BUF_INIT;
	size_t at = 0;
	for (int ops = 0; at < size && ops < S_MAX_OPS; ops++) {
		const uint8_t *end = memchr(data + at, '\n', size - at);
		size_t len = end ? (size_t)(end - (data + at)) : size - at;
		const uint8_t *line = data + at;
		char op = len ? (char)line[0] : ' ';
		size_t from = len > 1 && line[1] == ' ' ? 2 : len ? 1 : 0; /* "A d1" or "Ad1" */
		S_arg(&arg, line + from, len - from);
		at += len + 1;
		if (!strchr("TAIVCLRQ$SXY", op) || op == '\0') { /* no edit: nothing to check */
			S_op(&st, op, arg.data);
			if (op == 'G')
				S_reads_back(st.rec, "G");
			continue;
		}
		size_t n0;
		char *before = S_write(st.rec, &n0);
		int rc = S_op(&st, op, arg.data);
		if (rc) {
			size_t n1;
			char *after = S_write(st.rec, &n1);
			FZ_CHECK(n0 == n1 && memcmp(before, after, n0) == 0,
			         "refused (%d), '%c' changed the record:\n%s\n---\n%s", rc, op, before,
			         after);
			FZ_CHECK(tb_record_error(st.rec)[0] != '\0', "refused (%d), '%c' says not why", rc,
			         op);
			free(after);
		} else {
			char what[2] = {op, '\0'};
			S_reads_back(st.rec, what);
		}
		free(before);
	}
	tb_buf_free(&arg);
	tb_record_free(st.rec);
	return 0;
}
