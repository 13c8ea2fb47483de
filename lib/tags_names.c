/*
 * tags_names.c -- the tags of the rosters by name (tb_tag_names,
 * tb_tag_known, tb_tag_of_rosters), and the warning on a tag no roster
 * has that is a slip of one that has it (TB213, spec/tgn.md §4.1:
 * tb_tags_check_names).
 *
 * Apart from tags.c, which reads and orders the tags and calls these,
 * because it is a concern of its own (which names a record may mean);
 * it calls nothing of tags.c back.
 */
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "game.h"
#include "near.h"
#include "tags.h"

/* The tags with a slot in tb_tag_list, each 4 to 16 letters long
 * (tb_tag_same_n). ORDER: TB_TAG_*. */
#define S_KNOWN(X)                                                                          \
	X("Game") X("Rules") X("Site") X("Date") X("Result") X("Event") X("Round")            \
	X("Informant") X("Recorder") X("Transcriber") X("Annotator") X("Source")              \
	X("Recording") X("Facsimile") X("Language") X("Community") X("Access") X("Notes") X("Position")
#define S_NAME(s) s,
const char *const tb_tag_names[TB_KNOWN_TAGS] = {S_KNOWN(S_NAME)};
#undef S_NAME
#undef S_KNOWN

/* The one roster tag (TB_TAG_* + 1) a name of that capital and length
 * can be, 0 for none: [Rules] and [Round] share one, told apart by
 * their second letter (tb_tag_known). One look-up and one comparison
 * of each tag a record has. ORDER: TB_TAG_*. */
#define S_AT(c, n, k) [((c) - 'A') * 17 + (n)] = TB_TAG_##k + 1
static const uint8_t S_by_letter_len[26 * 17] = {
	S_AT('G', 4, GAME),
	S_AT('R', 5, RULES),
	S_AT('S', 4, SITE),
	S_AT('D', 4, DATE),
	S_AT('R', 6, RESULT),
	S_AT('E', 5, EVENT),
	S_AT('I', 9, INFORMANT),
	S_AT('R', 8, RECORDER),
	S_AT('T', 11, TRANSCRIBER),
	S_AT('A', 9, ANNOTATOR),
	S_AT('S', 6, SOURCE),
	S_AT('R', 9, RECORDING),
	S_AT('F', 9, FACSIMILE),
	S_AT('L', 8, LANGUAGE),
	S_AT('C', 9, COMMUNITY),
	S_AT('A', 6, ACCESS),
	S_AT('N', 5, NOTES),
	S_AT('P', 8, POSITION),
};
#undef S_AT

int tb_tag_known(const char *name, size_t n)
{
	unsigned c = n ? (unsigned)(unsigned char)name[0] - 'A' : 26;
	if (c >= 26 || n > 16 || !S_by_letter_len[c * 17 + n])
		return -1;
	int i = S_by_letter_len[c * 17 + n] - 1;
	if (i == TB_TAG_RULES && name[1] == 'o')
		i = TB_TAG_ROUND;
	return tb_tag_same_n(name, tb_tag_names[i], n) ? i : -1; /* 4 <= n <= 16 */
}

/* The tags of the rosters, [Collation] and the side tags of 'g' (of
 * every game when it is NULL) into 'cand' (room for TB_KNOWN_TAGS + 8);
 * their count. */
static size_t S_roster_tags(const tb_game *g, const char *cand[TB_KNOWN_TAGS + 8])
{
	size_t n = 0;
	for (int i = 0; i < TB_KNOWN_TAGS; i++)
		cand[n++] = tb_tag_names[i];
	cand[n++] = "Collation";
	for (size_t i = 0; n + 2 <= TB_KNOWN_TAGS + 8; i++) {
		const tb_game *each = g ? g : tb_game_at(i);
		if (!each || (g && i > 0))
			break;
		cand[n++] = each->side_tag[0];
		cand[n++] = each->side_tag[1];
	}
	return n;
}

int tb_tag_of_rosters(const char *name, const tb_game *g)
{
	const char *cand[TB_KNOWN_TAGS + 8];
	size_t n = S_roster_tags(g, cand);
	for (size_t i = 0; i < n; i++)
		if (cand[i] && tb_tag_same(name, cand[i]))
			return 1;
	return 0;
}

