/*
 * catalog.c -- a collection as tables (spec/catalog.md): one row per
 * record -- its tags as Dublin Core terms, its game and rules, what its
 * main line holds and leaves open, its first error, its result -- and
 * one per node of its main line -- the turn the rules played, the
 * position after it, its events. Public face: tablero.h, "Catalogues".
 *
 * Every fact comes from the tree and the record's one reading (the
 * replay's frames, replay.h): nothing written is read back as text. The
 * rows are made one record at a time and handed out as text, column by
 * column; writing them (CSV, JSON Lines) is the caller's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "collate.h"
#include "record.h"

/* ===== The columns ===== */

typedef struct S_col {
	const char *name;
	int type; /* tb_catalog_type */
} S_col;

#define T TB_CATALOG_TEXT
#define N TB_CATALOG_NUMBER
/* The records' table; each column once, in the order written (only
 * ever added to at the end: the columns are a schema). ORDER: S_R_*. */
#define S_RECORD_COLUMNS(X)                                                                 \
	X(FILE, "file", T) X(INDEX, "index", N) X(LINE, "line", N) X(TITLE, "title", T)         \
	X(ALTERNATIVE, "alternative", T) X(SUBJECT, "subject", T) X(CREATOR, "creator", T)      \
	X(FIRST, "contributor_first", T) X(SECOND, "contributor_second", T)                     \
	X(INFORMANT, "contributor_informant", T) X(RECORDER, "contributor_recorder", T)         \
	X(ANNOTATOR, "contributor_annotator", T) X(DATE, "date", T) X(COVERAGE, "coverage", T)  \
	X(COMMUNITY, "coverage_community", T) X(SOURCE, "source", T)                            \
	X(LANGUAGE, "language", T) X(RIGHTS, "rights", T) X(DESCRIPTION, "description", T)      \
	X(GAME, "game", T) X(RULES, "rules", T) X(TURNS, "turns", N) X(UNKNOWN, "unknown", N)   \
	X(GAPS, "gaps", N) X(READINGS, "readings", N) X(RECONSTRUCTED, "reconstructed", N)      \
	X(DECIDED, "decided", N) X(WITNESSES, "witnesses", T) X(ERRORS, "errors", N)            \
	X(WARNINGS, "warnings", N) X(ERROR_CODE, "error_code", T) X(ERROR, "error", T)          \
	X(ERROR_AT, "error_at", T) X(RESULT, "result", T)
/* The turns' table. ORDER: S_T_*. */
#define S_TURN_COLUMNS(X)                                                                   \
	X(FILE, "file", T) X(INDEX, "index", N) X(PLY, "ply", N) X(NUMBER, "number", N)         \
	X(SIDE, "side", T) X(KIND, "kind", T) X(WRITTEN, "written", T) X(TOKEN, "token", T)     \
	X(STATUS, "status", T) X(POSITION, "position", T) X(EVENTS, "events", T)                \
	X(LINE, "line", N) X(TIME, "time", T) X(REGION, "region", T)

#define S_ENUM_R(id, name, type) S_R_##id,
#define S_ENUM_T(id, name, type) S_T_##id,
#define S_ENTRY(id, name, type) {name, type},
enum { S_RECORD_COLUMNS(S_ENUM_R) S_R_N };
enum { S_TURN_COLUMNS(S_ENUM_T) S_T_N };
static const S_col S_record_cols[S_R_N] = {S_RECORD_COLUMNS(S_ENTRY)};
static const S_col S_turn_cols[S_T_N] = {S_TURN_COLUMNS(S_ENTRY)};
#undef S_ENTRY
#undef S_ENUM_T
#undef S_ENUM_R
#undef N
#undef T

#define S_MAX_COLS ((int)S_R_N > (int)S_T_N ? (int)S_R_N : (int)S_T_N)

size_t tb_catalog_ncolumns(tb_catalog_table table)
{
	return table == TB_CATALOG_RECORDS ? S_R_N : table == TB_CATALOG_TURNS ? S_T_N : 0;
}

const char *tb_catalog_column(tb_catalog_table table, size_t i, int *type)
{
	const S_col *c = NULL;
	if (table == TB_CATALOG_RECORDS && i < S_R_N)
		c = &S_record_cols[i];
	else if (table == TB_CATALOG_TURNS && i < S_T_N)
		c = &S_turn_cols[i];
	if (c && type)
		*type = c->type;
	return c ? c->name : NULL;
}

