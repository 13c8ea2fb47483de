/*
 * test_crosscheck.c -- a second, deliberately simple reader of each
 * game's move tokens, written from the grammar in spec/tgn.md §13 with
 * POSIX regular expressions, checked against the library on tens of
 * thousands of generated tokens: valid ones and mutations of them.
 *
 *   word       = "--" | "?" | ( "pass" | move ) [ suffix ] ;
 *   suffix     = "!" | "?" | "!!" | "??" | "!?" | "?!" ;
 *   pitarra    = point [ "-" point ] [ "x" point ] ;
 *   asalto     = [ "H" point "/" ] ( point ( "-" point | "x" point { "x" point } ) | "pass" ) ;
 *   ocencahuac = point ( "-" point | "x" point | hop { hop } ) [ "=" [ "=" ] ] ;
 *   hop        = "^" point [ "@" point | { ">" point } ] ;
 *   point      = file rank | "?" ;  (a point of the game's board; files
 *                                    may be capitals, spec §6)
 *
 * The library reads each token as the one turn of a record; the two
 * must agree on accept/reject, and on what an accepted token means
 * (its canonical spelling and its suffix).
 */
#include "tb_test.h"

#include <ctype.h>
#include <regex.h>

#include "game.h"
#include "record.h"

typedef struct S_game {
	const char *name;      /* [Game] */
	const char *rules;     /* [Rules], or NULL */
	const char *const *points; /* the board's points, NULL-ended */
	int files, ranks;      /* for a full rectangle when points is NULL */
	int kind;              /* 0 pitarra, 1 asalto, 2 ocencahuac */
} S_game;

static const char *const S_pitarra24[] = {
	"a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4",
	"e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7", NULL};
static const char *const S_pitarra25[] = {
	"a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "d4",
	"e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7", NULL};
static const char *const S_asalto[] = {
	"c1", "d1", "e1", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3", "f3", "g3",
	"a4", "b4", "c4", "d4", "e4", "f4", "g4", "a5", "b5", "c5", "d5", "e5", "f5",
	"g5", "c6", "d6", "e6", "c7", "d7", "e7", NULL};

/* ===== The second reader ===== */

typedef struct S_checker {
	const S_game *g;
	regex_t move;
	char pts[64][16]; /* the board's points, for the generator */
	int npts;
} S_checker;

static void S_checker_init(S_checker *c, const S_game *g)
{
	memset(c, 0, sizeof *c);
	c->g = g;
	tt_str pt = {0};
	tt_puts(&pt, "(\\?");
	for (int f = 0; f < 8; f++) {
		for (int r = 1; r <= 10; r++) {
			char name[16];
			snprintf(name, sizeof name, "%c%d", 'a' + f, r);
			int on = 0;
			if (g->points) {
				for (const char *const *p = g->points; *p; p++)
					on |= strcmp(*p, name) == 0;
			} else {
				on = f < g->files && r <= g->ranks;
			}
			if (!on)
				continue;
			tt_printf(&pt, "|[%c%c]%d", 'a' + f, 'A' + f, r);
			assert_true(c->npts < 64);
			memcpy(c->pts[c->npts++], name, sizeof name);
		}
	}
	tt_puts(&pt, ")");
	const char *P = pt.d;
	tt_str re = {0};
	if (g->kind == 0)
		tt_printf(&re, "^%s(-%s)?(x%s)?$", P, P, P);
	else if (g->kind == 1)
		tt_printf(&re, "^(H%s/)?(%s(-%s|(x%s)+)|pass)$", P, P, P, P);
	else
		tt_printf(&re, "^%s(-%s|x%s|(\\^%s(@%s|(>%s)*))+)(==?)?$", P, P, P, P, P, P);
	int rc = regcomp(&c->move, re.d, REG_EXTENDED | REG_NOSUB);
	if (rc) {
		char why[256];
		regerror(rc, &c->move, why, sizeof why);
		fail_msg("regcomp: %s", why);
	}
	free(pt.d);
	free(re.d);
}

static void S_checker_free(S_checker *c)
{
	regfree(&c->move);
}

static int S_is_move(const S_checker *c, const char *s, size_t n)
{
	char buf[512];
	if (n >= sizeof buf)
		return 0;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return regexec(&c->move, buf, 0, NULL, 0) == 0;
}

/* What the grammar says of a word: -1 not a turn; else the kind of node
 * (TB_NODE_*), with '*nag' the suffix's NAG (1..6) or 0 and 'canon' the
 * move's canonical spelling. */
