/*
 * fuzz_svg.c -- diagrams of any record (tb_svg_record) and of any
 * [Position] it names (tb_svg_position): no crash, leak or undefined
 * behaviour, and every document written is well-formed XML -- also
 * when a caption shows text XML cannot carry, which must be refused
 * instead. Each record is drawn three times: its last position with
 * the defaults; a few plies (which, the input's hash decides) on an A4
 * or letter sheet in grayscale without coordinates, with tags in the
 * caption; and the plies svg --every K asks for (0, K, 2K, ... and the
 * last), K, the caption (full, short, none), the language and plain
 * text instead of SVG (--text) as the hash decides.
 */
#include "fuzz.h"

#define S_MAX_EVERY 64 /* plies of an --every list drawn */

typedef struct S_seen {
	int documents;
	int text; /* plain text, not SVG */
} S_seen;

static void S_document(void *ctx, long ply, const char *svg, size_t len)
{
	S_seen *seen = ctx;
	(void)ply;
	seen->documents++;
	FZ_CHECK(strlen(svg) == len, "an SVG document holds a NUL");
	FZ_CHECK(seen->text || fz_xml_well_formed(svg, len, NULL),
	         "an SVG document is not well-formed:\n%s", svg);
}

/* The plies of svg --every K, as cli/cmd_svg.c lists them: 0, K, 2K, ...
 * up to the record's last ply, and the last when it is not one of them;
 * at most S_MAX_EVERY. */
static size_t S_every(const tb_record *rec, long k, long *plies)
{
	long last = (long)tb_record_plies(rec);
	size_t n = 0;
	for (long p = 0; p <= last && n < S_MAX_EVERY; p += k)
		plies[n++] = p;
	if (n < S_MAX_EVERY && plies[n - 1] != last)
		plies[n++] = last;
	return n;
}

/* Draws 'rec' as svg --every does, with the caption, language and text
 * the hash picks. */
static void S_draw_every(const tb_record *rec, int unfit, uint32_t h)
{
	static const char *const langs[] = {NULL, "en", "es", "ar"};
	long plies[S_MAX_EVERY];
	size_t n = S_every(rec, 1 + (long)((h >> 9) % 5), plies);
	tb_svg_opts o = {0};
	o.caption = (int)((h >> 14) % 3);
	o.text_only = (h >> 16) & 1;
	o.lang = langs[(h >> 17) % 4] ? tb_lang_find(langs[(h >> 17) % 4]) : NULL;
	o.sheet = (h >> 19) & 1 ? "a4" : NULL;
	S_seen seen = {0, o.text_only};
	char *why = NULL;
	int made = tb_svg_record(rec, plies, n, &o, S_document, &seen, &why);
	FZ_CHECK(made == seen.documents || made < 0, "%d documents said, %d made", made,
	         seen.documents);
	FZ_CHECK(!unfit || made < 0, "text XML cannot carry, and the record was drawn");
	FZ_CHECK(made != TB_EINVAL || why, "refused without a reason");
	free(why);
}

static void S_draw(tb_reader *r, const tb_record *rec, uint32_t h)
{
	static const char *const tags[] = {"Site", "Event", "Notes", "Round", NULL};
	int unfit = tb_reader_xml_refuse(r, rec, "-");
	long plies[4] = {-1, 0, (long)(h % 7), (long)(h % 31)};
	tb_svg_opts plain = {0}, sheet = {0};
	sheet.grayscale = 1;
	sheet.no_coords = 1;
	sheet.tags = tags;
	sheet.sheet = h & 1 ? "a4" : "letter";
	sheet.size_mm = 20 + h % 400;
	for (int k = 0; k < 2; k++) {
		S_seen seen = {0};
		char *why = NULL;
		int made = k ? tb_svg_record(rec, plies, 4, &sheet, S_document, &seen, &why)
		             : tb_svg_record(rec, NULL, 0, &plain, S_document, &seen, &why);
		FZ_CHECK(made == seen.documents || made < 0, "%d documents said, %d made", made,
		         seen.documents);
		FZ_CHECK(!unfit || made < 0, "text XML cannot carry, and the record was drawn");
		free(why);
	}
	S_draw_every(rec, unfit, h);
}

static void S_position(const tb_record *rec)
{
	const char *position = tb_record_tag(rec, "Position");
	if (!position || !tb_record_game(rec))
		return;
	char *why = NULL;
	size_t len;
	tb_svg_opts o = {0};
	char *svg = tb_svg_position(tb_record_game(rec), tb_record_tag(rec, "Rules"), position, &o,
	                            &len, &why);
	if (svg)
		FZ_CHECK(fz_xml_well_formed(svg, len, NULL), "a position's SVG is not well-formed:\n%s",
		         svg);
	free(svg);
	free(why);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t h = fz_hash(data, size);
	tb_reader *r = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_record *rec;
	for (int n = 0; n < 4 && tb_reader_next(r, &rec) == 1; n++) {
		if (!tb_record_errors(rec) && tb_record_game(rec)) {
			S_draw(r, rec, h);
			S_position(rec);
		}
		tb_record_free(rec);
	}
	tb_reader_free(r);
	return 0;
}
