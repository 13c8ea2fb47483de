/*
 * svg.c -- printable diagrams (spec/svg.md): a position as a standalone
 * SVG 1.1 document with a caption in the record's language, or many on
 * pages (sheets). The drawing is diagram.c's and the captions are
 * caption.c's, shared with the books (book.c) and the web pages
 * (html.c); this file only lays them out.
 *
 * Units: a standalone document's width and height are in millimetres,
 * so a diagram prints at exactly its size.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caption.h"
#include "diagram.h"
#include "writer.h"
#include "xalloc.h"
#include "xml.h"

#define MARGIN TB_DIA_MARGIN /* user units around a drawing, on every side */
#define CAP_MM 2.7    /* a caption's font size, printed: millimetres (7.7 pt) */
#define CAP_LEADING 1.3 /* its lines' distance, in font sizes */
#define CAP_GAP 3.0   /* between the coordinates and the caption */

/* ===== Documents ===== */

/* Ends the document; returns its text, or NULL when memory ran out. */
static char *S_svg_close(tb_xw *w, tb_buf *b, size_t *len)
{
	tb_xw_end(w);
	tb_buf_putc(b, '\n');
	char *out = tb_buf_ok(b) ? tb_malloc(b->len + 1) : NULL;
	if (!out)
		return NULL;
	memcpy(out, b->data, b->len + 1);
	if (len)
		*len = b->len;
	return out;
}

typedef struct S_job {
	const tb_record *rec; /* NULL for a bare position */
	const tb_ruleset *rs;
	const tb_svg_opts *o;
	const tb_lang *lang;
	tb_dia dia;
	tb_buf out;           /* reused from document to document */
} S_job;

static char *S_text_out(tb_buf *b, size_t *len)
{
	if (!tb_buf_ok(b))
		return NULL;
	if (len)
		*len = b->len;
	return tb_strdup(b->data ? b->data : "");
}

/* One standalone diagram. */
static char *S_one(S_job *j, const tb_view *f, size_t *len)
{
	tb_caption cap;
	tb_caption_make(&cap, j->rec, j->rs, f, j->lang, j->o->caption, 0, j->o->tags);
	if (!tb_caption_ok(&cap))
		tb_buf_fail(&j->out);
	if (j->o->text_only) {
		tb_buf_clear(&j->out);
		for (size_t i = 0; i < cap.n; i++)
			tb_para_plain(&cap.para[i], &j->out);
		tb_caption_free(&cap);
		return S_text_out(&j->out, len);
	}
	double cw = j->dia.width - 2 * MARGIN;
	double mm = j->o->size_mm > 0 ? j->o->size_mm : 60;
	/* the caption at a printed size (CAP_MM), whatever the diagram's */
	double cap_size = CAP_MM * j->dia.width / mm, cap_line = cap_size * CAP_LEADING;
	int lines = tb_caption_set(&cap, NULL, 0, 0, cw, cap_size, cap_line, "caption");
	if (!tb_caption_ok(&cap)) /* its words */
		tb_buf_fail(&j->out);
	double top = j->dia.height - MARGIN + CAP_GAP;
	double h = lines ? top + cap_size + (lines - 1) * cap_line + 0.3 * cap_size + MARGIN
	                 : j->dia.height;
	tb_xw w;
	tb_buf_clear(&j->out);
	tb_xw_init(&w, &j->out);
	tb_svg_open(&w, "tablero", mm, mm * h / j->dia.width, j->dia.width, h);
	tb_buf css = TB_BUF_SOFT;
	tb_buf_puts(&css, ".caption{font-size:");
	tb_num(&css, cap_size);
	tb_buf_puts(&css, "px}");
	if (!tb_buf_ok(&css))
		tb_buf_fail(&j->out);
	tb_dia_defs(&w, j->o->grayscale, tb_game_bit(j->rs->game), css.data ? css.data : "");
	tb_buf_free(&css);
	tb_dia_draw(&j->dia, &w, f, 0, 0, 1);
	if (lines) {
		tb_xw_start(&w, "g", "caption-block");
		tb_caption_set(&cap, &w, MARGIN, top + cap_size, cw, cap_size, cap_line, "caption");
		tb_xw_end(&w);
	}
	tb_caption_free(&cap);
	return S_svg_close(&w, &j->out, len);
}

/* ===== Sheets ===== */

