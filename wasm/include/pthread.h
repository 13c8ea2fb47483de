/*
 * wasm/include/pthread.h -- the little of POSIX threads lib/tagfmt.c
 * uses, for the desk's WebAssembly build, which has one thread (wasi-libc
 * has no pthread.h): a once is a flag, and there are no thread keys
 * (pthread_key_create fails, so tagfmt.c makes its match data per match),
 * and no thread starts (pthread_create fails, so stretch_split.c makes
 * each slice of a layer itself).
 */
#ifndef TB_WASM_PTHREAD_H
#define TB_WASM_PTHREAD_H

typedef int pthread_once_t;
typedef int pthread_key_t;
typedef int pthread_t;
typedef int pthread_attr_t;
#define PTHREAD_ONCE_INIT 0

static inline int pthread_once(pthread_once_t *once, void (*fn)(void))
{
	if (!*once) {
		*once = 1;
		fn();
	}
	return 0;
}

static inline int pthread_key_create(pthread_key_t *key, void (*dtor)(void *))
{
	(void)key;
	(void)dtor;
	return -1;
}

static inline void *pthread_getspecific(pthread_key_t key)
{
	(void)key;
	return 0;
}

static inline int pthread_setspecific(pthread_key_t key, const void *v)
{
	(void)key;
	(void)v;
	return -1;
}

static inline int pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *),
                                 void *arg)
{
	(void)t;
	(void)a;
	(void)fn;
	(void)arg;
	return -1;
}

static inline int pthread_join(pthread_t t, void **ret)
{
	(void)t;
	(void)ret;
	return -1;
}

#endif
