/*
 * wasm/include/pcre2.h -- the part of PCRE2's API lib/tagfmt.c calls, for
 * the desk's WebAssembly build (spec/desk.md), which has no PCRE2: the
 * same patterns (tagfmt.c's, the spec's contract) are matched by the
 * browser's RegExp engine (wasm/pcre2_js.c, wasm/desk_page.js
 * S_regex_*), so that validate in the page says what it says anywhere.
 * Only what tagfmt.c needs: 8-bit code units, anchored whole-value
 * matches, no captures read back.
 */
#ifndef TB_WASM_PCRE2_H
#define TB_WASM_PCRE2_H

#include <stddef.h>
#include <stdint.h>

typedef const unsigned char *PCRE2_SPTR;
typedef size_t PCRE2_SIZE;
#define PCRE2_ZERO_TERMINATED (~(PCRE2_SIZE)0)
#define PCRE2_JIT_COMPLETE 1u
#define PCRE2_ERROR_NOMEMORY (-48)
#define PCRE2_ERROR_JIT_BADOPTION (-45)

typedef struct pcre2_code pcre2_code;             /* a RegExp the page keeps */
typedef struct pcre2_match_data pcre2_match_data; /* nothing: no captures read */
typedef struct pcre2_match_context pcre2_match_context;

pcre2_code *pcre2_compile(PCRE2_SPTR pattern, PCRE2_SIZE len, uint32_t options,
                          int *err, PCRE2_SIZE *at, void *ccontext);
int pcre2_jit_compile(pcre2_code *code, uint32_t options);
pcre2_match_data *pcre2_match_data_create(uint32_t n, void *gcontext);
void pcre2_match_data_free(pcre2_match_data *md);
pcre2_match_context *pcre2_match_context_create(void *gcontext);
int pcre2_set_match_limit(pcre2_match_context *mctx, uint32_t limit);
int pcre2_set_depth_limit(pcre2_match_context *mctx, uint32_t limit);
int pcre2_jit_match(const pcre2_code *code, PCRE2_SPTR subject, PCRE2_SIZE len,
                    PCRE2_SIZE start, uint32_t options, pcre2_match_data *md,
                    pcre2_match_context *mctx);
int pcre2_match(const pcre2_code *code, PCRE2_SPTR subject, PCRE2_SIZE len,
                PCRE2_SIZE start, uint32_t options, pcre2_match_data *md,
                pcre2_match_context *mctx);

#endif
