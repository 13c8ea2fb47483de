/*
 * options_dump.c -- prints the options each subcommand's table
 * (cli/options.h) declares, one line each: "COMMAND\t-s\t--long", '-'
 * for a name it has not; the undocumented ones (CLI_OPT_UNDOCUMENTED)
 * left out. tests/man_options.py checks them against man/tablero.1.
 * Linked with the CLI's objects but main.o.
 */
#include <stdio.h>

#include "cli.h"

int main(void)
{
	for (size_t i = 0; i < cli_ncommands; i++) {
		const cli_cmd *c = &cli_commands[i];
		for (const cli_opt *o = c->options->opts; o->short_name || o->long_name || o->shown;
		     o++) {
			if (o->kind == CLI_OPT_HELP_ONLY || (o->flags & CLI_OPT_UNDOCUMENTED))
				continue;
			char s[3] = {'-', o->short_name, '\0'};
			printf("%s\t%s\t%s%s\n", c->name, o->short_name ? s : "-",
			       o->long_name ? "--" : "-", o->long_name ? o->long_name : "");
		}
	}
	return ferror(stdout) ? 1 : 0;
}