/* ===== A row ===== */

/* One row being made: its values one after another in 'b', each ended
 * by its NUL; a column never set is NULL (nothing known). */
typedef struct S_row {
	tb_buf b;
	size_t off[S_MAX_COLS];
	unsigned char set[S_MAX_COLS];
} S_row;

static void S_row_clear(S_row *w)
{
	tb_buf_clear(&w->b);
	memset(w->set, 0, sizeof w->set);
}

/* Column 'col' is the 'n' bytes at 's'. */
static void S_put(S_row *w, size_t col, const char *s, size_t n)
{
	w->off[col] = w->b.len;
	w->set[col] = 1;
	tb_buf_put(&w->b, s, n);
	tb_buf_putc(&w->b, '\0');
}

static void S_puts(S_row *w, size_t col, const char *s)
{
	if (s)
		S_put(w, col, s, strlen(s));
}

static void S_putu(S_row *w, size_t col, unsigned long v)
{
	w->off[col] = w->b.len;
	w->set[col] = 1;
	tb_buf_putu(&w->b, v);
	tb_buf_putc(&w->b, '\0');
}

/* Hands the row to 'fn': 0, or TB_ENOMEM when memory ran out making it
 * (and then 'fn' does not see it). */
static int S_emit(S_row *w, size_t ncols, tb_catalog_table table, tb_catalog_fn fn, void *ctx)
{
	if (!tb_buf_ok(&w->b))
		return TB_ENOMEM;
	const char *v[S_MAX_COLS];
	for (size_t i = 0; i < ncols; i++)
		v[i] = w->set[i] ? w->b.data + w->off[i] : NULL;
	fn(ctx, table, v);
	return 0;
}

/* ===== The record's row ===== */

/* A tag's value for the catalogue: NULL when the record lacks it or
 * says it is unknown ("?"). */
static const char *S_tag(const tb_record *rec, const char *name)
{
	const char *v = name ? tb_record_tag(rec, name) : NULL;
	return v && strcmp(v, "?") != 0 ? v : NULL;
}

/* [Date] ("1998.07.??", "2003-08-15") as W3CDTF, the form Dublin Core
 * recommends: the year, month and day as far as each is known whole and
 * the one before it is ("1998-07"); nothing when the year is not. */
static void S_date(S_row *w, const char *v)
{
	char out[11];
	size_t n = 0;
	static const size_t len[3] = {4, 2, 2};
	for (size_t part = 0, at = 0; v && part < 3; part++) {
		for (size_t k = 0; k < len[part]; k++)
			if (v[at + k] < '0' || v[at + k] > '9')
				goto done;
		if (part)
			out[n++] = '-';
		memcpy(out + n, v + at, len[part]);
		n += len[part];
		at += len[part];
		if (v[at] != '.' && v[at] != '-')
			break;
		at++;
	}
done:
	if (n)
		S_put(w, S_R_DATE, out, n);
}

/* The tags that map to a column one to one (spec/catalog.md, "The
 * Dublin Core terms"); the players' are the game's (S_record_tags). */
static const struct {
	int col;
	const char *tag;
} S_tag_cols[] = {
	{S_R_TITLE, "Event"},         {S_R_ALTERNATIVE, "LocalName"},
	{S_R_CREATOR, "Transcriber"}, {S_R_INFORMANT, "Informant"},
	{S_R_RECORDER, "Recorder"},   {S_R_ANNOTATOR, "Annotator"},
	{S_R_COVERAGE, "Site"},       {S_R_COMMUNITY, "Community"},
	{S_R_SOURCE, "Source"},       {S_R_LANGUAGE, "Language"},
	{S_R_RIGHTS, "Access"},       {S_R_DESCRIPTION, "Notes"},
	{S_R_GAME, "Game"},           {S_R_RULES, "Rules"},
};

