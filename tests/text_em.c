/*
 * text_em.c -- the library's width of each line of standard input
 * (lib/text_metrics.c, tb_text_em), regular then bold, in em: what
 * tests/text_widths.py draws each line against.
 */
#include <stdio.h>
#include <string.h>

#include "text_metrics.h"

int main(void)
{
	char line[4096];
	while (fgets(line, sizeof line, stdin)) {
		size_t n = strcspn(line, "\n");
		printf("%.5f %.5f\n", tb_text_em(line, n, 0), tb_text_em(line, n, 1));
	}
	return 0;
}
