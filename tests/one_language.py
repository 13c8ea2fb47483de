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

Then the rules' reasons (spec/html.md, "Where the rules stop";
spec/compare.md, the notes of a collation): records with illegal turns
of each game, an open '?' and a gap, and a collation with a witness the
rules refuse, each in each language ([Language]): the web page and the
book's pages in the record's language have no word of another, nor
validate --lang's reasons and the notes under them (the position, the
slips, what fits, a restated position's differences), the
page says the rules' reason as `tablero validate --lang` words it, and
the collation's note "illegal in W: why" is in the collation's
language, in the page, the book and the record collate writes.

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


# an option or a position's extra as written ("huff=compulsory",
# "moved=c3-d3") is notation, whatever its words
OPTION = re.compile(r"\b[a-z0-9_]+=[^\s(),;]*")


def check(what, lang, text, own):
    COUNT["outputs"] += 1
    text = OPTION.sub(" ", text)
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


def run_err(*args):
    p = subprocess.run([TABLERO] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stderr


ASALTO = ('[Position "A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,'
          'a5,b5,f5,g5 D:c6,e6"]')
# (name, game, rules, more tags, movetext): each an illegal turn, an open
# '?' or a gap the rules stop at
FAULTS = [
    ("pitarra-occupied", "pitarra", "pitarra", "", "1. c3 f4 2. a1 c3 3. c4"),
    ("pitarra-hand", "pitarra", "pitarra", "", "1. c3-c4"),
    ("pitarra-open", "pitarra", "pitarra", "", "1. c3 f4 2. ? b2 3. c4 c5"),
    ("pitarra-gap", "pitarra", "pitarra", "", "1. c3 f4 <gap 2> 3. c4 c5"),
    ("asalto-backwards", "asalto", "asalto; chain=zigzag", ASALTO, "1. d4-d5 e6-e5 2. d5-d4"),
    ("asalto-not-yours", "asalto", "asalto; chain=zigzag", ASALTO, "1. d4-d5 d5-d6"),
    ("ocencahuac-diagonal", "ocencahuac", "ocencahuac", "", "1. a2-b3"),
    ("ocencahuac-stage", "ocencahuac", "ocencahuac", "", "1. a2-a3 1... c7xc2"),
    ("ocencahuac-slide", "ocencahuac", "ocencahuac", "", "1. a1-a4"),
]
# the same, for the notes under validate's diagnostics: the slips and
# checking going on under one, the assumption noted later; a restated
# position the turns do not reach, its nearest and what differs
NOTED = [
    ("pitarra-slips", "pitarra", "pitarra", "",
     "1. e5 g1 2. a1 d5 3. b2 b6 4. c3xb6 d3 5. f2 e4 6. a7 e3 7. d7 g4 8. a4xe4 f4 "
     "9. d1 b4 10. d2xd7 c4 11. e4 c5 12. b6 d6 13. b4-g7 d6-d7 14. b6-d6 b4-b6"),
    ("pitarra-restated", "pitarra", "pitarra", "",
     '1. e5 g1 2. a1 d5 3. ? b6 <position "R 4 R:a1,b2,e5 Y:g1,d5,b4 hand=9,9">'),
    ("pitarra-restated-known", "pitarra", "pitarra", "",
     '1. e5 g1 2. a1 d5 3. b2 b6 <position "R 4 R:a1,b2,e5 Y:g1,d5,b4 hand=9,9">'),
]
TAG_LANG = {"en": "en", "es": "es-MX", "ar": "ar-MA"}
REASON = re.compile(r"^[^:]+:\d+:\d+: error: [^:]+: (.*) \[TB40[12]\]$", re.M)
NOTE = re.compile(r"^note: (.*)$", re.M)


def flat(text):
    return " ".join(text.split())


def book_text(pages):
    return "\n".join(svg_text(os.path.join(pages, f))
                     for f in sorted(os.listdir(pages))) if os.path.isdir(pages) else ""


def record(tmp, name, lang, game, rules, more, moves):
    path = os.path.join(tmp, "%s.%s.tgn" % (name, lang))
    with open(path, "w", encoding="utf-8") as f:
        f.write('[Game "%s"]\n[Rules "%s"]\n[Language "%s"]\n%s%s[Result "*"]\n\n%s *\n'
                % (game, rules, TAG_LANG[lang], more, "\n" if more else "", moves))
    return path


def validated(tmp, name, lang, game, rules, more, moves):
    """The record written, its own words, and validate --lang's standard error."""
    path = record(tmp, name, lang, game, rules, more, moves)
    own = {w.lower() for w in words(own_text(path))}
    _, err = run_err("validate", "--lang", lang, path)
    return path, own, err


def faults(tmp):
    """The rules' reasons in the record's language (the module's doc)."""
    for name, game, rules, more, moves in FAULTS:
        for lang in LANGS:
            path, own, err = validated(tmp, name, lang, game, rules, more, moves)
            reasons = REASON.findall(err)
            if not reasons and not name.endswith(("-open", "-gap")):
                FAILS.append("%s validate --lang %s: the illegal turn's reason is not "
                             "there" % (name, lang))
            check("%s validate --lang" % name, lang, "\n".join(reasons), own)
            check("%s validate --lang (its notes)" % name, lang,
                  "\n".join(NOTE.findall(err)), own)
            page = path + ".html"
            run("html", path, "-o", page)
            text = visible_html(page)
            check(name + " html", lang, text, own)
            for r in reasons:
                if flat(r) not in flat(text):
                    FAILS.append("%s html (%s): the rules' reason '%s' is not on the page"
                                 % (name, lang, r))
            pages = path + ".pages"
            run("book", "-d", pages, path)
            check(name + " book", lang, book_text(pages), own)
    for name, game, rules, more, moves in NOTED:
        for lang in LANGS:
            _, own, err = validated(tmp, name, lang, game, rules, more, moves)
            notes = NOTE.findall(err)
            if not notes:
                FAILS.append("%s validate --lang %s: no note is there" % (name, lang))
            check("%s validate --lang (its notes)" % name, lang, "\n".join(notes), own)
    # a collation whose notebook the rules refuse at 2... c3
    for lang in LANGS:
        wit = []
        for siglum, second in (("cinta", "b2"), ("cuaderno", "c3")):
            wit.append(record(tmp, siglum, lang, "pitarra", "pitarra", "",
                              "1. c3 f4 2. a1 %s 3. c4 c5" % second))
        out = os.path.join(tmp, "collation.%s.tgn" % lang)
        run("collate", "--sigla", "cinta,cuaderno", wit[0], wit[1], "-o", out)
        _, err = run_err("validate", "--lang", lang, wit[1])
        reasons = REASON.findall(err)
        coll = open(out, encoding="utf-8").read() if os.path.exists(out) else ""
        if not reasons or "illegal in cuaderno: %s}" % reasons[0] not in coll:
            FAILS.append("collation (%s): no note 'illegal in cuaderno: %s' in what collate "
                         "writes" % (lang, reasons[0] if reasons else "?"))
        own = {w.lower() for w in words(own_text(wit[0]))} | {"cinta", "cuaderno"}
        page = out + ".html"
        run("html", out, "-o", page)
        text = visible_html(page)
        check("collation html", lang, text, own)
        pages = out + ".pages"
        run("book", "-d", pages, out)
        btext = book_text(pages)
        check("collation book", lang, btext, own)
        for what, t in (("html", text), ("book", btext)):
            if reasons and flat(reasons[0]) not in flat(t):
                FAILS.append("collation %s (%s): the note's reason '%s' is not there"
                             % (what, lang, reasons[0]))


def table_keys(code):
    """The keys of language 'code' in the house's and the games' tables."""
    keys = set()
    files = [os.path.join(ROOT, "lib", "lang_%s.c" % code)]
    games = os.path.join(ROOT, "lib", "games")
    files += [os.path.join(games, g, "game.c") for g in sorted(os.listdir(games))]
    for path in files:
        src = open(path, encoding="utf-8").read()
        if path.endswith("game.c"):
            m = re.search(r"S_%s\[\] = \{(.*?)\n\};" % code, src, re.S)
            src = m.group(1) if m else ""
        keys |= set(re.findall(r'\{"([^"]+)", "', src))
    return keys


FORM = r"(\.(zero|one|two|few|many|other))?"


def reason_keys():
    """Every key of a reason the code names (rules.h, tb_why) is in every
    language's tables: as it is, with a side's or a piece's number after
    it, or a plural form (a key no table has would be printed as is)."""
    used = set()
    for top, _, names in os.walk(os.path.join(ROOT, "lib")):
        for n in names:
            if not n.endswith(".c") or n == "game.c" or n.startswith("lang_"):
                continue  # the tables themselves
            src = open(os.path.join(top, n), encoding="utf-8").read()
            used |= set(re.findall(r'"((?:why|who|near|blue|crowned_self|crowned_other|val)'
                                   r'\.[a-z_.0-9]+)"', src))
            used |= {"why.ocencahuac." + k for k in re.findall(r'\bK\("([a-z_0-9]+)"\)', src)}
    used = {k for k in used if not k.endswith((".", ".h"))}  # a prefix, a header
    games = sorted(os.listdir(os.path.join(ROOT, "lib", "games")))
    used |= {"%s.%s.%d" % (kind, g, side) for kind in ("whose", "piece") for g in games
             for side in (0, 1)}
    for code in LANGS:
        keys = table_keys(code)
        for key in sorted(used):
            pat = re.compile(re.escape(key) + r"(\.\d)?" + FORM + "$")
            if not any(pat.match(k) for k in keys):
                FAILS.append("the tables of %s: no words for the key '%s' the code uses"
                             % (code, key))
    COUNT["keys"] = len(used)


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
        faults(tmp)
    reason_keys()
    for f in FAILS:
        print("FAIL: " + (f if " is not " in f or f.startswith(("collation (", "the tables"))
                          else "words of another language in " + f))
    print("one language: %d outputs of %d samples in %d languages, %d words read, %d keys of "
          "reasons; %d failed" % (COUNT["outputs"], len(samples), len(LANGS), COUNT["words"],
                                  COUNT.get("keys", 0), len(FAILS)))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