static void S_record_tags(S_row *w, const tb_record *rec)
{
	for (size_t i = 0; i < sizeof S_tag_cols / sizeof S_tag_cols[0]; i++)
		S_puts(w, (size_t)S_tag_cols[i].col, S_tag(rec, S_tag_cols[i].tag));
	const tb_game *g = rec->game;
	if (g) {
		S_puts(w, S_R_SUBJECT, g->title);
		S_puts(w, S_R_FIRST, S_tag(rec, g->side_tag[0]));
		S_puts(w, S_R_SECOND, S_tag(rec, g->side_tag[1]));
	}
	S_date(w, S_tag(rec, "Date"));
	tb_sigla d;
	if (g && tb_sigla_read(rec, &d) == 1) {
		tb_buf s = TB_BUF_SOFT;
		for (size_t i = 0; i < d.n; i++) {
			tb_buf_puts(&s, i ? ", " : "");
			tb_buf_puts(&s, d.s[i]);
		}
		if (!tb_buf_ok(&s))
			tb_buf_fail(&w->b);
		S_put(w, S_R_WITNESSES, s.data ? s.data : "", s.len);
		tb_buf_free(&s);
	}
	if (rec->result != TB_RESULT_NONE)
		S_puts(w, S_R_RESULT, tb_result_text[rec->result]);
}

/* Does move 'm' hold a point nobody knew ('?')? */
static int S_move_unknown(const tb_move *m)
{
	for (size_t i = 0; i < m->nparts; i++)
		if (m->parts[i].pt == TB_PT_UNKNOWN)
			return 1;
	return 0;
}

/* What the main line holds, node by node, as the record follows it (a
 * reading: its first alternative); 'decided' from the replay's frames. */
static void S_record_counts(S_row *w, const tb_record *rec, const tb_replay *rp)
{
	unsigned long turns = 0, unknown = 0, gaps = 0, readings = 0, recon = 0, decided = 0;
	for (const tb_node *n = rec->main.first; n; n = n->next) {
		uint8_t k = tb_node_followed(n);
		const tb_move *m = n->kind == TB_NODE_READING ? &n->alts[0].move : &n->move;
		int re = n->kind == TB_NODE_READING ? n->alts[0].reconstructed : n->reconstructed;
		turns += tb_kind_is_turn(k);
		unknown += k == TB_NODE_UNKNOWN || (k == TB_NODE_MOVE && S_move_unknown(m));
		gaps += k == TB_NODE_GAP;
		readings += n->kind == TB_NODE_READING;
		recon += re != 0;
		long f = rp ? tb_replay_find(rp, n, 0) : -1;
		decided += f >= 0 && tb_replay_status(rp, f) == TB_FRAME_RECONSTRUCTED;
	}
	S_putu(w, S_R_TURNS, turns);
	S_putu(w, S_R_UNKNOWN, unknown);
	S_putu(w, S_R_GAPS, gaps);
	S_putu(w, S_R_READINGS, readings);
	S_putu(w, S_R_RECONSTRUCTED, recon);
	if (rp)
		S_putu(w, S_R_DECIDED, decided);
}

/* The record's diagnostics -- the reader's and the replay's -- counted,
 * and the first error's code, message and place. */
static void S_record_diags(S_row *w, const tb_reader *r)
{
	unsigned long errors = 0, warnings = 0;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		if (d->severity != TB_ERROR) {
			warnings++;
			continue;
		}
		if (!errors++) {
			char code[16], at[32];
			snprintf(code, sizeof code, "TB%03d", d->code);
			snprintf(at, sizeof at, "%u:%u", d->line, d->col);
			S_puts(w, S_R_ERROR_CODE, code);
			S_puts(w, S_R_ERROR, d->message);
			S_puts(w, S_R_ERROR_AT, at);
		}
	}
	S_putu(w, S_R_ERRORS, errors);
	S_putu(w, S_R_WARNINGS, warnings);
}

/* ===== The turns' rows ===== */

/* What a frame's report (tb_replay_report) puts in a turn's row. */
typedef struct S_turn {
	S_row *w;
	int known; /* the position after it is known: written or decided */
	int events; /* its events are told: known, or certain while open */
} S_turn;

static void S_turn_report(void *ctx, const tb_turn_report *t)
{
	S_turn *s = ctx;
	S_puts(s->w, S_T_TOKEN, t->token);
	if (s->known && *t->position)
		S_puts(s->w, S_T_POSITION, t->position);
	if (s->events)
		S_puts(s->w, S_T_EVENTS, t->events);
}

