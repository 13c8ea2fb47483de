/*
 * options.c -- the one option parser of tablero's subcommands, and the
 * help text written from the same table (options.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"

static const char S_unknown[] = "unknown option '%s' (see tablero %s --help)";
static const char S_missing[] = "%s needs a value (see tablero %s --help)";
static const char S_bad[] = "bad value '%s' for %s (see tablero %s --help)";

/* The table ends with CLI_END: no names, nothing shown. */
static int S_end(const cli_opt *o)
{
	return !o->short_name && !o->long_name && !o->shown;
}

/* "-" and what does not start with '-' are operands. */
static int S_is_operand(const char *a)
{
	return a[0] != '-' || !a[1];
}

/* The entry 'a' names, alone or with its value glued (*glued then
 * points at the value); NULL for none. */
static const cli_opt *S_find(const cli_opt *opts, const char *a, const char **glued)
{
	*glued = NULL;
	for (const cli_opt *o = opts; !S_end(o); o++) {
		if (o->kind == CLI_OPT_HELP_ONLY)
			continue;
		if (o->long_name && a[0] == '-' && a[1] == '-') {
			size_t n = strlen(o->long_name);
			if (strncmp(a + 2, o->long_name, n) == 0) {
				if (a[2 + n] == '\0')
					return o;
				if (a[2 + n] == '=' && (o->flags & CLI_OPT_GLUED)) {
					*glued = a + 3 + n;
					return o;
				}
			}
		}
		if (o->short_name && a[0] == '-' && a[1] == o->short_name) {
			if (a[2] == '\0')
				return o;
			if ((o->flags & CLI_OPT_GLUED) && a[2] >= '0' && a[2] <= '9') {
				*glued = a + 2;
				return o;
			}
		}
	}
	return NULL;
}

/* Stores one option with its value (or none). 0, or -1 after saying. */
static int S_apply(const cli_optab *t, void *opts, const cli_opt *o, const char *arg,
                   const char *value, int glued)
{
	char *field = (char *)opts + o->offset;
	switch (o->kind) {
	case CLI_OPT_SET_FLAG:
		*(int *)(void *)field = 1;
		return 0;
	case CLI_OPT_SET_STRING:
		*(const char **)(void *)field = value;
		return 0;
	case CLI_OPT_CALL:
		break;
	case CLI_OPT_HELP_ONLY:
		return 0;
	}
	cli_optarg a = {t->cmd, o, arg, value, glued, field};
	int rc = o->fn(opts, &a);
	if (rc > 0)
		cli_error(t->cmd, t->bad ? t->bad : S_bad, value, arg, t->cmd);
	return rc ? -1 : 0;
}

/* One argument that is not an operand, at argv[*i]; moves *i past its
 * value. 0, or -1 after saying why. */
static int S_option(const cli_optab *t, int argc, char **argv, int *i, void *opts)
{
	const char *a = argv[*i], *glued;
	const cli_opt *o = S_find(t->opts, a, &glued);
	if (o && (glued || !o->value_name))
		return S_apply(t, opts, o, a, glued, glued != NULL);
	int has_value = *i + 1 < argc;
	if (!has_value && (t->mode & CLI_OPTS_LAST_NEEDS_VALUE)) {
		cli_error(t->cmd, t->missing ? t->missing : S_missing, a, t->cmd);
		return -1;
	}
	if (!o) {
		cli_error(t->cmd, t->unknown ? t->unknown : S_unknown, a, t->cmd);
		return -1;
	}
	if (!has_value && !(o->flags & CLI_OPT_OWN_MISSING)) {
		cli_error(t->cmd, t->missing ? t->missing : S_missing, a, t->cmd);
		return -1;
	}
	const char *value = has_value ? argv[++*i] : NULL;
	return S_apply(t, opts, o, a, value, 0);
}

