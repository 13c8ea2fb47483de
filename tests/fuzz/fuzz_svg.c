/*
 * fuzz_svg.c -- diagrams of any record (tb_svg_record) and of any
 * [Position] it names (tb_svg_position): no crash, leak or undefined
 * behaviour, and every document written is well-formed XML -- also
 * when a caption shows text XML cannot carry, which must be refused
 * instead. Each record is drawn twice: its last position with the
 * defaults, and a few plies (which, the input's hash decides) on an A4
 * sheet in grayscale without coordinates, with tags in the caption.
 */
#include "fuzz.h"

typedef struct S_seen {
	int documents;
} S_seen;

static void S_document(void *ctx, long ply, const char *svg, size_t len)
{
	(void)ply;
	((S_seen *)ctx)->documents++;
	FZ_CHECK(strlen(svg) == len, "an SVG document holds a NUL");
	FZ_CHECK(fz_xml_well_formed(svg, len, NULL), "an SVG document is not well-formed:\n%s", svg);
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
