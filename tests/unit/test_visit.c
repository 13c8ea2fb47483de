/*
 * test_visit.c -- lib/visit.c: the order of the events of the one
 * traversal (visit.h) on records with variations, readings, comments
 * and NAGs; skipping; a visit of one node.
 */
#include "tb_test.h"

#include "game.h"
#include "record.h"
#include "visit.h"

#define PIT "[Game \"pitarra\"]\n"

/* One event of 'v' as text: "L0" / "/L0" a line entered / left at its
 * depth, "N d1" / "/N d1" a node, "A0 a1" / "/A0" an alternative, "$6"
 * a NAG, "{lead:0 x}" "{alt:1 x}" "{node:0 x}" a comment and its place
 * in its list. */
static void S_event(tt_str *out, const tb_visit *v, int ev)
{
	static const char *const at[] = {"lead", "alt", "node"};
	tb_buf b = TB_BUF_SOFT;
	switch (ev) {
	case TB_VISIT_LINE_ENTER:
		tt_printf(out, "L%u", v->depth);
		break;
	case TB_VISIT_LINE_EXIT:
		tt_printf(out, "/L%u", v->depth);
		break;
	case TB_VISIT_NODE_ENTER:
	case TB_VISIT_NODE_EXIT:
		if (v->node->kind == TB_NODE_MOVE || v->node->kind == TB_NODE_PASS ||
		    v->node->kind == TB_NODE_UNKNOWN)
			tb_turn_write(&b, v->node->kind, &v->node->move);
		else
			tb_buf_puts(&b, v->node->kind == TB_NODE_READING ? "reading" : "other");
		tt_printf(out, "%sN %s", ev == TB_VISIT_NODE_EXIT ? "/" : "", b.data);
		break;
	case TB_VISIT_ALT_ENTER:
		tb_turn_write(&b, v->alt->kind, &v->alt->move);
		tt_printf(out, "A%u %s", v->index, b.data ? b.data : "");
		break;
	case TB_VISIT_ALT_EXIT:
		tt_printf(out, "/A%u", v->index);
		break;
	case TB_VISIT_NAG:
		tt_printf(out, "$%u", v->nag);
		break;
	case TB_VISIT_COMMENT:
		tt_printf(out, "{%s:%u %s}", at[v->at], v->index, v->comment->text);
		break;
	default:
		tt_puts(out, "?");
		break;
	}
	tb_buf_free(&b);
}

/* The events of a visit of the main line of 'src', space-separated,
 * with 'quiet' (tb_visit.quiet); a node that is move 'skip' (NULL:
 * none), or a variation that starts with it, is skipped. */
static char *S_events_quiet(const char *src, const char *skip, unsigned quiet)
{
	tb_record *rec = tt_parse_clean(src);
	tb_visit v;
	tb_visit_init(&v, &rec->main);
	v.quiet = quiet;
	tt_str out = {0};
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		if (out.d)
			tt_putc(&out, ' ');
		S_event(&out, &v, ev);
		if (skip && (ev == TB_VISIT_NODE_ENTER || (ev == TB_VISIT_LINE_ENTER && v.depth))) {
			tb_buf b = TB_BUF_SOFT;
			const tb_node *n = ev == TB_VISIT_NODE_ENTER ? v.node : v.line->first;
			if (n && n->kind == TB_NODE_MOVE)
				tb_turn_write(&b, n->kind, &n->move);
			if (b.data && strcmp(b.data, skip) == 0)
				tb_visit_skip(&v);
			tb_buf_free(&b);
		}
	}
	assert_int_equal(tb_visit_next(&v), TB_VISIT_DONE); /* and from then on */
	assert_false(v.too_deep);
	tb_record_free(rec);
	return tt_take(&out);
}

static char *S_events(const char *src, const char *skip)
{
	return S_events_quiet(src, skip, 0);
}

static void test_plain_line(void **state)
{
	(void)state;
	tt_assert_str(S_events(PIT "1. d1 a1 *", NULL), "L0 N d1 /N d1 N a1 /N a1 /L0");
	tt_assert_str(S_events(PIT "*", NULL), "L0 /L0");
}

static void test_comments_and_nags(void **state)
{
	(void)state;
	tt_assert_str(S_events(PIT "{a} {b} 1. d1! $14 {c} {d} a1 *", NULL),
	              "L0 {lead:0 a} {lead:1 b} N d1 $1 $14 {node:0 c} {node:1 d} /N d1 "
	              "N a1 /N a1 /L0");
}

static void test_variations_nest_in_order(void **state)
{
	(void)state;
	tt_assert_str(S_events(PIT "1. d1 {c} (1. g1 {v} (1. a4) a1) (1. a1) a4 *", NULL),
	              "L0 N d1 {node:0 c} "
	              "L1 N g1 {node:0 v} L2 N a4 /N a4 /L2 /N g1 N a1 /N a1 /L1 "
	              "L1 N a1 /N a1 /L1 "
	              "/N d1 N a4 /N a4 /L0");
}