static int S_check(const S_checker *c, const char *w, int *nag, char *canon, size_t cap)
{
	static const char *const sfx[] = {"", "!", "?", "!!", "??", "!?", "?!"};
	*nag = 0;
	canon[0] = '\0';
	if (strcmp(w, "pass") == 0 || strcmp(w, "--") == 0)
		return TB_NODE_PASS;
	if (strcmp(w, "?") == 0)
		return TB_NODE_UNKNOWN;
	size_t n = strlen(w);
	for (int k = 1; k <= 6; k++)
		if (n == 4 + strlen(sfx[k]) && strncmp(w, "pass", 4) == 0 &&
		    strcmp(w + 4, sfx[k]) == 0) {
			*nag = k;
			return TB_NODE_PASS;
		}
	int found = -1;
	for (int k = 0; k <= 6; k++) {
		size_t ls = strlen(sfx[k]);
		if (ls > n || strcmp(w + n - ls, sfx[k]) != 0 || ls == n)
			continue;
		if (S_is_move(c, w, n - ls)) {
			if (found >= 0)
				fail_msg("'%s' reads two ways", w); /* the grammar is not ambiguous */
			found = k;
		}
	}
	if (found < 0)
		return -1;
	*nag = found;
	size_t m = n - strlen(sfx[found]);
	assert_true(m < cap);
	for (size_t i = 0; i < m; i++)
		canon[i] = (i == 0 && w[0] == 'H') ? 'H' : (char)tolower((unsigned char)w[i]);
	canon[m] = '\0';
	return TB_NODE_MOVE;
}

/* ===== Tokens ===== */

static void S_point(tt_rng *g, const S_checker *c, tt_str *s)
{
	if (tt_below(g, 10) == 0) {
		tt_putc(s, '?');
		return;
	}
	const char *p = c->pts[tt_below(g, (unsigned)c->npts)];
	tt_putc(s, tt_below(g, 5) == 0 ? (char)toupper((unsigned char)p[0]) : p[0]);
	tt_puts(s, p + 1);
}

static void S_valid(tt_rng *g, const S_checker *c, tt_str *s)
{
	switch (c->g->kind) {
	case 0:
		S_point(g, c, s);
		if (tt_below(g, 2)) {
			tt_putc(s, '-');
			S_point(g, c, s);
		}
		if (tt_below(g, 3) == 0) {
			tt_putc(s, 'x');
			S_point(g, c, s);
		}
		break;
	case 1: {
		int huff = tt_below(g, 4) == 0;
		if (huff) {
			tt_putc(s, 'H');
			S_point(g, c, s);
			tt_putc(s, '/');
			if (tt_below(g, 4) == 0) {
				tt_puts(s, "pass");
				break;
			}
		}
		S_point(g, c, s);
		if (tt_below(g, 2)) {
			tt_putc(s, '-');
			S_point(g, c, s);
		} else {
			for (unsigned k = 1 + tt_below(g, 5); k; k--) {
				tt_putc(s, 'x');
				S_point(g, c, s);
			}
		}
		break;
	}
	default: {
		S_point(g, c, s);
		unsigned kind = tt_below(g, 3);
		if (kind == 0) {
			tt_putc(s, '-');
			S_point(g, c, s);
		} else if (kind == 1) {
			tt_putc(s, 'x');
			S_point(g, c, s);
		} else {
			for (unsigned k = 1 + tt_below(g, 4); k; k--) {
				tt_putc(s, '^');
				S_point(g, c, s);
				unsigned e = tt_below(g, 3);
				for (unsigned n = e == 1 ? 1 + tt_below(g, 3) : e == 2; n; n--) {
					tt_putc(s, e == 1 ? '>' : '@'); /* '@' once, '>' up to 3 times */
					S_point(g, c, s);
				}
			}
		}
		for (unsigned k = tt_below(g, 5); k && k <= 2; k--)
			tt_putc(s, '=');
		break;
	}
	}
	if (tt_below(g, 4) == 0) {
		static const char *const sfx[] = {"!", "?", "!!", "?" "?", "!?", "?!"};
		tt_puts(s, sfx[tt_below(g, 6)]);
	}
}

