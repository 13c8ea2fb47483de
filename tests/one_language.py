#!/usr/bin/env python3
"""One language per output (issue 37, spec/book.md "Languages").

Renders every sample in each language of the house (--lang en, es, ar)
as a web page (tablero html), a book's pages (tablero book -d, the SVG
text), a diagram with its caption and tags (tablero svg) and the text
board (tablero show), takes the words a reader sees, and finds none of
another language outside the record's own text.

- A word is the record's own when the record's file has it (its tags,
  comments, names) or when it is a proper name the tables keep as is in
  every language (the games' and sides' names).
- The other languages' words are lists: English's and Spanish's are the
  words of their tables (lib/lang_en.c, lib/lang_es.c and each game's
  words) that the other tables do not have, three letters or more, no
  digit; Arabic's is any word in Arabic letters.

Usage: one_language.py TABLERO ROOT
"""
import html.parser
import os
import re
import subprocess
import sys
import tempfile

TABLERO, ROOT = sys.argv[1], sys.argv[2]
LANGS = ("en", "es", "ar")
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.UNICODE)
ARABIC = re.compile(r"[\u0600-\u06ff]")
FAILS = []
COUNT = {"outputs": 0, "words": 0}


def words(text):
    return [w for w in WORD.findall(text) if not any(c.isdigit() for c in w)]


def table_texts(code):
    """The texts of language 'code' in the house's and the games' tables."""
    out = []
    files = [os.path.join(ROOT, "lib", "lang_%s.c" % code)]
    games = os.path.join(ROOT, "lib", "games")
    files += [os.path.join(games, g, "game.c") for g in sorted(os.listdir(games))]
    for path in files:
        src = open(path, encoding="utf-8").read()
        if path.endswith("game.c"):  # the table S_<code>[] only
            m = re.search(r"S_%s\[\] = \{(.*?)\n\};" % code, src, re.S)
            src = m.group(1) if m else ""
        out += [t for _, t in re.findall(r'\{"([^"]+)", "((?:[^"\\]|\\.)*)"\}', src)]
    return out


def vocab(code):
    return {w.lower() for t in table_texts(code) for w in words(t)}


EN, ES = vocab("en"), vocab("es")
# proper names every table keeps as they are (games, sides, crowned pieces)
NAMES = {w.lower() for code in LANGS for t in table_texts(code) for w in words(t)
         if w[:1].isupper() and w.lower() in EN and w.lower() in ES}
FOREIGN = {
    "es": {w for w in EN - ES if len(w) >= 3},
    "ar": {w for w in (EN - ES) | (ES - EN) if len(w) >= 3},
    "en": {w for w in ES - EN if len(w) >= 3},
}
# words both lists share by chance with the notation or the other
# language's grammar: never a finding alone
FOREIGN["en"] -= {"rules"}


class Visible(html.parser.HTMLParser):
    """The text a reader sees on a page, and what a screen reader says."""

    def __init__(self):
        super().__init__()
        self.skip, self.out = 0, []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        for k, v in attrs:
            if k in ("aria-label", "title", "alt") and v:
                self.out.append(v)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


def visible_html(path):
    p = Visible()
    p.feed(open(path, encoding="utf-8").read())
    return "\n".join(p.out)


def svg_text(path):
    src = open(path, encoding="utf-8").read()
    src = re.sub(r"<style.*?</style>", "", src, flags=re.S)
    return "\n".join(re.findall(r">([^<>]+)<", src))


def own_text(path):
    """The record's own words: tag values, comments, movetext -- not the
    tags' names, which are the notation's and never shown as words."""
    out = []
    for line in open(path, encoding="utf-8"):
        m = re.match(r'\s*\[[A-Za-z0-9_]+\s+"(.*)"\s*\]\s*$', line)
        out.append(m.group(1) if m else line)
    return "\n".join(out)


def run(*args):
    p = subprocess.run([TABLERO] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout


def check(what, lang, text, own):
    COUNT["outputs"] += 1
    seen = set()
    for w in words(text):
        COUNT["words"] += 1
        lw = w.lower()
        if lw in own or lw in NAMES or lw in seen:
            continue
        if lang != "ar" and ARABIC.search(w) or lw in FOREIGN[lang]:
            seen.add(lw)
    if seen:
        FAILS.append("%s (--lang %s): %s" % (what, lang, ", ".join(sorted(seen))))


def main():
    samples = sorted(os.path.join(ROOT, "samples", f)
                     for f in os.listdir(os.path.join(ROOT, "samples")) if f.endswith(".tgn"))
    with tempfile.TemporaryDirectory() as tmp:
        for path in samples:
            name = os.path.basename(path)
            own = {w.lower() for w in words(own_text(path))}
            for lang in LANGS:
                out = os.path.join(tmp, "%s.%s" % (name, lang))
                run("html", "--ignore-access", "--lang", lang, path, "-o", out + ".html")
                check(name + " html", lang, visible_html(out + ".html"), own)
                rc, text = run("show", "--lang", lang, path)
                check(name + " show", lang, text, own)
                run("svg", "--lang", lang, "--tag", "Site", "--tag", "Date", "--tag", "Source",
                    path, "-o", out + ".svg")
                if os.path.exists(out + ".svg"):
                    check(name + " svg", lang, svg_text(out + ".svg"), own)
                pages = out + ".pages"
                run("book", "--ignore-access", "--lang", lang, "-d", pages, path)
                text = "\n".join(svg_text(os.path.join(pages, f))
                                 for f in sorted(os.listdir(pages))) if os.path.isdir(pages) else ""
                if not text:
                    FAILS.append("%s book (--lang %s): no pages" % (name, lang))
                check(name + " book", lang, text, own)
    for f in FAILS:
        print("FAIL: words of another language in " + f)
    print("one language: %d outputs of %d samples in %d languages, %d words read; %d failed"
          % (COUNT["outputs"], len(samples), len(LANGS), COUNT["words"], len(FAILS)))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
