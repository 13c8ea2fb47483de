#!/usr/bin/env bash
# Makes sure the build's dependencies are present: libxml2, PCRE2,
# json-c (tablero lsp's JSON, linked into the command only) and cmocka
# (development files, found with pkg-config) and a C compiler;
# and, for the tests and the benchmark only: xmllint (libxml2-utils),
# which checks that libxml2's own tool agrees with the library;
# rsvg-convert (librsvg2-bin), the W3C's SVG 1.1 DTD (w3c-sgml-lib),
# pdftoppm, pdftotext and pdffonts (poppler-utils), the DejaVu fonts the
# diagrams and books ask for (fonts-dejavu-core) and python3, which
# render, validate and look at the diagrams and books, sqlite3, which
# loads the catalogue (tests/catalog.sh); neovim, whose built-in LSP
# client drives tablero lsp in tests/lsp_nvim.sh. (tablero book -o
# FILE.pdf runs rsvg-convert; without it, the book says which package.)
# jing validates what tablero tei writes against TEI's schema (tests/tei.sh).
# On Debian, as root, it installs what is missing with apt-get;
# elsewhere it stops and names the exact packages.
#
# "bash tools/deps.sh fuzz" makes sure of what make fuzz needs instead:
# clang, and its libFuzzer and sanitizer runtimes (Debian's clang and
# libclang-rt-14-dev, the clang 14 of Debian 12); it exits 1 when they
# are missing and cannot be installed.
set -euo pipefail

# install PACKAGE...: apt-get on Debian as root, else name them and fail.
install() {
	if [ -f /etc/debian_version ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
		echo "tools/deps.sh: installing $* with apt-get" >&2
		export DEBIAN_FRONTEND=noninteractive
		# (called as "install ... ||", so set -e does not stop a failure)
		apt-get update -qq >&2 || echo "tools/deps.sh: apt-get update failed" >&2
		if apt-get install -y -qq --no-install-recommends "$@" >&2; then
			return 0
		fi
		echo "tools/deps.sh: apt-get could not install $*" >&2
		return 1
	fi
	echo "tools/deps.sh: missing: install these packages:" >&2
	echo "  Debian/Ubuntu: apt-get install $*" >&2
	return 1
}

# Can clang build and link a libFuzzer harness?
fuzzer_links() {
	local d rc
	d=$(mktemp -d)
	printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' >"$d/t.c"
	clang -fsanitize=fuzzer,address,undefined "$d/t.c" -o "$d/t" >/dev/null 2>&1 && rc=0 || rc=1
	rm -rf "$d"
	return $rc
}

if [ "${1:-}" = fuzz ]; then
	if command -v clang >/dev/null 2>&1 && fuzzer_links; then
		exit 0
	fi
	install clang libclang-rt-14-dev || exit 1
	fuzzer_links || { echo "tools/deps.sh: clang cannot link a libFuzzer harness" >&2; exit 1; }
	exit 0
fi

# "bash tools/deps.sh html": what the web pages' test needs (tests/html.sh):
# Debian's chromium (driven headless), tidy (HTML5 validation), node and
# npm (puppeteer-core, which the test installs from npm). Exit 1 when
# they are missing and cannot be installed.
if [ "${1:-}" = html ]; then
	need=()
	command -v chromium >/dev/null 2>&1 || need+=(chromium)
	command -v tidy >/dev/null 2>&1 || need+=(tidy)
	command -v node >/dev/null 2>&1 || need+=(nodejs)
	command -v npm >/dev/null 2>&1 || need+=(npm)
	[ ${#need[@]} -eq 0 ] && exit 0
	install "${need[@]}" || exit 1
	exit 0
fi

# "bash tools/deps.sh wasm": what the desk's engine needs (make wasm,
# spec/desk.md): clang with its wasm32-wasi target, wasi-libc, lld and
# compiler-rt's wasm32 builtins (Debian's clang, lld, wasi-libc,
# libclang-rt-14-dev-wasm32). Where they are missing and cannot be
# installed, it prints one line "no-wasm: ..." (make wasm says it and
# skips) and exits 1.
wasm_links() {
	local d rc
	d=$(mktemp -d)
	printf '#include <stdlib.h>\n__attribute__((export_name("f"))) void *f(size_t n) { return malloc(n); }\n' >"$d/t.c"
	clang --target=wasm32-wasi -nostartfiles -Wl,--no-entry "$d/t.c" -o "$d/t.wasm" >/dev/null 2>&1 && rc=0 || rc=1
	rm -rf "$d"
	return $rc
}

if [ "${1:-}" = wasm ]; then
	command -v clang >/dev/null 2>&1 && wasm_links && exit 0
	if install clang lld wasi-libc libclang-rt-14-dev-wasm32 && wasm_links; then
		exit 0
	fi
	echo "no-wasm: wasm: skipped: clang cannot build for wasm32-wasi (Debian: apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32); tablero desk is not built"
	exit 1
fi

# "bash tools/deps.sh lsp": what the language server's client test
# needs (tests/lsp_nvim.sh): Debian's neovim. Exit 1 when it is missing
# and cannot be installed.
if [ "${1:-}" = lsp ]; then
	command -v nvim >/dev/null 2>&1 && exit 0
	install neovim || exit 1
	exit 0
fi

declare -A pkg_of=([libxml-2.0]=libxml2-dev [libpcre2-8]=libpcre2-dev [cmocka]=libcmocka-dev
                   [json-c]=libjson-c-dev)
# libsqlite3: the index of a collection (lib/index*.c, tablero index)
pkg_of[sqlite3]=libsqlite3-dev
need=()
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v cc >/dev/null 2>&1 || need+=(gcc libc6-dev)
command -v make >/dev/null 2>&1 || need+=(make)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
command -v rsvg-convert >/dev/null 2>&1 || need+=(librsvg2-bin)
[ -f /usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd ] || need+=(w3c-sgml-lib)
command -v pdftoppm >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] &&
	[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] || need+=(fonts-dejavu-core)
command -v python3 >/dev/null 2>&1 || need+=(python3)
# sqlite3: the catalogue's test loads it into SQLite (tests/catalog.sh)
command -v sqlite3 >/dev/null 2>&1 || need+=(sqlite3)
command -v nvim >/dev/null 2>&1 || need+=(neovim)
command -v jing >/dev/null 2>&1 || need+=(jing)
# pip and venv: the Python module is installed into a fresh venv by the tests
python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
python3 -c 'import ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
for mod in libxml-2.0 libpcre2-8 cmocka json-c sqlite3; do
	if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$mod"; then
		need+=("${pkg_of[$mod]}")
	fi
done
[ ${#need[@]} -eq 0 ] && exit 0

install "${need[@]}" && exit 0
echo "  (pkg-config modules libxml-2.0, libpcre2-8, json-c and cmocka must be found, and xmllint," >&2
echo "   rsvg-convert, pdftoppm, pdftotext, the DejaVu fonts, python3 with pip and venv, nvim," >&2
echo "   sqlite3, jing," >&2
echo "   and the SVG 1.1 DTD" >&2
echo "   for the tests)" >&2
exit 1
