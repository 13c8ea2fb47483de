/*
 * fuzz_book.c -- books (tb_book_add, tb_book_pages, tb_book_figures)
 * of any records: no crash, leak or undefined behaviour at any --at or
 * --every, wherever the rules stop (a gap, an unknown turn, a '?'
 * point, an illegal turn); tb_book_add returns 0, 1 (with a reason) or
 * TB_EINVAL (with a reason; also for a ply past the end, which it
 * must refuse); every page is one well-formed XML document; a record
 * holding text XML cannot carry is refused; each diagram listed is on
 * a page of the book. The input's hash picks the plies asked for, the
 * interval, the paper, the language, grayscale and --times.
 */
#include "fuzz.h"

#define S_MAX_RECORDS 4

typedef struct S_seen {
	long pages;
} S_seen;

static void S_page(void *ctx, long page, const char *svg, size_t len)
{
	S_seen *s = ctx;
	FZ_CHECK(page == ++s->pages, "page %ld comes as page %ld", s->pages, page);
	FZ_CHECK(strlen(svg) == len, "a page holds a NUL");
	FZ_CHECK(fz_xml_well_formed(svg, len, NULL), "page %ld is not well-formed:\n%s", page, svg);
}

static void S_figure(void *ctx, long record, long number, long page, long ply,
                     const char *caption, const char *why)
{
	const S_seen *s = ctx;
	FZ_CHECK(record >= 1 && number >= 1 && ply >= 0, "diagram %ld of record %ld after ply %ld",
	         number, record, ply);
	FZ_CHECK(page >= 1 && page <= s->pages, "diagram %ld on page %ld of %ld", number, page,
	         s->pages);
	FZ_CHECK(caption && why && *why, "diagram %ld has no caption or reason", number);
}

/* Adds 'rec' with the plies the hash asks for; 1 when it was set. */
static int S_add(tb_book *b, tb_reader *r, const tb_record *rec, uint32_t h)
{
	long plies[3] = {(long)(h % 9), -1, (long)((h >> 8) % 41)};
	size_t n = (h >> 4) % 4; /* 0 to 3 of them */
	int unfit = tb_reader_xml_refuse(r, rec, "-");
	char *why = NULL;
	int got = tb_book_add(b, rec, n ? plies : NULL, n, &why);
	FZ_CHECK(got == 0 || got == 1 || got == TB_EINVAL, "tb_book_add returned %d", got);
	FZ_CHECK((got == 0) == !why, "tb_book_add returned %d, its reason %s", got,
	         why ? why : "none");
	FZ_CHECK(!unfit || got == TB_EINVAL, "text XML cannot carry, and the record was set");
	long last = (long)tb_record_plies(rec);
	for (size_t i = 0; i < n; i++)
		FZ_CHECK(plies[i] <= last || got == TB_EINVAL, "ply %ld of %ld was not refused",
		         plies[i], last);
	free(why);
	return got >= 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const langs[] = {NULL, "en", "es", "ar"};
	uint32_t h = fz_hash(data, size);
	tb_book_opts o = {0};
	o.paper = h & 1 ? "letter" : NULL;
	o.lang = langs[(h >> 1) % 4] ? tb_lang_find(langs[(h >> 1) % 4]) : NULL;
	o.grayscale = (h >> 3) & 1;
	o.size_mm = (double)((h >> 12) % 150);
	o.every = (long)((h >> 16) % 6);
	o.times = (h >> 19) & 1;
	tb_book *b = tb_book_new(&o);
	tb_reader *r = tb_reader_new_mem((const char *)data, size, "fuzz.tgn");
	tb_record *rec;
	int set = 0;
	for (int n = 0; n < S_MAX_RECORDS && tb_reader_next(r, &rec) == 1; n++) {
		if (!tb_record_errors(rec) && tb_record_game(rec))
			set += S_add(b, r, rec, h + (uint32_t)n * 0x9e3779b9u);
		else {
			char *why = NULL;
			FZ_CHECK(tb_book_add(b, rec, NULL, 0, &why) == TB_EINVAL && why,
			         "a record with errors or no game was not refused");
			free(why);
		}
		fz_diags(r, NULL);
		tb_record_free(rec); /* the book keeps what it needs */
	}
	tb_reader_free(r);
	S_seen seen = {0};
	long pages = tb_book_pages(b, S_page, &seen);
	FZ_CHECK(pages == seen.pages, "%ld pages said, %ld made", pages, seen.pages);
	FZ_CHECK(!set || pages >= set, "%d records set on %ld pages", set, pages);
	tb_book_figures(b, S_figure, &seen);
	tb_book_free(b);
	return 0;
}
