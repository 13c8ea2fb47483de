/*
 * main.c -- tablero(1): one command, one subcommand per job. Thin:
 * it parses arguments, calls libtablero and prints.
 */
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* "Records of La Pitarra, Asalto and Ocencahuac in TGN.": the games'
 * titles from the registry, in their order (tb_game_at). */
static void S_games_line(FILE *out)
{
	size_t count = 0;
	while (tb_game_at(count))
		count++;
	fputs("Records of ", out);
	for (size_t i = 0; i < count; i++)
		fprintf(out, "%s%s", i == 0 ? "" : i + 1 == count ? " and " : ", ",
		        tb_game_title(tb_game_at(i)));
	fputs(" in TGN.\n\n", out);
}

static void S_usage(FILE *out)
{
	fputs("usage: tablero [--version] [--help] COMMAND [ARGS...]\n\n", out);
	S_games_line(out);
	fputs("commands:\n", out);
	for (size_t i = 0; i < cli_ncommands; i++)
		fprintf(out, "  %-8s %s\n", cli_commands[i].name, cli_commands[i].summary);
	fputs("\n'tablero COMMAND --help' tells more; man tablero tells all.\n", out);
}

static const cli_cmd *S_find(const char *name)
{
	for (size_t i = 0; i < cli_ncommands; i++)
		if (strcmp(cli_commands[i].name, name) == 0)
			return &cli_commands[i];
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		S_usage(stderr);
		return EXIT_TROUBLE;
	}
	const char *a = argv[1];
	if (strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0) {
		printf("tablero %s\n", tb_version());
		return EXIT_CLEAN;
	}
	if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
		S_usage(stdout);
		return EXIT_CLEAN;
	}
	if (strcmp(a, "help") == 0) {
		const cli_cmd *c = argc > 2 ? S_find(argv[2]) : NULL;
		if (c)
			cli_options_help(c->options, stdout);
		else
			S_usage(stdout);
		return argc > 2 && !c ? EXIT_TROUBLE : EXIT_CLEAN;
	}
	/* glibc gives the top of the heap back (brk) whenever 128 KiB of it
	 * are free, and takes it again for the next record: validate on a
	 * collection with errors made a brk call every 50 bytes of input,
	 * about a fifth of its CPU time in the kernel (issue 38). A record's
	 * working memory is a few MiB at most, and is freed at its end all
	 * the same: keeping up to 64 MiB of free heap, and serving blocks
	 * under 32 MiB from it rather than from mmap (a long record's arena
	 * blocks and a search's layers grow past the 128 KiB default), costs
	 * no more peak memory than the largest record needs, and is given
	 * back at exit. Memory per record stays flat: what one record frees
	 * the next reuses. */
	mallopt(M_TRIM_THRESHOLD, 64 << 20);
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	const cli_cmd *c = S_find(a);
	if (!c) {
		fprintf(stderr, "tablero: '%s' is not a command\n\n", a);
		S_usage(stderr);
		return EXIT_TROUBLE;
	}
	if (cli_wants_help(argc - 1, argv + 1)) {
		cli_options_help(c->options, stdout);
		return EXIT_CLEAN;
	}
	/* Output to a file or a pipe goes out 64 KiB at a time, not in
	 * stdio's blocks of st_blksize (4 KiB): fmt and xml on a collection
	 * made a system call every few records. A terminal keeps its line
	 * buffering; the commands that talk (engine, show) flush as before. */
	static char out_buf[1 << 16];
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, out_buf, _IOFBF, sizeof out_buf);
	return c->run(argc - 1, argv + 1);
}