/* The tag of the rosters (those of game 'g', or of any game when it is
 * NULL) or [Collation] that 'name' is a slip of: the same but for case,
 * or, for a name of 4 letters or more, one edit away; NULL when it is
 * one of them or near none. */
static const char *S_near_tag(const char *name, const tb_game *g)
{
	const char *cand[TB_KNOWN_TAGS + 8];
	size_t n = S_roster_tags(g, cand);
	for (size_t i = 0; i < n; i++)
		if (cand[i] && tb_tag_same(name, cand[i]))
			return NULL;
	return tb_near_pick(name, cand, n, strlen(name) >= 4 ? 1 : 0);
}

/* May the slip of tag name 'near' in list 'l' be fixed by writing
 * 'near'? Not when 'l' has a tag of that name (the fix would give it
 * twice, TB202), nor when 'near''s value is read by a format (a date, a
 * result, a timecode...): the value written for another tag may not be
 * one. The sides, [Collation] aside, and the roster's words are free. */
static int S_fix_free(const tb_tag_list *l, const char *near)
{
	for (size_t i = 0; i < l->n; i++) /* (tags.c's lookup is not called back) */
		if (strcmp(l->v[i].name, near) == 0)
			return 0;
	switch (tb_tag_known(near, strlen(near))) {
	case -1:
		return strcmp(near, "Collation") != 0; /* a side's */
	case TB_TAG_SITE: case TB_TAG_EVENT: case TB_TAG_ROUND: case TB_TAG_INFORMANT:
	case TB_TAG_RECORDER: case TB_TAG_TRANSCRIBER: case TB_TAG_ANNOTATOR:
	case TB_TAG_LANGUAGE: case TB_TAG_COMMUNITY: case TB_TAG_ACCESS: case TB_TAG_NOTES:
		return 1;
	default:
		return 0;
	}
}

/* Warns that tag 't' of list 'l' is a slip of the roster's 'near'
 * (TB213), with the fix that writes 'near' when it is free. Not inlined:
 * the check runs at every record, the warning seldom. */
static __attribute__((noinline)) void S_near_warn(tb_reader *r, const tb_tag_list *l,
                                                  const tb_tag *t, const char *near)
{
	size_t off = t->span.off + 1; /* the name, after '[' and blanks, on
	                                 its line or a line after (§4) */
	unsigned line = t->span.line, col = t->span.col + 1;
	for (char c; off < r->len && ((c = r->data[off]) == ' ' || c == '\t' || c == '\r' ||
	                              c == '\n');
	     off++) {
		if (c == '\n')
			line++, col = 1;
		else if (c != '\r')
			col++;
	}
	int cased = strcasecmp(t->name, near) == 0;
	tb_diag_at(r, TB_WARNING, TB_D_TAG_NEAR, off, strlen(t->name), line, col,
	           "unknown tag [%s] is kept as written; did you mean [%s]?%s", t->name, near,
	           cased ? " (tag names are case-sensitive)" : "");
	/* the fix only where the name is written so (not in a window that
	 * no longer holds it) */
	size_t n = strlen(t->name);
	if (off <= r->len && n <= r->len - off && memcmp(r->data + off, t->name, n) == 0 &&
	    S_fix_free(l, near))
		tb_diag_propose(r, off, n, line, col, near, strlen(near), 0);
}

void tb_tags_check_names(tb_reader *r, const tb_tag_list *l, const tb_game *g,
                          const tb_tag *side[2])
{
	/* This runs every record: only the tags no roster has are looked at
	 * (their places kept as they were added, up to four: the sides and
	 * a few more), the sides at once -- and noted in 'side' for S_order
	 * (a list holds one tag of a name at most). */
	size_t few = sizeof l->other / sizeof l->other[0], n = l->nother <= few ? l->nother : l->n;
	side[0] = side[1] = NULL;
	for (size_t j = 0; j < n; j++) {
		const tb_tag *t = &l->v[l->nother <= few ? l->other[j] : j];
		int k = !g                                 ? -1
		      : tb_tag_same(t->name, g->side_tag[0])  ? 0
		      : tb_tag_same(t->name, g->side_tag[1])  ? 1
		                                         : -1;
		if (k >= 0)
			side[k] = t;
		if (k >= 0 || (l->nother > few && tb_tag_known(t->name, strlen(t->name)) >= 0))
			continue;
		const char *near = S_near_tag(t->name, g);
		if (!near)
			continue;
		S_near_warn(r, l, t, near);
	}
}

