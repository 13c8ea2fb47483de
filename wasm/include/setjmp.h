/*
 * wasm/include/setjmp.h -- setjmp and longjmp for the desk's WebAssembly
 * build (spec/desk.md), where wasi-libc has none (WebAssembly of clang 14
 * has no way to unwind the stack).
 *
 * The library jumps only when memory runs out (lib/arena.h: the arena
 * jumps back to where a record began, which frees it). Here setjmp
 * returns 0 and longjmp stops the module (a trap): the page catches it,
 * says memory ran out, and starts a fresh instance from the text it
 * keeps. Never a wrong answer, only no answer.
 */
#ifndef TB_WASM_SETJMP_H
#define TB_WASM_SETJMP_H

typedef int jmp_buf[1];

#define setjmp(b) ((void)(b), 0)
#define longjmp(b, v) ((void)(b), (void)(v), __builtin_trap())

#endif
