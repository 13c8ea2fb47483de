#!/usr/bin/env python3
"""tools/quotes.py on made-up source texts and spec pages: what it must
find, and what it must not take for a quotation (python3 -m unittest)."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.join(HERE, "..", "tools", "quotes.py")

SEED_ES = """Ocencahuac
ü  Cuando se salta a una pieza contraía su retroceso será en esa misma columna hasta el último lugar vacio (pueden ser hasta tres lugares)
ü  Solo se pueden saltar por sobre de ellas para evitar la amenaza a un guerrero propio.
ü  Cuando se hace un movimiento de liberación.
Las tiradas son alternadasAl formar tercia se toma una ficha contraria a elección.
"""
SEED_AR = "وَلَا يَفُوزُ المُهَاجِمُون حَتَّى تُشْغَلَ كُلُّ هَذِهِ النِّقَاطِ التِّسْع.\n"


class Quotes(unittest.TestCase):
    def run_on(self, page):
        with tempfile.TemporaryDirectory() as d:
            os.mkdir(os.path.join(d, "seeds"))
            with open(os.path.join(d, "seeds", "001.txt"), "w", encoding="utf-8") as f:
                f.write(SEED_ES)
            with open(os.path.join(d, "seeds", "003.txt"), "w", encoding="utf-8") as f:
                f.write(SEED_AR)
            spec = os.path.join(d, "page.md")
            with open(spec, "w", encoding="utf-8") as f:
                f.write(page)
            p = subprocess.run([sys.executable, TOOL, os.path.join(d, "seeds"), spec],
                               capture_output=True, text=True)
            return p.returncode, p.stdout

    def test_the_texts_words_pass(self):
        code, out = self.run_on(
            'He says "cuando se salta a una pieza contraía [contraria] su retroceso será…",\n'
            'and "Solo se pueden saltar por sobre de ellas … un guerrero propio. Cuando se\n'
            'hace un movimiento de liberación"; the Arabic "ولا يفوز المهاجمون حتى تشغل كل\n'
            'هذه النقاط التسع"; "Al formar tercia se toma una ficha contraria a elección."\n')
        self.assertEqual(code, 0, out)
        self.assertIn("quotes: 4 passed, 0 failed", out)

    def test_a_paraphrase_fails_with_its_line(self):
        code, out = self.run_on('Intro.\n\nThe text: "cuando se salta a una ficha contraria se\n'
                                'retrocede".\n')
        self.assertEqual(code, 1)
        self.assertIn("page.md:3: not in the source texts", out)

    def test_a_word_cut_from_the_arabic_fails(self):
        code, out = self.run_on('"لا يفوز المهاجمون حتى تشغل كل هذه النقاط"\n')
        self.assertEqual(code, 1, out)

    def test_pieces_out_of_order_fail(self):
        code, out = self.run_on('"hasta tres lugares … Cuando se salta a una pieza"\n')
        self.assertEqual(code, 1, out)

    def test_english_and_code_are_not_quotations(self):
        code, out = self.run_on('A "block" is "two pieces in a row".\n`"se toma una pieza"`\n'
                                '~~~~ example\n"de la pieza que no está"\n~~~~\n')
        self.assertEqual(code, 0, out)
        self.assertIn("quotes: 0 passed, 0 failed", out)



SPEC = os.path.join(HERE, "..", "spec", "games")
# The contested defaults of issue 30, by chapter: each must be marked so in
# its chapter's "Reading the source" table.
CONTESTED = {"ocencahuac.md": ["prince", "push_sideways", "end_result"],
             "asalto.md": ["chain"]}


class Contested(unittest.TestCase):
    """Every reading the "Reading the source" tables mark contested has
    a "Contested" paragraph in its chapter, and the defaults issue 30
    found contested are marked so."""

    def rows(self, name):
        with open(os.path.join(SPEC, name), encoding="utf-8") as f:
            text = f.read()
        head = text.index("## Reading the source")
        table = text[head:text.index("\n## ", head + 1)]
        rows = {}
        for line in table.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) == 4 and cells[3].startswith("`"):
                rows.setdefault(cells[3].strip("`"), []).append(cells[2])
        return text, rows

    def test_contested_rows_are_marked_and_argued(self):
        for name in ("pitarra.md", "asalto.md", "ocencahuac.md"):
            text, rows = self.rows(name)
            marked = [k for k, v in rows.items() if any("**contested**" in c for c in v)]
            for option in CONTESTED.get(name, []):
                self.assertIn(option, marked, f"{name}: {option} is not marked contested")
            if marked:
                self.assertGreaterEqual(text.count("**Contested"), len(marked),
                                        f"{name}: fewer Contested paragraphs than rows")

if __name__ == "__main__":
    unittest.main()
