/*
 * replay.c -- runs a fuzz harness's LLVMFuzzerTestOneInput on files,
 * without libFuzzer: `make check` replays the committed corpus and
 * every past finding (tests/fuzz/corpus/, tests/fuzz/findings/) through
 * each harness, built with the normal compiler (and the sanitizers
 * under `make check-san`).
 *
 *   replay-TARGET PATH...   each PATH a file or a folder of files
 *
 * A broken invariant aborts (FZ_CHECK), so the exit status says it;
 * each input is named before it runs, so the last name printed is the
 * culprit.
 */
#include <dirent.h>
#include <sys/stat.h>

#include "fuzz.h"

static int S_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int S_run_file(const char *path)
{
	size_t n;
	char *bytes = fz_read_file(path, &n);
	if (!bytes) {
		fprintf(stderr, "replay: cannot read %s\n", path);
		return -1;
	}
	if (getenv("REPLAY_VERBOSE"))
		fprintf(stderr, "replay: %s\n", path);
	/* a copy of exactly its size, so that reading past it is caught */
	uint8_t *data = malloc(n ? n : 1);
	if (!data)
		abort();
	if (n)
		memcpy(data, bytes, n);
	LLVMFuzzerTestOneInput(data, n);
	free(data);
	free(bytes);
	return 0;
}

/* The files of folder 'dir', in name order; returns how many ran, or
 * -1. */
static long S_run_dir(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return -1;
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			names = realloc(names, cap * sizeof *names);
			if (!names)
				abort();
		}
		size_t len = strlen(dir) + strlen(e->d_name) + 2;
		names[n] = malloc(len);
		if (!names[n])
			abort();
		snprintf(names[n++], len, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, S_cmp);
	long ran = 0;
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode) && S_run_file(names[i]) == 0)
			ran++;
		free(names[i]);
	}
	free(names);
	return ran;
}

int main(int argc, char **argv)
{
	long ran = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "replay: no such file or folder: %s\n", argv[i]);
			return 2;
		}
		long n = S_ISDIR(st.st_mode) ? S_run_dir(argv[i]) : S_run_file(argv[i]) == 0;
		if (n < 0)
			return 2;
		ran += n;
	}
	printf("%s: %ld inputs replayed\n", argv[0], ran);
	return 0;
}