/* Node 'n' of the main line, 'ply' turns through it: its row. */
static int S_turn_row(S_row *w, const tb_record *rec, const tb_replay *rp, const tb_node *n,
                      unsigned long ply)
{
	static const char *const kinds[] = {"move", "pass", "unknown", "reading", "gap",
	                                    "position", "omitted"}; /* ORDER: tb_node_kind */
	static const char *const status[] = {"written", "reconstructed", "open",
	                                     "unknown"}; /* ORDER: tb_frame_status */
	uint8_t k = tb_node_followed(n);
	if (n->side < 2)
		S_puts(w, S_T_SIDE, rec->game->side_tag[n->side]);
	S_putu(w, S_T_PLY, ply);
	if (n->number && tb_kind_is_turn(k))
		S_putu(w, S_T_NUMBER, n->number);
	S_puts(w, S_T_KIND, kinds[n->kind]);
	char *written = tb_node_token(rec, n);
	if (!written)
		return TB_ENOMEM;
	S_puts(w, S_T_WRITTEN, written);
	free(written);
	S_putu(w, S_T_LINE, n->span.line);
	tb_evidence_info ev;
	if (tb_node_evidence(n, &ev)) { /* its own link (spec/tgn.md 8.6), as written */
		char link[96];
		if (tb_evidence_format(&ev, TB_EVIDENCE_TIME, link, sizeof link))
			S_puts(w, S_T_TIME, link);
		if (tb_evidence_format(&ev, TB_EVIDENCE_REGION, link, sizeof link))
			S_puts(w, S_T_REGION, link);
	}
	long i = rp ? tb_replay_find(rp, n, 0) : -1;
	if (i < 0)
		return 0;
	int st = tb_replay_status(rp, i);
	S_puts(w, S_T_STATUS, status[st]);
	S_turn s = {w, st == TB_FRAME_WRITTEN || st == TB_FRAME_RECONSTRUCTED,
	            st != TB_FRAME_UNKNOWN};
	return tb_replay_report(rp, i, S_turn_report, &s) == TB_ENOMEM ? TB_ENOMEM : 0;
}

/* ===== Both ===== */

static int S_turns(S_row *w, const tb_record *rec, const tb_replay *rp, const char *file,
                   size_t index, tb_catalog_fn fn, void *ctx)
{
	unsigned long ply = 0;
	for (const tb_node *n = rec->main.first; n; n = n->next) {
		ply += tb_kind_is_turn(tb_node_followed(n));
		S_row_clear(w);
		S_puts(w, S_T_FILE, file);
		S_putu(w, S_T_INDEX, index);
		int rc = S_turn_row(w, rec, rp, n, ply);
		if (rc || (rc = S_emit(w, S_T_N, TB_CATALOG_TURNS, fn, ctx)))
			return rc;
	}
	return 0;
}

static int S_record(S_row *w, const tb_record *rec, const tb_replay *rp, const tb_reader *r,
                    const char *file, size_t index, tb_catalog_fn fn, void *ctx)
{
	S_row_clear(w);
	S_puts(w, S_R_FILE, file);
	S_putu(w, S_R_INDEX, index);
	S_putu(w, S_R_LINE, rec->line);
	S_record_tags(w, rec);
	S_record_counts(w, rec, rp);
	S_record_diags(w, r);
	return S_emit(w, S_R_N, TB_CATALOG_RECORDS, fn, ctx);
}

int tb_catalog_record(tb_reader *r, const tb_record *rec, const char *file, size_t index,
                      unsigned tables, tb_catalog_fn fn, void *ctx)
{
	if (!r || !rec || !fn)
		return TB_EINVAL;
	tb_replay *rp = tb_reader_replay(r, rec);
	if (!rp && rec->game && rec->game->rules && rec->errors == rec->offboard)
		return TB_ENOMEM; /* it would have been replayed (as xml_write.c) */
	S_row *w = calloc(1, sizeof *w);
	int rc = TB_ENOMEM;
	if (w) {
		w->b.soft = 1;
		rc = 0;
		if (tables & (1u << TB_CATALOG_TURNS) && rec->game)
			rc = S_turns(w, rec, rp, file ? file : "", index, fn, ctx);
		if (!rc && tables & (1u << TB_CATALOG_RECORDS))
			rc = S_record(w, rec, rp, r, file ? file : "", index, fn, ctx);
		tb_buf_free(&w->b);
		free(w);
	}
	tb_replay_free(rp);
	return rc;
}