/* Mutates 's' in place, one to three times. */
static void S_mutate(tt_rng *g, tt_str *s)
{
	static const char alphabet[] = "abcdefghABCDEFGH0123456789-x^>@=/!?Hpasx-^";
	for (unsigned k = 1 + tt_below(g, 3); k; k--) {
		size_t n = s->n;
		size_t at = n ? tt_below(g, (unsigned)n) : 0;
		char c = alphabet[tt_below(g, sizeof alphabet - 1)];
		switch (tt_below(g, 7)) {
		case 0: /* delete */
			if (n) {
				memmove(s->d + at, s->d + at + 1, n - at);
				s->n--;
			}
			break;
		case 1: /* insert */
			tt_putc(s, ' ');
			memmove(s->d + at + 1, s->d + at, n - at);
			s->d[at] = c;
			break;
		case 2: /* replace */
			if (n)
				s->d[at] = c;
			break;
		case 3: /* swap */
			if (n >= 2 && at + 1 < n) {
				char t = s->d[at];
				s->d[at] = s->d[at + 1];
				s->d[at + 1] = t;
			}
			break;
		case 4: /* repeat a piece */
			if (n) {
				size_t len = 1 + tt_below(g, (unsigned)(n - at));
				char piece[64];
				if (len > sizeof piece)
					len = sizeof piece;
				memcpy(piece, s->d + at, len);
				tt_put(s, piece, len);
			}
			break;
		case 5: /* cut */
			s->n = at;
			break;
		default: /* a character at the end */
			tt_putc(s, c);
			break;
		}
		s->d[s->n] = '\0';
	}
}

/* ===== The comparison ===== */

static const char *const S_special[] = {
	"pass", "--", "?", "??", "?!", "!?", "pass!", "-", "x", "H", "H?/", "H?/pass",
	"H?/pass!", "Hd6/pass?", "=", "a", "1", "?-?", "?x?", "?^?", "?^?>?", "?-?==", "?-?===",
	"?-?x?x?", "a01", "d007", "c3-c04", "a2^a4>a7>a8", "a2^a4@", "h1", "i9", "a0", "--!",
};

static void S_crosscheck(const S_game *game, unsigned seed, size_t nvalid, size_t nmutant)
{
	S_checker c;
	S_checker_init(&c, game);
	tt_rng g = {seed};
	size_t nspecial = sizeof S_special / sizeof S_special[0];
	size_t total = nspecial + nvalid + nmutant;
	char **tokens = calloc(total, sizeof *tokens);
	assert_non_null(tokens);
	for (size_t i = 0; i < total; i++) {
		tt_str s = {0};
		if (i < nspecial) {
			tt_puts(&s, S_special[i]);
		} else {
			S_valid(&g, &c, &s);
			if (i >= nspecial + nvalid)
				S_mutate(&g, &s);
		}
		if (s.n == 0)
			tt_puts(&s, "?");
		tokens[i] = tt_take(&s);
	}
	/* every token as the one turn of a record, all in one input */
	tt_str in = {0};
	for (size_t i = 0; i < total; i++) {
		tt_printf(&in, "[Game \"%s\"]\n", game->name);
		if (game->rules)
			tt_printf(&in, "[Rules \"%s\"]\n", game->rules);
		tt_printf(&in, "1. %s *\n", tokens[i]);
	}
	tb_reader *r = tb_reader_new_mem(in.d, in.n, "cross.tgn");
	size_t nrec = 0, agree = 0, accepted = 0, disagree = 0;
	tb_record *rec;
	while (tb_reader_next(r, &rec) == 1) {
		assert_true(nrec < total);
		const char *w = tokens[nrec];
		int nag;
		char canon[512];
		int want = S_check(&c, w, &nag, canon, sizeof canon);
		const tb_node *n = rec->main.first;
		int lib_ok = tb_reader_ndiags(r) == 0 && tb_record_errors(rec) == 0 && n &&
		             !n->next;
		const char *why = NULL;
		char libcanon[512] = "";
		if (lib_ok != (want >= 0)) {
			why = lib_ok ? "library accepts, grammar refuses" : "grammar accepts, library refuses";
		} else if (lib_ok) {
			accepted++;
			if (n->kind != want) {
				why = "different kind of turn";
			} else if (want == TB_NODE_MOVE) {
				tb_buf b = TB_BUF_INIT;
				tb_move_write(&b, &n->move);
				snprintf(libcanon, sizeof libcanon, "%s", b.data ? b.data : "");
				tb_buf_free(&b);
				if (strcmp(libcanon, canon) != 0)
					why = "different canonical spelling";
				else if ((nag ? 1u : 0u) != n->nnags || (nag && n->nags[0] != nag))
					why = "different suffix";
			}
		}
		if (why) {
			if (++disagree <= 25)
				print_message("%s: '%s': %s (library: %s%s%s)\n", game->rules ? game->rules : game->name,
				              w, why, libcanon,
				              tb_reader_ndiags(r) ? tb_reader_diag(r, 0)->message : "",
				              "");
		} else {
			agree++;
		}
		tb_record_free(rec);
		nrec++;
	}
	assert_int_equal(nrec, total);
	if (disagree)
		print_message("%s: %zu of %zu tokens disagree\n", game->rules ? game->rules : game->name,
		              disagree, total);
	/* the generated set has plenty of both */
	assert_true(accepted > nvalid / 2);
	assert_true(total - accepted > nmutant / 4);
	tb_reader_free(r);
	for (size_t i = 0; i < total; i++)
		free(tokens[i]);
	free(tokens);
	free(in.d);
	S_checker_free(&c);
	assert_int_equal(disagree, 0);
}

