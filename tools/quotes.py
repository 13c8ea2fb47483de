#!/usr/bin/env python3
"""Checks that every quotation of a source text in spec/ is the source's
own words (spec/games/*.md, "Reading the source").

A quotation is a span in double quotes ("...", “...”, «...») in the prose
of a spec file -- not in code blocks or inline code -- whose words are
Spanish or Arabic. It must appear in one of the source texts (the seeds,
shared/seeds/*.txt), word for word, diacritics, letter case and
punctuation aside. An ellipsis ("…" or "...") stands for words left out:
each piece must appear, in order, in the same source. Words in square
brackets are the editor's ("contraía [contraria]") and are not looked
for. Anything else in quotation marks is not a quotation of the texts
and must be written without them.

usage: quotes.py SEEDS_DIR FILE...    exit 0 all found, 1 some not, 2 trouble
"""
import glob
import os
import re
import sys
import unicodedata

# Spanish function words: a span holding two of them (or one, in a span
# of three words or fewer) is Spanish, not an English term in quotes.
SPANISH = set("""de la el las los que en se con una un por y o su sus al del es
    son no para como pueden puede cuando ser esta este sobre sin entre hasta
    a lo le les ha han cada otra otro más mas sólo solo""".split())
ARABIC = re.compile(r"[\u0600-\u06ff]")
QUOTE = re.compile(r'"([^"]+)"|“([^”]+)”|«([^»]+)»')


def fold(text):
    """Lower case, no diacritics (Spanish accents, Arabic vowel marks),
    one spelling of the Arabic alif, words separated by one space."""
    text = unicodedata.normalize("NFD", text)
    text = "".join(c for c in text if unicodedata.category(c) != "Mn")
    text = text.replace("ـ", "")
    for a in "أإآٱ":
        text = text.replace(a, "ا")
    text = text.lower()
    text = re.sub(r"[^\w]+", " ", text)
    return " " + " ".join(text.split()) + " "


def source(path):
    """A source text without its list bullets (a lost Wingdings check
    mark, read as "ü" at the start of a line), which are not words, and
    with a space where the copy lost one between two sentences
    ("alternadasAl formar")."""
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"(?m)^\s*ü\s+", "", f.read())
    return re.sub(r"([a-záéíóúñ.)])([A-ZÁÉÍÓÚÑ])", r"\1 \2", text)


def prose(path):
    """The file's prose with its line numbers: fenced blocks and inline
    code blanked out, so that the line of each character is kept."""
    out = []
    fence = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^(```+|~~~~+)", line)
            if fence:
                if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                    fence = None
                out.append("\n")
                continue
            if m:
                fence = m.group(1)
                out.append("\n")
                continue
            out.append(re.sub(r"`[^`]*`", lambda c: " " * len(c.group(0)), line))
    return "".join(out)


def is_source_language(words, span):
    if ARABIC.search(span):
        return True
    hits = sum(1 for w in words if w in SPANISH)
    return hits >= 2 or (hits >= 1 and len(words) <= 3) or bool(re.search(r"[ñáéíóúü¿¡]", span.lower()))


def pieces(span):
    span = re.sub(r"\[[^\]]*\]", " … ", span)  # the editor's words
    return [fold(p) for p in re.split(r"…|\.\.\.", span) if fold(p).strip()]


def found(seeds, span):
    parts = pieces(span)
    if not parts:
        return True
    for seed in seeds:
        at = 0
        for p in parts:
            at = seed.find(p, at)
            if at < 0:
                break
            at += len(p) - 1  # the space after it starts the next piece
        else:
            return True
    return False


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    seeds = [fold(source(p)) for p in sorted(glob.glob(os.path.join(argv[1], "*.txt")))]
    if not seeds:
        print(f"quotes.py: no source texts in {argv[1]}", file=sys.stderr)
        return 2
    checked = bad = 0
    for path in argv[2:]:
        text = prose(path)
        for m in QUOTE.finditer(text):
            span = next(g for g in m.groups() if g is not None)
            words = fold(span).split()
            if not is_source_language(words, span):
                continue
            checked += 1
            if not found(seeds, span):
                bad += 1
                line = text.count("\n", 0, m.start()) + 1
                one = " ".join(span.split())
                print(f"{path}:{line}: not in the source texts: \"{one}\"")
    print(f"quotes: {checked - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
