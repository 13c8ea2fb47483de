/*
 * part.c -- the kinds of a move's parts (spec/tgn.md, spec/xml.md): the
 * shared kinds (tb_part_kind) and those the games bring (tb_game.parts,
 * numbered from TB_PART_GAME after the shared ones, tablero.h), and
 * what every user of a part asks of its kind -- its name, the symbol
 * its token writes before it, whether it names a destination ("to")
 * and whether the piece moves there -- so that none switches on the
 * enum where a game's kind could reach it; and the tokens written from
 * a move's parts (tb_move_write).
 */
#include <string.h>

#include "game.h"
#include "tablero.h"

/* ORDER tb_part_kind: the shared kinds' separators, and whether each
 * carries "to" and moves the piece (TB_PARTF_*). TB_PART_AT is written
 * <place> or <from> by what follows it (xml_write.c), not by name. */
static const struct {
	const char *name;
	char sep;
	uint8_t fields;
} S_shared[TB_PART_KINDS] = {
	{"at", '\0', TB_PARTF_MOVES},
	{"step", '-', TB_PARTF_TO | TB_PARTF_MOVES},
	{"hop", '^', TB_PARTF_TO | TB_PARTF_MOVES},
	{"capture", 'x', TB_PARTF_TO | TB_PARTF_MOVES},
	{"remove", 'x', 0},
	{"push", '>', TB_PARTF_TO},
	{"relocate", '@', TB_PARTF_TO},
	{"huff", 'H', 0},
};

/* How many parts game 'g' brings. */
static unsigned S_count(const tb_game *g)
{
	unsigned n = 0;
	while (g->parts && g->parts[n].name)
		n++;
	return n;
}

unsigned tb_game_part_kind(const tb_game *g, unsigned i)
{
	return tb_game_kind_number(g, i, TB_PART_GAME, S_count);
}

const tb_game_part *tb_game_part_of(unsigned k, const tb_game **game)
{
	unsigned i;
	const tb_game *g = tb_game_kind_owner(k, TB_PART_GAME, S_count, &i);
	if (g && game)
		*game = g;
	return g ? &g->parts[i] : NULL;
}

const char *tb_part_name(unsigned k)
{
	if (k < TB_PART_KINDS)
		return S_shared[k].name;
	const tb_game_part *gp = tb_game_part_of(k, NULL);
	return gp ? gp->name : NULL;
}

int tb_part_kind_of(const char *name)
{
	for (unsigned k = 1; name && k < TB_PART_KINDS; k++)
		if (strcmp(S_shared[k].name, name) == 0)
			return (int)k;
	for (unsigned k = TB_PART_GAME; name && tb_game_part_of(k, NULL); k++)
		if (strcmp(tb_game_part_of(k, NULL)->name, name) == 0)
			return (int)k;
	return -1;
}

/* The fields of kind 'k' (TB_PARTF_*); 0 for no kind. */
static uint8_t S_fields(unsigned k)
{
	if (k < TB_PART_KINDS)
		return S_shared[k].fields;
	const tb_game_part *gp = tb_game_part_of(k, NULL);
	return gp ? gp->fields : 0;
}

char tb_part_sep(unsigned k)
{
	if (k < TB_PART_KINDS)
		return S_shared[k].sep;
	const tb_game_part *gp = tb_game_part_of(k, NULL);
	return gp ? gp->sep : '\0';
}

int tb_part_to(unsigned k)
{
	return (S_fields(k) & TB_PARTF_TO) != 0;
}

int tb_part_moves(unsigned k)
{
	return (S_fields(k) & TB_PARTF_MOVES) != 0;
}

int tb_part_goes(unsigned k)
{
	return k != TB_PART_AT && tb_part_moves(k);
}

/* ===== Tokens ===== */

void tb_turn_write(tb_buf *b, uint8_t kind, const tb_move *m)
{
	if (kind == TB_NODE_PASS || (kind == TB_NODE_MOVE && m->nparts == 0))
		tb_buf_puts(b, "pass");
	else if (kind == TB_NODE_UNKNOWN)
		tb_buf_putc(b, '?');
	else
		tb_move_write(b, m);
}

void tb_move_write(tb_buf *b, const tb_move *m)
{
	/* straight into room made once: a few bytes, at every turn written;
	 * a part is at most a separator, a point and a '/' */
	size_t most = (size_t)m->nparts * 5 + sizeof "pass" + m->crown;
	if (b->len + most + 1 > b->cap && !tb_buf_grow(b, most))
		return; /* out of memory: 'b' says so (buf.h) */
	char *w = b->data + b->len;
	for (unsigned i = 0; i < m->nparts; i++) {
		const tb_part *p = &m->parts[i];
		char sep = tb_part_sep(p->kind); /* a game's own kind too */
		if (sep)
			*w++ = sep;
		w += tb_point_chars(w, p->pt);
		if (p->kind == TB_PART_HUFF)
			*w++ = '/';
	}
	if (m->nparts && m->parts[m->nparts - 1].kind == TB_PART_HUFF) {
		memcpy(w, "pass", 4);
		w += 4;
	}
	for (unsigned i = 0; i < m->crown; i++)
		*w++ = '=';
	b->len = (size_t)(w - b->data);
	b->data[b->len] = '\0';
}
