/*
 * confusion.c -- the letters and numbers dictation confuses, one table
 * per language (confusion.h; spec/reconstruct.md §4, where each table's
 * source is named).
 *
 * A table lists pairs, either way round, with a weight. Letters are the
 * board's files, a to h; numbers its ranks, 1 to 10. A language is one
 * table and one line in S_tables. A point, or the points a legal turn
 * changes in a written one, are weighed by them at the end (repair.c's
 * repairs of one point, or of one confusion in each).
 */
#include "confusion.h"

#include "rules.h"

#include <string.h>
#include <strings.h>

typedef struct S_pair {
	unsigned a, b;     /* letters as 'a'.., numbers as 1.. */
	unsigned weight;
} S_pair;

struct tb_confusion {
	const char *code;
	const S_pair *letters, *numbers; /* weight 0 last */
};

/* Spanish: the letters' names be, ce, de, e, ge rhyme; e and efe share
 * their sound. The numbers: tres and seis rhyme, as seis and siete
 * begin alike; dos and tres, cuatro and cinco, dos and diez, siete and
 * nueve share most of their sounds. */
static const S_pair S_es_letters[] = {
	{'b', 'd', 1}, {'b', 'c', 1}, {'b', 'e', 1}, {'b', 'g', 1}, {'c', 'd', 1},
	{'c', 'e', 1}, {'c', 'g', 1}, {'d', 'e', 1}, {'d', 'g', 1}, {'e', 'g', 1},
	{'e', 'f', 2}, {0, 0, 0}};
static const S_pair S_es_numbers[] = {
	{3, 6, 1}, {6, 7, 1}, {2, 3, 2}, {4, 5, 2}, {2, 10, 2}, {7, 9, 2}, {0, 0, 0}};

/* English: bee, cee, dee, ee, gee rhyme; ay and aitch, ee and ef share
 * a sound. The numbers: five and nine (the radio's reason for niner);
 * two and three, four and five, six and seven, seven and ten. */
static const S_pair S_en_letters[] = {
	{'b', 'd', 1}, {'b', 'c', 1}, {'b', 'e', 1}, {'b', 'g', 1}, {'c', 'd', 1},
	{'c', 'e', 1}, {'c', 'g', 1}, {'d', 'e', 1}, {'d', 'g', 1}, {'e', 'g', 1},
	{'a', 'h', 2}, {'e', 'f', 2}, {0, 0, 0}};
static const S_pair S_en_numbers[] = {
	{5, 9, 1}, {2, 3, 2}, {4, 5, 2}, {6, 7, 2}, {7, 10, 2}, {0, 0, 0}};

/* Arabic: the Latin letters as Arabic speakers name them, bi, si, di,
 * i, ji, rhyme as the English names do. The numbers: arbaʿa, sabʿa and
 * tisʿa end alike (4, 7, 9); sitta and sabʿa begin alike; thalātha and
 * thamāniya begin alike. */
static const S_pair S_ar_letters[] = {
	{'b', 'd', 1}, {'b', 'c', 1}, {'b', 'e', 1}, {'b', 'g', 1}, {'c', 'd', 1},
	{'c', 'e', 1}, {'c', 'g', 1}, {'d', 'e', 1}, {'d', 'g', 1}, {'e', 'g', 1},
	{0, 0, 0}};
static const S_pair S_ar_numbers[] = {
	{7, 9, 1}, {4, 7, 1}, {4, 9, 2}, {6, 7, 2}, {3, 8, 2}, {0, 0, 0}};

static const tb_confusion S_tables[] = {
	{"en", S_en_letters, S_en_numbers},
	{"es", S_es_letters, S_es_numbers},
	{"ar", S_ar_letters, S_ar_numbers},
};

const tb_confusion *tb_confusion_for(const char *code)
{
	size_t n = code ? strcspn(code, "-_") : 0;
	for (size_t i = 0; code && i < sizeof S_tables / sizeof S_tables[0]; i++)
		if (strlen(S_tables[i].code) == n && strncasecmp(code, S_tables[i].code, n) == 0)
			return &S_tables[i];
	return &S_tables[0];
}

const char *tb_confusion_lang(const tb_confusion *c)
{
	return c->code;
}

static unsigned S_weight(const S_pair *p, unsigned a, unsigned b)
{
	if (a == b)
		return TB_CONFUSE_SAME;
	for (; p->weight; p++)
		if ((p->a == a && p->b == b) || (p->a == b && p->b == a))
			return p->weight;
	return TB_CONFUSE_OTHER;
}

unsigned tb_confusion_letter(const tb_confusion *c, char said, char heard)
{
	return S_weight(c->letters, (unsigned char)said, (unsigned char)heard);
}

unsigned tb_confusion_number(const tb_confusion *c, unsigned said, unsigned heard)
{
	return S_weight(c->numbers, said, heard);
}

/* confusion.h */
unsigned tb_confusion_point(const tb_confusion *c, uint8_t said, uint8_t heard)
{
	return tb_confusion_letter(c, (char)('a' + TB_PT_FILE(said)), (char)('a' + TB_PT_FILE(heard))) +
	       tb_confusion_number(c, TB_PT_RANK(said) + 1u, TB_PT_RANK(heard) + 1u);
}

unsigned tb_confusion_same(const tb_confusion *c, const tb_turn *t, const tb_move *m)
{
	int file = -1, hfile = -1, rank = -1, hrank = -1;
	unsigned changed = 0;
	for (unsigned k = 0; k < m->nparts; k++) {
		tb_point a = t->parts[k].pt, b = m->parts[k].pt;
		if (a == b)
			continue;
		changed++;
		int df = TB_PT_FILE(a) != TB_PT_FILE(b), dr = TB_PT_RANK(a) != TB_PT_RANK(b);
		if (df && !dr && (file < 0 || ((int)TB_PT_FILE(a) == file && (int)TB_PT_FILE(b) == hfile)))
			file = TB_PT_FILE(a), hfile = TB_PT_FILE(b);
		else if (dr && !df && (rank < 0 || ((int)TB_PT_RANK(a) == rank && (int)TB_PT_RANK(b) == hrank)))
			rank = TB_PT_RANK(a), hrank = TB_PT_RANK(b);
		else
			return 0;
	}
	if (changed < 2 || (file >= 0 && rank >= 0))
		return 0;
	unsigned w = file >= 0 ? tb_confusion_letter(c, (char)('a' + file), (char)('a' + hfile))
	                       : tb_confusion_number(c, (unsigned)rank + 1, (unsigned)hrank + 1);
	return w < TB_CONFUSE_OTHER ? w : 0;
}
