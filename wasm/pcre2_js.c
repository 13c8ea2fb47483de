/*
 * wasm/pcre2_js.c -- wasm/include/pcre2.h over the browser's RegExp: a
 * pattern is handed to the page (import tb_js_regex_compile), which
 * turns PCRE2's \A, \z and (?s:...) into their RegExp spellings and
 * keeps it; a match asks the page (tb_js_regex_match). Handles are the
 * page's numbers, never freed (tagfmt.c compiles its three once).
 */
#include <stdlib.h>
#include <string.h>

#include "pcre2.h"

__attribute__((import_module("env"), import_name("tb_js_regex_compile")))
int tb_js_regex_compile(const char *pattern, size_t len);
__attribute__((import_module("env"), import_name("tb_js_regex_match")))
int tb_js_regex_match(int id, const char *subject, size_t len);

struct pcre2_code {
	int id; /* the page's number for the RegExp */
};

pcre2_code *pcre2_compile(PCRE2_SPTR pattern, PCRE2_SIZE len, uint32_t options,
                          int *err, PCRE2_SIZE *at, void *ccontext)
{
	(void)options;
	(void)ccontext;
	*at = 0;
	if (len == PCRE2_ZERO_TERMINATED)
		len = strlen((const char *)pattern);
	int id = tb_js_regex_compile((const char *)pattern, len);
	pcre2_code *code = id >= 0 ? malloc(sizeof *code) : NULL;
	*err = id < 0 ? 101 : PCRE2_ERROR_NOMEMORY; /* 101: a pattern RegExp refused */
	if (code)
		code->id = id;
	return code;
}

int pcre2_jit_compile(pcre2_code *code, uint32_t options)
{
	(void)code;
	(void)options;
	return PCRE2_ERROR_JIT_BADOPTION;
}

/* No captures are read: any non-NULL pointer stands for match data. */
pcre2_match_data *pcre2_match_data_create(uint32_t n, void *gcontext)
{
	(void)n;
	(void)gcontext;
	return malloc(1);
}

void pcre2_match_data_free(pcre2_match_data *md)
{
	free(md);
}

/* RegExp has no match limit; the patterns are linear on a tag value
 * (tagfmt.c's header), so NULL (no context) is all that is needed. */
pcre2_match_context *pcre2_match_context_create(void *gcontext)
{
	(void)gcontext;
	return NULL;
}

int pcre2_set_match_limit(pcre2_match_context *mctx, uint32_t limit)
{
	(void)mctx;
	(void)limit;
	return 0;
}

int pcre2_set_depth_limit(pcre2_match_context *mctx, uint32_t limit)
{
	(void)mctx;
	(void)limit;
	return 0;
}

int pcre2_jit_match(const pcre2_code *code, PCRE2_SPTR subject, PCRE2_SIZE len,
                    PCRE2_SIZE start, uint32_t options, pcre2_match_data *md,
                    pcre2_match_context *mctx)
{
	(void)code, (void)subject, (void)len, (void)start, (void)options, (void)md, (void)mctx;
	return PCRE2_ERROR_JIT_BADOPTION;
}

/* 1 (one match, no captures) or PCRE2_ERROR_NOMATCH's -1. */
int pcre2_match(const pcre2_code *code, PCRE2_SPTR subject, PCRE2_SIZE len,
                PCRE2_SIZE start, uint32_t options, pcre2_match_data *md,
                pcre2_match_context *mctx)
{
	(void)start, (void)options, (void)md, (void)mctx;
	return tb_js_regex_match(code->id, (const char *)subject, len) ? 1 : -1;
}
