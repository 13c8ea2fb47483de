/*
 * confusion.h -- which letters and numbers a listener takes for one
 * another when a record is dictated, one table per language (internal;
 * spec/reconstruct.md §4, "The cost of a repair").
 *
 * A point is said as its file's letter and its rank's number ("de
 * cuatro"); a transcriber who mishears it writes a letter or a number
 * whose name sounds like the one said. A table gives each such pair a
 * weight: TB_CONFUSE_RHYME for names that rhyme or differ in one sound,
 * TB_CONFUSE_ALIKE for names that share most of their sounds; any other
 * pair weighs TB_CONFUSE_OTHER (a slip of the pen, not of the ear).
 */
#ifndef TB_CONFUSION_H
#define TB_CONFUSION_H

#include <stdint.h>

enum {
	TB_CONFUSE_SAME = 0,   /* the same letter or number */
	TB_CONFUSE_RHYME = 1,  /* names that rhyme: Spanish be/de, seis/tres */
	TB_CONFUSE_ALIKE = 2,  /* names that sound alike: cuatro/cinco */
	TB_CONFUSE_OTHER = 4   /* no likeness of sound */
};

typedef struct tb_confusion tb_confusion;

/* The table of language 'code' ("es", "en", "ar"; a BCP 47 tag's primary
 * subtag is what counts), or English's for any other and for NULL.
 * Static: never freed. */
const tb_confusion *tb_confusion_for(const char *code);
/* The language of table 'c' ("es"). */
const char *tb_confusion_lang(const tb_confusion *c);
/* The weight of writing file letter 'heard' ('a'..) for 'said'. */
unsigned tb_confusion_letter(const tb_confusion *c, char said, char heard);
/* The weight of writing rank number 'heard' (1..) for 'said'. */
unsigned tb_confusion_number(const tb_confusion *c, unsigned said, unsigned heard);

struct tb_turn;
struct tb_move;

/* The weight of writing point 'heard' for 'said' (tb_point): its
 * letter's and its number's (0 when the same). */
unsigned tb_confusion_point(const tb_confusion *c, uint8_t said, uint8_t heard);
/* Do legal turn 't' and written move 'm' (as many parts) differ in every
 * changed point by one confusion -- the same letter for another, or the
 * same number -- in two points or more? Its weight then (under
 * TB_CONFUSE_OTHER), else 0. */
unsigned tb_confusion_same(const tb_confusion *c, const struct tb_turn *t,
                           const struct tb_move *m);

#endif