#define SHEET_MARGIN 15.0  /* mm, every side */
#define SHEET_GAP 5.0      /* mm between diagrams, at least */
#define SHEET_CAP 2.6      /* mm, a diagram's caption */
#define SHEET_CAP_LINE 3.4
#define SHEET_TITLE 3.8    /* mm, the record's title */
#define SHEET_FOLIO 3.0    /* mm, the page number */

static const char S_css_page[] =
	".page{fill:#fff}.title{font-size:3.8px;fill:#000}.folio{font-size:3px;fill:#000}"
	".sheet-caption{font-size:2.6px;fill:#000}";

/* One page of diagrams from f[0]: the record's title at its head, as
 * many diagrams as fit in rows of columns, each with its short caption,
 * the page number at its foot. Sets '*placed'. */
static char *S_sheet(S_job *j, const tb_view *f, size_t n, long page, size_t *len,
                     size_t *placed)
{
	double pw, ph;
	tb_page_size(j->o->sheet, &pw, &ph);
	double avail = pw - 2 * SHEET_MARGIN, cell;
	int cols = tb_sheet_columns(avail, j->o->size_mm > 0 ? j->o->size_mm : 60, SHEET_GAP, &cell);
	/* never taller than the page holds, with a title and three caption lines */
	double room = ph - 2 * SHEET_MARGIN - 3 * SHEET_TITLE - SHEET_FOLIO - 2 * SHEET_GAP -
	              3 * SHEET_CAP_LINE;
	double tall = (j->dia.height - MARGIN) / j->dia.width;
	if (cell * tall > room)
		cell = room / tall;
	double gap = cols > 1 ? (avail - cols * cell) / (cols - 1) : 0;
	double scale = cell / j->dia.width;
	tb_xw w;
	tb_buf text = TB_BUF_SOFT; /* under text_only, the captions */
	tb_buf_clear(&j->out);
	tb_xw_init(&w, &j->out);
	tb_svg_open(&w, "tablero", pw, ph, pw, ph); /* user units are millimetres here */
	tb_dia_defs(&w, j->o->grayscale, tb_game_bit(j->rs->game), S_css_page);
	tb_xw_start(&w, "rect", "page"); /* the paper, white */
	tb_xw_num(&w, "x", 0);
	tb_xw_num(&w, "y", 0);
	tb_xw_num(&w, "width", pw);
	tb_xw_num(&w, "height", ph);
	tb_xw_end(&w);
	tb_para title;
	tb_para_init(&title, j->lang->rtl, j->lang->code);
	tb_record_title(&title, j->rec, j->lang, TB_RUN_BOLD);
	if (!tb_para_ok(&title))
		tb_buf_fail(&text);
	tb_para_style ts = {SHEET_TITLE, "title", 0};
	double y = SHEET_MARGIN + SHEET_TITLE;
	int tl = tb_para_set(&title, &w, SHEET_MARGIN, y, avail, SHEET_TITLE * 1.3, &ts);
	tb_para_free(&title);
	y += (tl - 1) * SHEET_TITLE * 1.3 + SHEET_GAP;
	double bottom = ph - SHEET_MARGIN - SHEET_FOLIO - SHEET_GAP;
	size_t i = 0;
	while (i < n) {
		size_t row = n - i < (size_t)cols ? n - i : (size_t)cols;
		int lines = 0;
		tb_caption caps[TB_MAX_COLUMNS];
		for (size_t k = 0; k < row; k++) {
			tb_caption_make(&caps[k], j->rec, j->rs, &f[i + k], j->lang, TB_CAPTION_SHORT, 0,
			                NULL);
			int l = tb_caption_set(&caps[k], NULL, 0, 0, cell - 2 * MARGIN * scale, SHEET_CAP,
			                       SHEET_CAP_LINE, NULL);
			lines = l > lines ? l : lines;
			if (!tb_caption_ok(&caps[k])) {
				tb_buf_fail(&j->out);
				tb_buf_fail(&text);
			}
		}
		double h = (j->dia.height - MARGIN) * scale + lines * SHEET_CAP_LINE;
		if (y + h > bottom && i > 0) {
			for (size_t k = 0; k < row; k++)
				tb_caption_free(&caps[k]);
			break;
		}
		for (size_t k = 0; k < row && j->o->text_only; k++)
			for (size_t c = 0; c < caps[k].n; c++)
				tb_para_plain(&caps[k].para[c], &text);
		for (size_t k = 0; k < row; k++) {
			double x = SHEET_MARGIN + (double)k * (cell + gap);
			if (j->lang->rtl) /* right to left: the first diagram on the right */
				x = pw - SHEET_MARGIN - cell - (double)k * (cell + gap);
			tb_xw_start(&w, "g", "sheet-cell");
			tb_dia_draw(&j->dia, &w, &f[i + k], x, y, scale);
			tb_caption_set(&caps[k], &w, x + MARGIN * scale,
			               y + j->dia.height * scale - MARGIN * scale + SHEET_CAP,
			               cell - 2 * MARGIN * scale, SHEET_CAP, SHEET_CAP_LINE, "sheet-caption");
			tb_xw_end(&w);
			tb_caption_free(&caps[k]);
		}
		y += h + SHEET_GAP;
		i += row;
	}
	char folio[32];
	snprintf(folio, sizeof folio, "%ld", page);
	tb_xw_start(&w, "text", "folio");
	tb_xw_num(&w, "x", pw / 2);
	tb_xw_num(&w, "y", ph - SHEET_MARGIN);
	tb_xw_attr(&w, "text-anchor", "middle");
	tb_xw_text(&w, folio, strlen(folio));
	tb_xw_end(&w);
	*placed = i;
	if (j->o->text_only) {
		char *out = S_text_out(&text, len);
		tb_buf_free(&text);
		return out;
	}
	return S_svg_close(&w, &j->out, len);
}