static void test_readings(void **state)
{
	(void)state;
	tt_assert_str(S_events(PIT "1. d1 <a1 {x} {y} | a7 {z}> $2 {after} 2. g1 *", NULL),
	              "L0 N d1 /N d1 N reading A0 a1 {alt:0 x} {alt:1 y} /A0 A1 a7 {alt:0 z} /A1 "
	              "$2 {node:0 after} /N reading N g1 /N g1 /L0");
}

static void test_skip(void **state)
{
	(void)state;
	/* a node skipped: its NAGs, comments and variations are not visited */
	tt_assert_str(S_events(PIT "1. d1 $3 {c} (1. g1) a1 *", "d1"),
	              "L0 N d1 /N d1 N a1 /N a1 /L0");
	/* a variation skipped from its start */
	tt_assert_str(S_events(PIT "1. d1 (1. g1 a4) (1. a4) a1 *", "g1"),
	              "L0 N d1 L1 /L1 L1 N a4 /N a4 /L1 /N d1 N a1 /N a1 /L0");
}

/* Quiet events are not said, whichever path the cursor takes (the
 * inline step over nodes without notes, or the general one); the
 * ENTER events of lines and nodes and DONE are said all the same. */
static void test_quiet(void **state)
{
	(void)state;
	const unsigned exits = TB_VISIT_QUIET(TB_VISIT_NODE_EXIT) |
	                       TB_VISIT_QUIET(TB_VISIT_ALT_ENTER) | TB_VISIT_QUIET(TB_VISIT_ALT_EXIT);
	const char *src = PIT "{l} 1. d1 $3 {c} (1. g1 a4 2. <a7 {x} | g4>) a1 2. a7 <g7 | d7> 3. g4 *";
	tt_assert_str(S_events_quiet(src, NULL, exits),
	              "L0 {lead:0 l} N d1 $3 {node:0 c} L1 N g1 N a4 N reading {alt:0 x} /L1 "
	              "N a1 N a7 N reading N g4 /L0");
	tt_assert_str(S_events_quiet(src, NULL, exits | TB_VISIT_QUIET(TB_VISIT_COMMENT) |
	                                        TB_VISIT_QUIET(TB_VISIT_NAG) |
	                                        TB_VISIT_QUIET(TB_VISIT_LINE_EXIT) |
	                                        TB_VISIT_QUIET(TB_VISIT_LINE_ENTER) |
	                                        TB_VISIT_QUIET(TB_VISIT_NODE_ENTER)),
	              "L0 N d1 L1 N g1 N a4 N reading N a1 N a7 N reading N g4");
	/* skipping a node whose exit is quiet goes on to the next node */
	tt_assert_str(S_events_quiet(PIT "1. d1 $3 {c} (1. g1) a1 *", "d1", exits),
	              "L0 N d1 N a1 /L0");
}

static void test_one_node(void **state)
{
	(void)state;
	tb_record *rec = tt_parse_clean(PIT "1. d1 {c} (1. g1) a1 *");
	tb_visit v;
	tb_visit_init_node(&v, rec->main.first);
	tt_str out = {0};
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		if (out.d)
			tt_putc(&out, ' ');
		S_event(&out, &v, ev);
	}
	tt_assert_str(tt_take(&out), "N d1 {node:0 c} L1 N g1 /N g1 /L1 /N d1");
	tb_record_free(rec);
}

/* The whole path is kept: variations nested as deep as a record may
 * hold them are visited, and left in order. */
static void test_deepest_nesting(void **state)
{
	(void)state;
	tt_str src = {0};
	tt_puts(&src, PIT "1. d1");
	for (int i = 0; i < TB_MAX_DEPTH - 1; i++)
		tt_puts(&src, " (1. g1");
	for (int i = 0; i < TB_MAX_DEPTH - 1; i++)
		tt_puts(&src, ")");
	tt_puts(&src, " *");
	char *s = src.d; /* not tt_take: GCC's overflow warning misreads it inlined here */
	tb_record *rec = tt_parse_clean(s);
	tb_visit v;
	tb_visit_init(&v, &rec->main);
	unsigned deepest = 0, enters = 0, exits = 0;
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		enters += ev == TB_VISIT_LINE_ENTER;
		exits += ev == TB_VISIT_LINE_EXIT;
		if (v.depth > deepest)
			deepest = v.depth;
	}
	assert_int_equal(deepest, TB_MAX_DEPTH - 1);
	assert_int_equal(enters, TB_MAX_DEPTH);
	assert_int_equal(exits, TB_MAX_DEPTH);
	assert_false(v.too_deep);
	tb_record_free(rec);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_line),
		cmocka_unit_test(test_comments_and_nags),
		cmocka_unit_test(test_variations_nest_in_order),
		cmocka_unit_test(test_readings),
		cmocka_unit_test(test_skip),
		cmocka_unit_test(test_quiet),
		cmocka_unit_test(test_one_node),
		cmocka_unit_test(test_deepest_nesting),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
