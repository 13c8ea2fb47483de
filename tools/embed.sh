#!/usr/bin/env bash
# tools/embed.sh NAME FILE -- FILE as a C array NAME (NUL-terminated) and
# NAME_len (its length without the NUL), for the library to carry the
# files it needs at run time (schemas/tgn.rng). Bytes, not a string
# literal: ISO C limits a literal to 4095 characters.
set -euo pipefail
name=$1 file=$2
echo "/* Generated from $file by tools/embed.sh: do not edit. */"
echo "#include \"xml.h\""
echo "const char $name[] = {"
od -An -v -tx1 "$file" | sed -e 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g' -e 's/^/\t/'
echo "	0x00};"
echo "const size_t ${name}_len = sizeof $name - 1;"