/* ===== The record's frames ===== */

static int S_cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return (x > y) - (x < y);
}

/* Walks to 'ply' turns, and a position restated right after them --
 * unless the last is a turn the rules decided: that is the same
 * position, and its caption says which turn it was. */
static void S_walk_to(tb_walk *w, long ply)
{
	while (w->ply < ply && tb_walk_node(w))
		;
	if (!(w->live && w->decided && w->has_last && w->ply == ply))
		tb_walk_to(w, ply);
}

/* The frames for the wanted plies (sorted), from one walk of the main
 * line. A frame the rules cannot reach is left out, and the first such
 * one said in 'msg'. Returns how many were made. */
static size_t S_frames(const tb_record *rec, tb_walk *w, const long *want, size_t n,
                       tb_view *frames, char *msg, size_t msz, size_t *dead, int *nomem)
{
	long plies = (long)tb_record_plies(rec);
	size_t made = 0;
	*dead = 0;
	for (size_t i = 0; i < n; i++) {
		if (i && want[i] == want[i - 1])
			continue;
		S_walk_to(w, want[i]);
		if (w->live || tb_walk_open(w)) {
			*nomem |= !tb_view_from_walk(&frames[made++], w, plies);
			continue;
		}
		if (!(*dead)++) {
			tb_buf b = TB_BUF_SOFT;
			if (w->stop && tb_kind_is_turn(tb_node_followed(w->stop)) &&
			    w->stop->number)
				tb_buf_printf(&b, "%u%s ", w->stop->number, w->stop->side == 1 ? "..." : ".");
			if (w->stop)
				tb_write_node(&b, rec->game, w->stop, TB_WRITE_BARE);
			if (w->stop)
				snprintf(msg, msz,
				         "the position after turn %ld cannot be drawn: the rules stopped at %s "
				         "(line %u): %s",
				         want[i], b.data ? b.data : "", w->stop->span.line, w->why);
			else
				snprintf(msg, msz, "the position after turn %ld cannot be drawn: %s", want[i],
				         w->why);
			*nomem |= !tb_buf_ok(&b);
			tb_buf_free(&b);
		}
	}
	if (*dead > 1) {
		size_t len = strlen(msg);
		snprintf(msg + len, msz - len, " (and %zu more)", *dead - 1);
	}
	return made;
}

/* ===== The API ===== */

/* '*why' = a copy of 'msg'; returns 'rc', or TB_ENOMEM when it could not
 * be copied. */
static int S_why(char **why, const char *msg, int rc)
{
	*why = tb_strdup(msg);
	return *why ? rc : TB_ENOMEM;
}

