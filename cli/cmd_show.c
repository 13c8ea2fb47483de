/*
 * cmd_show.c -- "tablero show": a position of a record, or a bare
 * position, drawn as text in the terminal, with the legal turns on
 * request (spec/show.md).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct S_opts {
	const char *file;
	long game;            /* which record, from 1 */
	cli_turn turn;        /* --ply/--move; ply -1 and number 0: the end */
	const char *turn_arg;
	const char *position, *rules;
	int legal;
	const char *colour;
	const tb_lang *lang;  /* --lang; NULL: the record's [Language] */
} S_opts;

static int S_lang(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	return (o->lang = cli_lang_arg("show", a->value)) ? 0 : -1;
}

/* 'key''s words in 'l' for the number 'n', "{1}"... filled from 'args';
 * static storage, good until the next call. */
static const char *S_words(const tb_lang *l, const char *key, long n, const char *const *args,
                           size_t nargs)
{
	static char out[1024];
	const char *t = tb_lang_text_n(l, key, n);
	size_t k = 0;
	for (const char *p = t ? t : key; *p && k + 1 < sizeof out; p++) {
		int arg = p[0] == '{' && p[1] >= '1' && p[1] <= '9' && p[2] == '}';
		if (!arg) {
			out[k++] = *p;
			continue;
		}
		size_t i = (size_t)(p[1] - '1');
		for (const char *a = i < nargs && args[i] ? args[i] : ""; *a && k + 1 < sizeof out; a++)
			out[k++] = *a;
		p += 2;
	}
	out[k] = '\0';
	return out;
}

static int S_game(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	char *end;
	o->game = strtol(a->value, &end, 10);
	return *end || o->game < 1 || o->game > 1000000;
}

/* --ply N, --move N (tag 1: a bare number is a move number) */
static int S_turn(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	if (o->turn_arg) {
		cli_error("show", "one turn at a time: '%s' and '%s'", o->turn_arg, a->value);
		return -1;
	}
	int bad = cli_turn_arg(a->value, a->opt->tag, &o->turn);
	o->turn_arg = a->value;
	return bad ? 1 : 0;
}

/* --color WHEN, --color=WHEN (and --colour) */
static int S_colour(void *opts, const cli_optarg *a)
{
	S_opts *o = opts;
	o->colour = a->value;
	if (!strcmp(a->value, "auto") || !strcmp(a->value, "always") || !strcmp(a->value, "never"))
		return 0;
	if (!a->glued)
		return 1;
	cli_error("show", "bad value in '%s' (auto, always or never)", a->arg);
	return -1;
}

static int S_file(void *opts, char *arg)
{
	S_opts *o = opts;
	if (o->file) {
		cli_error("show", "one file at a time ('%s' is one too many)", arg);
		return -1;
	}
	o->file = arg;
	return 0;
}

