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

#endif