int cli_options_parse(const cli_optab *t, int argc, char **argv, void *opts)
{
	int mixed = t->mode & CLI_OPTS_MIXED, operands_only = 0;
	for (int i = 1; i < argc; i++) {
		char *a = argv[i];
		if (operands_only || S_is_operand(a)) {
			if (!mixed)
				return i;
			if (t->operand) {
				if (t->operand(opts, a))
					return -1;
				continue;
			}
		} else if ((t->mode & CLI_OPTS_DASHDASH) && strcmp(a, "--") == 0) {
			if (!mixed)
				return i + 1;
			operands_only = 1;
			continue;
		}
		if (S_option(t, argc, argv, &i, opts))
			return -1;
	}
	return argc;
}

int cli_operand_gather(void *opts, char *arg)
{
	cli_operands *o = opts;
	o->v[o->n++] = arg;
	return 0;
}

size_t cli_opt_shown(const cli_opt *o, char *buf, size_t n)
{
	if (o->shown)
		return (size_t)snprintf(buf, n, "%s", o->shown);
	const char *v = o->value_name;
	if (o->short_name && o->long_name)
		return (size_t)snprintf(buf, n, "-%c%s%s, --%s%s%s", o->short_name, v ? " " : "",
		                        v ? v : "", o->long_name, v ? " " : "", v ? v : "");
	if (o->short_name)
		return (size_t)snprintf(buf, n, "-%c%s%s", o->short_name, v ? " " : "", v ? v : "");
	return (size_t)snprintf(buf, n, "--%s%s%s", o->long_name ? o->long_name : "", v ? " " : "",
	                        v ? v : "");
}

/* "  LEFT  help", the help's later lines indented to 'col'. */
static void S_help_line(const cli_opt *o, int col, FILE *out)
{
	char left[128];
	int len = (int)cli_opt_shown(o, left, sizeof left);
	const char *h = o->help;
	fprintf(out, "  %s", left);
	if (*h == '\n')
		fprintf(out, "\n%*s", col, ""), h++;
	else if (2 + len < col)
		fprintf(out, "%*s", col - 2 - len, "");
	else
		fputs("  ", out);
	for (; *h; h++) {
		fputc(*h, out);
		if (*h == '\n')
			fprintf(out, "%*s", col, "");
	}
	fputc('\n', out);
}

void cli_options_help(const cli_optab *t, FILE *out)
{
	fputs(t->head, out);
	int any = 0;
	for (const cli_opt *o = t->opts; !S_end(o); o++) {
		if (!o->help)
			continue;
		S_help_line(o, t->col, out);
		any = 1;
	}
	if (any)
		fputc('\n', out);
	fputs(t->tail, out);
}

/* ---- the options several commands share ---- */

/* A whole number from 1 to 'max' in 'v', into '*out'. */
static int S_count_arg(const char *v, unsigned long max, unsigned long *out)
{
	char *end;
	if (!v || *v < '1' || *v > '9')
		return -1;
	errno = 0;
	unsigned long n = strtoul(v, &end, 10);
	if (*end || errno || n > max)
		return -1;
	*out = n;
	return 0;
}

int cli_opt_search(void *opts, const cli_optarg *a)
{
	/* the last, --lookback, is the library's TB_LOOKBACK_MAX (repair.h) */
	static const unsigned long S_max[] = {64, 100000000, 1000, 10000, 32};
	(void)opts;
	unsigned long max = S_max[a->opt->tag], n;
	if (S_count_arg(a->value, max, &n)) {
		cli_error(a->cmd, "%s takes a whole number from 1 to %lu", a->arg, max);
		return -1;
	}
	tb_search_opts *o = a->field;
	switch (a->opt->tag) {
	case 0: o->max_turns = (unsigned)n; break;
	case 1: o->max_positions = n; break;
	case 2: o->max_listed = (unsigned)n; break;
	case 3: o->window = (unsigned)n; break;
	default: o->lookback = (unsigned)n; break;
	}
	return 0;
}
