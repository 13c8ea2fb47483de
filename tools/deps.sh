#!/usr/bin/env bash
# Makes sure the build's dependencies are present: libxml2, PCRE2 and
# cmocka (development files, found with pkg-config) and a C compiler;
# and, for the tests and the benchmark only: xmllint (libxml2-utils),
# which checks that libxml2's own tool agrees with the library;
# rsvg-convert (librsvg2-bin), the W3C's SVG 1.1 DTD (w3c-sgml-lib),
# pdftoppm, pdftotext and pdffonts (poppler-utils), the DejaVu fonts the
# diagrams and books ask for (fonts-dejavu-core) and python3, which
# render, validate and look at the diagrams and books. (tablero book -o
# FILE.pdf runs rsvg-convert; without it, the book says which package.)
# On Debian, as root, it installs what is missing with apt-get;
# elsewhere it stops and names the exact packages.
set -euo pipefail

declare -A pkg_of=([libxml-2.0]=libxml2-dev [libpcre2-8]=libpcre2-dev [cmocka]=libcmocka-dev)
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
for mod in libxml-2.0 libpcre2-8 cmocka; do
	if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$mod"; then
		need+=("${pkg_of[$mod]}")
	fi
done
[ ${#need[@]} -eq 0 ] && exit 0

if [ -f /etc/debian_version ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
	echo "tools/deps.sh: installing ${need[*]} with apt-get" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >&2
	apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
	exit 0
fi
echo "tools/deps.sh: missing build dependencies; install these packages:" >&2
echo "  Debian/Ubuntu: apt-get install ${need[*]}" >&2
echo "  (pkg-config modules libxml-2.0, libpcre2-8 and cmocka must be found, and xmllint," >&2
echo "   rsvg-convert, pdftoppm, pdftotext, the DejaVu fonts, python3 and the SVG 1.1 DTD" >&2
echo "   for the tests)" >&2
exit 1