static const cli_opt S_opts_table[] = {
	CLI_CALL(0, "game", "N", S_game, 0, 0, NULL, NULL),
	CLI_CALL(0, "ply", "N", S_turn, 0, 0, NULL,
	         "after N turns of the main line (0: its start;\n"
	         "default: the last); N. or N... is a move number"),
	CLI_CALL(0, "move", "N.", S_turn, 1, 0, NULL,
	         "after the first side's turn N, as the record numbers\n"
	         "it (N alone is the same); N... the second side's"),
	CLI_FLAG(0, "legal", S_opts, legal, "list every legal turn there, as tokens to copy"),
	CLI_CALL(0, "lang", "L", S_lang, 0, 0, NULL,
	         "the words in L (en, es, ar); default: the record's\n[Language], else English"),
	CLI_CALL(0, "color", "WHEN", S_colour, 0, CLI_OPT_GLUED, NULL,
	         "colour the pieces: auto (on a terminal, unless\n"
	         "NO_COLOR is set), always or never"),
	CLI_CALL(0, "colour", "WHEN", S_colour, 0, CLI_OPT_GLUED | CLI_OPT_UNDOCUMENTED, NULL, NULL),
	CLI_STRING(0, "rules", "R", S_opts, rules,
	           "a bare position of the game R names first\n(\"asalto; chain=zigzag\")"),
	CLI_STRING(0, "position", "P", S_opts, position,
	           "that position (position notation; default: the start)"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_show_options = {
	"show",
	"usage: tablero show [--game N] [--ply N | --move N. | --move N...] [--legal]\n"
	"                    [--lang L] [--color auto|always|never] [FILE]\n"
	"       tablero show --rules R [--position P] [--legal] [--lang L]\n"
	"\n"
	"Draws the position of record N (default 1) of FILE ('-' or none:\n"
	"standard input) after a turn of its main line, replayed by its rules,\n"
	"as text (spec/show.md): the board's points and lines, the pieces by\n"
	"side and kind, pieces to place and taken, whose turn it is or how the\n"
	"game ended, and the position's notation. Where the rules cannot follow\n"
	"the record (an illegal turn, an unknown turn, a gap), the last position\n"
	"they reached is drawn and standard error says where they stopped.\n"
	"The words are the record's language's ([Language]: English, Spanish or\n"
	"Arabic), or --lang's; the notation and the diagnostics stay as they are.\n"
	"\n",
	S_opts_table, 17,
	"Exit: 0 drawn, 1 the record has errors or the rules stopped before the\n"
	"turn asked for (the board is then the last position known), 2 could\n"
	"not run (usage, a turn the record does not have).\n",
	CLI_OPTS_MIXED | CLI_OPTS_LAST_NEEDS_VALUE, S_file, NULL, NULL, NULL
};

static int S_args(int argc, char **argv, S_opts *o)
{
	o->game = 1;
	o->turn = (cli_turn){-1, 0, 0};
	o->colour = "auto";
	if (cli_options_parse(&cli_show_options, argc, argv, o) < 0)
		return -1;
	if ((o->position || o->rules) && (o->file || o->turn_arg)) {
		cli_error("show", "--position and --rules show a bare position, not a record's turn");
		return -1;
	}
	if (o->position && !o->rules) {
		cli_error("show", "--position needs --rules, which names the game first "
		                  "(\"ocencahuac\", \"asalto; chain=zigzag\")");
		return -1;
	}
	return 0;
}

/* The legal turns, collected to be counted, then printed wrapped to a
 * terminal's width, two spaces apart. */
typedef struct S_list {
	char **v;
	size_t n, cap;
} S_list;

static void S_legal_one(void *ctx, const char *token, unsigned long long count)
{
	(void)count;
	S_list *l = ctx;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		char **v = realloc(l->v, l->cap * sizeof *v);
		if (!v)
			cli_oom();
		l->v = v;
	}
	l->v[l->n] = strdup(token);
	if (!l->v[l->n])
		cli_oom();
	l->n++;
}

/* The game's name in 'l' ("لعبة الحصن" for Asalto in Arabic). */
static const char *S_title(const tb_game *g, const tb_lang *l)
{
	char key[64];
	snprintf(key, sizeof key, "game.%s", tb_game_name(g));
	const char *t = tb_lang_text(l, key);
	return t ? t : tb_game_title(g);
}

/* The board, then the legal turns when asked. */
static void S_print(const S_opts *o, tb_engine *e, const tb_lang *lang)
{
	char *board = tb_engine_board_in(e, cli_colour(stdout, o->colour) ? TB_BOARD_COLOUR : 0, lang);
	if (!board)
		cli_oom();
	fputs(board, stdout);
	free(board);
	if (!o->legal)
		return;
	char *over = tb_engine_over_in(e, lang);
	if (!over && tb_engine_status(e) == TB_ENOMEM)
		cli_oom();
	if (over) {
		const char *args[] = {over};
		printf("%s\n", S_words(lang, "show.legal.over", -1, args, 1));
		free(over);
		return;
	}
	S_list l = {NULL, 0, 0};
	tb_engine_divide(e, 1, S_legal_one, &l);
	if (tb_engine_status(e) == TB_ENOMEM)
		cli_oom();
	char count[24];
	snprintf(count, sizeof count, "%zu", l.n);
	const char *args[] = {count};
	printf("%s\n", S_words(lang, "show.legal", (long)l.n, args, 1));
	size_t col = 0;
	for (size_t i = 0; i < l.n; i++) {
		size_t len = strlen(l.v[i]);
		if (col && col + 2 + len > 76) {
			fputc('\n', stdout);
			col = 0;
		}
		printf("  %s", l.v[i]);
		col += 2 + len;
		free(l.v[i]);
	}
	if (col)
		fputc('\n', stdout);
	free(l.v);
}

static int S_bare(const S_opts *o)
{
	char name[64];
	const char *rules = o->rules ? o->rules : "";
	snprintf(name, sizeof name, "%.*s", (int)strcspn(rules, "; "), rules);
	const tb_game *g = tb_game_find(name);
	if (!g) {
		char hint[64];
		cli_error("show", "--rules must name the game first, not '%s'%s", name,
		          cli_game_hint(name, hint, sizeof hint));
		return EXIT_TROUBLE;
	}
	char *why = NULL;
	tb_engine *e = tb_engine_new(g, rules, o->position && *o->position ? o->position : NULL,
	                             &why);
	if (!e && !why)
		cli_oom();
	if (!e) {
		cli_error("show", "%s", why);
		free(why);
		return EXIT_PROBLEMS;
	}
	if (tb_engine_incomplete(e)) {
		cli_error("show", "%s", tb_engine_incomplete(e));
		tb_engine_free(e);
		return EXIT_PROBLEMS;
	}
	printf("%s, %s\n", S_title(g, o->lang),
	       tb_lang_text(o->lang, o->position && *o->position ? "show.given" : "show.start"));
	S_print(o, e, o->lang);
	tb_engine_free(e);
	return EXIT_CLEAN;
}

/* The record 'o->game' of the file, or NULL after saying why. */
static tb_record *S_record(const S_opts *o, tb_reader *r)
{
	tb_record *rec = NULL;
	int got;
	long at = 0;
	while ((got = cli_reader_next(r, &rec)) == 1) {
		if (++at == o->game)
			return rec;
		tb_record_free(rec);
		rec = NULL;
	}
	cli_print_errors(r);
	if (got == 0)
		cli_error("show", "the file has %ld record%s, not %ld", at, at == 1 ? "" : "s",
		          o->game);
	return NULL;
}

/* Which turn the board is, for the first line, in 'l': "after 19...
 * g1-f2 (turn 24 of 32, reconstructed)" for a turn the rules decided;
 * in an open stretch, the turn asked for, how many turns fit where the
 * rules stopped, and the last position known. */
static void S_where(char *out, size_t n, const tb_record *rec, long asked, const tb_reached *at,
                    const tb_lang *l)
{
	long plies = (long)tb_record_plies(rec);
	char ply[24], all[24], known[400];
	snprintf(ply, sizeof ply, "%ld", at->ply);
	snprintf(all, sizeof all, "%ld", plies);
	const char *args[] = {at->last, ply, all};
	snprintf(known, sizeof known, "%s",
	         S_words(l, !at->ply ? "show.at_start" : *at->last ? "show.after" : "show.after.turn",
	                 -1, args, 3));
	if (at->settled && *at->last) {
		char count[24];
		snprintf(count, sizeof count, "%llu", at->settled);
		const char *sa[] = {at->last, ply, all, count};
		snprintf(out, n, "%s", S_words(l, "show.after.settled", -1, sa, 4));
	} else if (at->decided && *at->last) {
		snprintf(out, n, "%s", S_words(l, "show.after.reconstructed", -1, args, 3));
	} else if (at->open) {
		char fit[300], count[24], asked_s[24];
		if (at->fits > 1) {
			snprintf(count, sizeof count, "%llu", at->fits);
			const char *fa[] = {count, at->stop};
			snprintf(fit, sizeof fit, "%s",
			         S_words(l, at->gap ? "show.fits.gap" : "show.fits", (long)at->fits, fa, 2));
		} else {
			snprintf(count, sizeof count, "%zu", at->positions);
			const char *fa[] = {count};
			snprintf(fit, sizeof fit, "%s", S_words(l, "show.positions", (long)at->positions, fa, 1));
		}
		snprintf(asked_s, sizeof asked_s, "%ld", asked < 0 ? plies : asked);
		const char *oa[] = {asked_s, all, fit, known};
		snprintf(out, n, "%s", S_words(l, "show.open", -1, oa, 4));
	} else {
		snprintf(out, n, "%s", known);
	}
}

/* Appends "18. e3-e4" to 'list' (at '*len'), or for a gap the rules
 * filled, each of its turns with its number ("18... b6-a7xe4 19. c3"):
 * a gap has no number of its own, so its turns count back from the
 * numbered turn after it. */
static void S_numbered(char *list, size_t size, size_t *len, const tb_node *node, char *token)
{
	size_t k = 1;
	for (const char *p = token; *p; p++)
		k += *p == ' ';
	unsigned num = tb_node_number(node);
	int side = tb_node_side(node);
	if (tb_node_type(node) == TB_NODE_GAP) {
		const tb_node *next = tb_node_next(node);
		while (next && !tb_node_number(next))
			next = tb_node_next(next);
		if (!next)
			return; /* nothing after it to count from: said by the first line */
		num = tb_node_number(next);
		side = tb_node_side(next);
		for (size_t j = 0; j < k; j++) { /* one turn back */
			num -= side == 0;
			side = !side;
		}
	}
	for (char *t = strtok(token, " "); t; t = strtok(NULL, " ")) {
		int w = snprintf(list + *len, size - *len, "%s%u%s %s", *len ? ", " : "", num,
		                 side ? "..." : ".", t);
		if (w > 0 && (size_t)w < size - *len)
			*len += (size_t)w;
		num += side == 1;
		side = !side;
	}
}

/* "Reconstructed before it: 18. e3-e4, 19... g1-f2": the turns of the
 * main line before the one shown that the record leaves open ('?', a '?'
 * point, a gap) and the rules decided, as they played them; the board
 * stands on them. Nothing when there are none. */
static void S_decided(const tb_replay *rp, const tb_reached *at, const tb_lang *l)
{
	if (!rp)
		return; /* no replay: none decided */
	char list[1024] = "";
	size_t len = 0;
	for (long i = 0; i < (long)tb_replay_count(rp); i++) {
		if (tb_replay_depth(rp, i) || tb_replay_ply(rp, i) > at->ply ||
		    (tb_replay_ply(rp, i) == at->ply && at->decided))
			continue;
		if (tb_replay_status(rp, i) != TB_FRAME_RECONSTRUCTED)
			continue;
		char *token = tb_replay_token(rp, i);
		tb_node *node = tb_replay_node(rp, i, NULL);
		if (!token || !node) {
			free(token);
			continue;
		}
		S_numbered(list, sizeof list, &len, node, token);
		free(token);
	}
	if (len) {
		const char *args[] = {list};
		printf("%s\n", S_words(l, "show.decided", -1, args, 1));
	}
}

/* The node of turn 'ply' (from 1) of the main line, counted as --ply
 * counts (a gap, a restated position: none), or NULL. */
static const tb_node *S_turn_node(const tb_record *rec, long ply)
{
	long n = 0;
	for (const tb_node *x = tb_line_first(tb_record_main(rec)); x && ply > 0;
	     x = tb_node_next(x)) {
		int k = tb_node_type(x) == TB_NODE_READING ? tb_alt_type(x, 0) : tb_node_type(x);
		if ((k == TB_NODE_MOVE || k == TB_NODE_PASS || k == TB_NODE_UNKNOWN) && ++n == ply)
			return x;
	}
	return NULL;
}

/* "Evidence: 0:02:10-0:02:14, p12#120,340,80,40": where the turn shown
 * is in the recording and on a page (spec/tgn.md 8.6), when it says. */
static void S_evidence(const tb_record *rec, const tb_reached *at, const tb_lang *l)
{
	tb_evidence_info ev;
	const tb_node *n = at->stopped ? NULL : S_turn_node(rec, at->ply);
	if (!n || !tb_node_evidence(n, &ev))
		return;
	char time[64], region[96];
	tb_evidence_format(&ev, TB_EVIDENCE_TIME, time, sizeof time);
	tb_evidence_format(&ev, TB_EVIDENCE_REGION, region, sizeof region);
	printf("%s %s%s%s\n", tb_lang_text(l, "show.evidence"), time, *time && *region ? ", " : "",
	       region);
}

/* "32... ? is e5-d5, the only turn that fits.": the turn asked for, in an
 * open stretch, when the rules decide it though the positions stay
 * several (spec/replay.md §3); nothing otherwise. */
static void S_decided_open(const tb_replay *rp, const tb_record *rec, long ply,
                           const tb_reached *at, const tb_lang *l)
{
	const tb_node *n = at->open && ply > 0 ? S_turn_node(rec, ply) : NULL;
	long i = rp && n ? tb_replay_find(rp, n, 0) : -1;
	if (i < 0 || tb_replay_status(rp, i) != TB_FRAME_OPEN)
		return;
	char *turn = tb_replay_token(rp, i), *written = turn ? tb_node_token(rec, n) : NULL;
	if (turn && written) {
		char node[160];
		snprintf(node, sizeof node, "%u%s %s", tb_node_number(n),
		         tb_node_side(n) == 1 ? "..." : ".", written);
		const char *args[] = {node, turn};
		char said[400];
		snprintf(said, sizeof said, "%s", S_words(l, "note.decided", -1, args, 2));
		const char *sa[] = {said};
		printf("%s\n", S_words(l, "note.sentence", -1, sa, 1));
	} else if (turn) {
		cli_oom();
	}
	free(turn);
	free(written);
}

static int S_show(const S_opts *o, tb_reader *r, const char *path, const tb_record *rec)
{
	long ply = o->turn_arg ? cli_turn_ply("show", rec, &o->turn) : -1;
	if (o->turn_arg && ply < 0)
		return EXIT_TROUBLE;
	tb_reached at;
	char *why = NULL, where[480];
	/* one replay: the engine's position and the turns decided before it */
	tb_replay *rp = tb_record_replay(rec); /* NULL: errors (tb_record_engine says) */
	tb_engine *e = tb_record_engine_in(rec, rp, ply, &at, &why);
	if (!e && !why)
		cli_oom();
	if (at.stopped || !e) { /* what is wrong, as validate says it */
		if (tb_reader_validate(r, rec, NULL, NULL) == TB_ENOMEM)
			cli_oom();
		cli_print_errors(r);
	}
	if (!e) {
		cli_error("show", "%s: nothing to draw: %s", path, why);
		free(why);
		tb_replay_free(rp);
		return EXIT_PROBLEMS;
	}
	const tb_lang *l = o->lang ? o->lang : tb_record_lang(rec);
	S_where(where, sizeof where, rec, ply, &at, l);
	const char *site = tb_record_tag(rec, "Site");
	int has_site = site && *site && strcmp(site, "?");
	printf("%s%s%s, %s\n", S_title(tb_record_game(rec), l), has_site ? ", " : "",
	       has_site ? site : "", where);
	S_where(where, sizeof where, rec, ply, &at, NULL); /* standard error's words */
	S_decided(rp, &at, l);
	S_decided_open(rp, rec, ply, &at, l);
	tb_replay_free(rp);
	S_evidence(rec, &at, l);
	S_print(o, e, l);
	tb_engine_free(e);
	if (!at.stopped || at.open) /* an open stretch: the first line says it */
		return EXIT_CLEAN;
	fflush(stdout);
	if (at.line)
		fprintf(stderr, "%s:%u:%u: the rules stop at %s (%s): the board is the last position "
		        "they reached, %s\n", path, at.line, at.col, at.stop, at.why, where);
	else
		fprintf(stderr, "%s: the rules stop at the start (%s)\n", path, at.why);
	return EXIT_PROBLEMS;
}

static int S_from_file(const S_opts *o)
{
	const char *path = o->file ? o->file : "-";
	const char *shown = strcmp(path, "-") ? path : "<stdin>";
	FILE *f = cli_open(path);
	if (!f)
		return EXIT_TROUBLE;
	tb_reader *r = cli_reader_new_file(f, shown);
	tb_record *rec = S_record(o, r);
	int rc = EXIT_TROUBLE;
	if (rec && tb_record_errors(rec)) {
		cli_print_errors(r);
		cli_error("show", "record %ld has errors: nothing drawn", o->game);
		rc = EXIT_PROBLEMS;
	} else if (rec) {
		rc = S_show(o, r, shown, rec);
	}
	tb_record_free(rec);
	tb_reader_free(r);
	cli_close(f);
	return rc;
}

int cmd_show(int argc, char **argv)
{
	S_opts o;
	memset(&o, 0, sizeof o);
	if (S_args(argc, argv, &o))
		return EXIT_TROUBLE;
	return o.rules ? S_bare(&o) : S_from_file(&o);
}
