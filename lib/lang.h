/*
 * lang.h -- the words diagrams and books print, one table per language
 * (internal; the public face is tablero.h, "Languages").
 *
 * A language is one file (lang_<code>.c, one const tb_lang) and one
 * line in the registry in lang.c; every table has every key of the
 * English one (tests/unit/test_lang.c checks it). Keys name what a text
 * is for, not its words: "side.asalto.0", "caption.after". A game's own
 * words (its name, sides, results) are in its descriptor (game.h,
 * tb_game.words), by language, and looked up after the house's table.
 * A text may hold "{1}" ... "{9}", filled by tb_lang_format.
 */
#ifndef TB_LANG_H
#define TB_LANG_H

#include <stdint.h>

#include "tablero.h"

typedef struct tb_lang_entry {
	const char *key, *text;
} tb_lang_entry;

struct tb_lang {
	const char *code;             /* BCP 47 primary subtag: "es" */
	uint8_t rtl;                  /* written right to left */
	const tb_lang_entry *entries; /* NULL key last */
	/* The plural category of 'n' (CLDR's: "zero", "one", "two", "few",
	 * "many", "other"), which picks a text "KEY.one", "KEY.other"... */
	const char *(*plural)(long n);
};

/* tb_lang_text_n (tablero.h) picks a text by the number's form. */
/* 'text' with "{1}"... replaced by args[0]... into 'b' (a text from
 * tb_lang_text; tb_lang_format is this for a key). */
struct tb_buf;
void tb_lang_fill(struct tb_buf *b, const char *text, const char *const *args, size_t nargs);

extern const tb_lang tb_lang_en;
extern const tb_lang tb_lang_es;
extern const tb_lang tb_lang_ar;

#endif
