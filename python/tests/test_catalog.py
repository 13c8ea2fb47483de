"""Tests of tablero.catalog (python/tablero/_catalog.py), run with
test_tablero.py (which imports them) by 'make python': the rows Python
gets are those `tablero catalog --format jsonl` writes, over every sample
and both tables; a record with errors has its row; a missing file, one
that is no text."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))
sys.path.insert(0, os.path.join(ROOT, "python"))

import tablero  # noqa: E402

CATALOG_SAMPLES = sorted(os.path.join(ROOT, "samples", n)
                         for n in os.listdir(os.path.join(ROOT, "samples")) if n.endswith(".tgn"))


def catalog_cli():
    """The tablero built beside the library the module uses, or None."""
    path = os.path.join(os.path.dirname(getattr(tablero._lib, "_name", "")), "tablero")
    return path if os.path.exists(path) else None


class CatalogTest(unittest.TestCase):
    def test_as_the_command(self):
        """Every sample's rows, both tables, are the command's JSON Lines."""
        tb = catalog_cli()
        if tb is None:
            self.skipTest("no tablero beside the library")
        for turns in (False, True):
            for path in CATALOG_SAMPLES:
                args = [tb, "catalog", "--format", "jsonl"] + (["--turns"] if turns else [])
                out = subprocess.run(args + [path], check=True, capture_output=True).stdout
                want = [json.loads(line) for line in out.decode("utf-8").splitlines()]
                got = list(tablero.catalog(path, turns=turns))
                self.assertEqual(got, want, path)
                self.assertTrue(got)
                self.assertEqual(list(got[0]), tablero.catalog_columns(turns))

    def test_errors_and_files(self):
        with tempfile.TemporaryDirectory() as tmp:
            bad = os.path.join(tmp, "bad.tgn")
            with open(bad, "w", encoding="utf-8") as f:
                f.write('[Game "pitarra"]\n\n1. d1 d7 2. d1 *\n\n[Game "asalto"]\n\n1. c3-c4 *\n')
            rows = list(tablero.catalog(bad, name="B"))
            self.assertEqual([r["index"] for r in rows], [1, 2])
            self.assertEqual(rows[0]["file"], "B")
            self.assertEqual((rows[0]["errors"], rows[0]["error_code"], rows[0]["error_at"]),
                             (1, "TB401", "3:13"))
            self.assertIsNone(rows[1]["error_code"])
            self.assertEqual(rows[1]["turns"], 1)
            with self.assertRaises(OSError):
                list(tablero.catalog(os.path.join(tmp, "missing.tgn")))
            image = os.path.join(tmp, "image.tgn")
            with open(image, "wb") as f:
                f.write(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR")
            with self.assertRaises(tablero.TableroError):
                list(tablero.catalog(image))