static void test_checker_itself(void **state)
{
	(void)state;
	/* the second reader, on the spec's own examples */
	static const S_game pit = {"pitarra", NULL, S_pitarra24, 0, 0, 0};
	static const S_game asa = {"asalto", NULL, S_asalto, 0, 0, 1};
	static const S_game oce = {"ocencahuac", NULL, NULL, 5, 8, 2};
	S_checker c;
	int nag;
	char canon[64];
	S_checker_init(&c, &pit);
	assert_int_equal(S_check(&c, "a1-a4xg7", &nag, canon, sizeof canon), TB_NODE_MOVE);
	assert_int_equal(S_check(&c, "D1!", &nag, canon, sizeof canon), TB_NODE_MOVE);
	assert_string_equal(canon, "d1");
	assert_int_equal(nag, 1);
	assert_int_equal(S_check(&c, "g1x??", &nag, canon, sizeof canon), TB_NODE_MOVE);
	assert_string_equal(canon, "g1x?");
	assert_int_equal(nag, 2);
	assert_int_equal(S_check(&c, "d1xa1xa4", &nag, canon, sizeof canon), -1);
	assert_int_equal(S_check(&c, "d4", &nag, canon, sizeof canon), -1);
	assert_int_equal(S_check(&c, "d1Xa1", &nag, canon, sizeof canon), -1);
	assert_int_equal(S_check(&c, "--", &nag, canon, sizeof canon), TB_NODE_PASS);
	S_checker_free(&c);
	S_checker_init(&c, &asa);
	assert_int_equal(S_check(&c, "e7xe5xc5xc3xe3", &nag, canon, sizeof canon), TB_NODE_MOVE);
	assert_int_equal(S_check(&c, "Hd6/pass", &nag, canon, sizeof canon), TB_NODE_MOVE);
	assert_string_equal(canon, "Hd6/pass");
	assert_int_equal(S_check(&c, "c3", &nag, canon, sizeof canon), -1);
	assert_int_equal(S_check(&c, "Hd6c3-c4", &nag, canon, sizeof canon), -1);
	assert_int_equal(S_check(&c, "a1-a2", &nag, canon, sizeof canon), -1);
	S_checker_free(&c);
	S_checker_init(&c, &oce);
	assert_int_equal(S_check(&c, "a2^a4>a8^c4>c8^c6", &nag, canon, sizeof canon), TB_NODE_MOVE);
	assert_int_equal(S_check(&c, "c1-c8==!?", &nag, canon, sizeof canon), TB_NODE_MOVE);
	assert_int_equal(nag, 5);
	assert_int_equal(S_check(&c, "c2^c4@b5>b6", &nag, canon, sizeof canon), -1);
	assert_int_equal(S_check(&c, "c2-c3===", &nag, canon, sizeof canon), -1);
	assert_int_equal(S_check(&c, "b4xd4x5", &nag, canon, sizeof canon), -1);
	assert_int_equal(S_check(&c, "c6-c9", &nag, canon, sizeof canon), -1);
	S_checker_free(&c);
}

static void test_pitarra(void **state)
{
	(void)state;
	static const S_game g = {"pitarra", NULL, S_pitarra24, 0, 0, 0};
	S_crosscheck(&g, 101, 4000, 8000);
}

static void test_pitarra_board25(void **state)
{
	(void)state;
	static const S_game g = {"pitarra", "pitarra; board=25", S_pitarra25, 0, 0, 0};
	S_crosscheck(&g, 102, 2000, 4000);
}

static void test_asalto(void **state)
{
	(void)state;
	static const S_game g = {"asalto", NULL, S_asalto, 0, 0, 1};
	S_crosscheck(&g, 201, 4000, 8000);
}

static void test_ocencahuac(void **state)
{
	(void)state;
	static const S_game g = {"ocencahuac", NULL, NULL, 5, 8, 2};
	S_crosscheck(&g, 301, 4000, 8000);
}

static void test_ocencahuac_river6(void **state)
{
	(void)state;
	static const S_game g = {"ocencahuac", "ocencahuac; river=6", NULL, 5, 10, 2};
	S_crosscheck(&g, 302, 2000, 4000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_checker_itself),
		cmocka_unit_test(test_pitarra),
		cmocka_unit_test(test_pitarra_board25),
		cmocka_unit_test(test_asalto),
		cmocka_unit_test(test_ocencahuac),
		cmocka_unit_test(test_ocencahuac_river6),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