int tb_svg_record(const tb_record *rec, const long *plies, size_t n, const tb_svg_opts *o,
                  tb_svg_fn fn, void *ctx, char **why)
{
	char msg[640];
	static const tb_svg_opts defaults;
	*why = NULL;
	if (!o)
		o = &defaults;
	if (!fn || (n && !plies)) {
		return S_why(why, !fn ? "no function to take the diagrams" : "no plies to draw",
		             TB_EINVAL);
	}
	if (!rec || rec->errors || !rec->game || !rec->game->rules) {
		return S_why(why, !rec ? "no record" : "the record has errors", TB_EINVAL);
	}
	tb_xml_unfit_text unfit;
	if (tb_record_unfit(rec, &unfit)) { /* tb_reader_xml_refuse says where */
		snprintf(msg, sizeof msg, "the record holds a character XML cannot carry, in the "
		         "text at line %u, column %u: nothing of it is drawn [TB504]", unfit.line,
		         unfit.col);
		return S_why(why, msg, TB_EINVAL);
	}
	long last = (long)tb_record_plies(rec);
	size_t nw = n ? n : 1;
	long *want = tb_malloc(nw * sizeof *want);
	if (!want)
		return TB_ENOMEM;
	for (size_t i = 0; i < n; i++)
		want[i] = plies[i] < 0 ? last : plies[i];
	if (!n)
		want[0] = last;
	qsort(want, nw, sizeof *want, S_cmp_long);
	if (want[nw - 1] > last) {
		snprintf(msg, sizeof msg, "the record has %ld turns on its main line, not %ld", last,
		         want[nw - 1]);
		free(want);
		return S_why(why, msg, TB_EINVAL);
	}
	tb_walk walk;
	int rc = tb_walk_start(&walk, rec, msg, sizeof msg);
	if (rc) {
		free(want);
		return rc == TB_ENOMEM ? TB_ENOMEM : S_why(why, msg, TB_EINVAL);
	}
	walk.soft = 1; /* the rules out of memory stop the walk (nomem), not the process */
	tb_view *frames = tb_calloc(nw, sizeof *frames);
	size_t dead = 0, live = 0;
	int nomem = !frames;
	if (frames)
		live = S_frames(rec, &walk, want, nw, frames, msg, sizeof msg, &dead, &nomem);
	nomem |= walk.nomem;
	if (dead && !nomem && !(*why = tb_strdup(msg)))
		nomem = 1;
	S_job j = {rec, &walk.rs, o, o->lang ? o->lang : tb_record_lang(rec), {0}, TB_BUF_SOFT};
	tb_dia_init(&j.dia, &walk.rs, o->grayscale, o->no_coords);
	int drawn = 0;
	size_t placed = 1; /* a sheet takes as many as fit; the rest go on more sheets */
	for (size_t i = 0; i < live && !nomem; i += placed) {
		size_t len = 0;
		char *svg = o->sheet ? S_sheet(&j, frames + i, live - i, drawn + 1, &len, &placed)
		                     : S_one(&j, &frames[i], &len);
		if (!svg) {
			nomem = 1;
			break;
		}
		fn(ctx, frames[i].ply, svg, len);
		free(svg);
		drawn++;
	}
	if (nomem) {
		free(*why);
		*why = NULL;
		drawn = TB_ENOMEM;
	}
	tb_dia_free(&j.dia);
	tb_buf_free(&j.out);
	free(frames);
	free(want);
	tb_walk_free(&walk);
	return drawn;
}

char *tb_svg_position(const tb_game *g, const char *rules, const char *position,
                      const tb_svg_opts *o, size_t *len, char **why)
{
	static const tb_svg_opts defaults;
	if (!o)
		o = &defaults;
	tb_engine *e = tb_engine_new(g, rules, position, why);
	if (!e)
		return NULL;
	const tb_ruleset *rs = tb_engine_ruleset(e);
	tb_view f;
	memset(&f, 0, sizeof f);
	f.st = *tb_engine_state(e);
	char *text = tb_engine_position(e);
	if (!text) { /* out of memory */
		tb_engine_free(e);
		return NULL;
	}
	f.position = text;
	S_job j = {NULL, rs, o, o->lang ? o->lang : &tb_lang_en, {0}, TB_BUF_SOFT};
	tb_dia_init(&j.dia, rs, o->grayscale, o->no_coords);
	char *svg = S_one(&j, &f, len);
	tb_dia_free(&j.dia);
	tb_buf_free(&j.out);
	free(text);
	tb_engine_free(e);
	return svg;
}
