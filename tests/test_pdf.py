"""The game sheet's PDF (game/pdf.py): a file a PDF reader opens, holding exactly the page drawn."""

from __future__ import annotations

import re
import zlib

import pytest

from game.pdf import one_page_pdf


def _objects(pdf: bytes) -> dict[int, bytes]:
    """The file's objects by number, found through its cross-reference table (as a reader does)."""
    start = int(re.search(rb"startxref\n(\d+)\n%%EOF\n$", pdf).group(1))
    assert pdf[start:start + 5] == b"xref\n"
    head, *rows = pdf[start:].split(b"trailer")[0].splitlines()[1:]
    first, count = map(int, head.split())
    assert first == 0 and len(rows) == count
    assert rows[0] == b"0000000000 65535 f "
    found = {}
    for number, row in enumerate(rows[1:], start=1):
        offset, gen, kind = row.split()
        assert len(row) == 19 and gen == b"00000" and kind == b"n"  # each entry is 20 bytes with its newline
        at = int(offset)
        assert pdf[at:].startswith(b"%d 0 obj\n" % number)
        found[number] = pdf[at:pdf.index(b"\nendobj\n", at)]
    return found


def test_the_sheets_pdf_holds_the_drawn_page_at_its_size_and_its_table_points_at_every_object():
    width, height, dpi = 300, 150, 150
    rgb = bytes((x * 7 + y) % 256 for y in range(height) for x in range(width) for _ in range(3))
    pdf = one_page_pdf(rgb, (width, height), dpi)
    assert pdf.startswith(b"%PDF-1.4\n")
    objects = _objects(pdf)
    assert re.search(rb"/Root 1 0 R", pdf) and b"/Type /Catalog /Pages 2 0 R" in objects[1]
    assert b"/MediaBox [0 0 144.0 72.0]" in objects[3]  # 300 px at 150 dpi = 2 in = 144 pt
    image = objects[4]
    assert b"/Width 300 /Height 150 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode" in image
    length = int(re.search(rb"/Length (\d+)", image).group(1))
    data = image.split(b"\nstream\n", 1)[1]
    assert data.endswith(b"\nendstream") and len(data) == length + len(b"\nendstream")
    assert zlib.decompress(data[:length]) == rgb  # every pixel, lossless
    assert b"q 144.0 0 0 72.0 0 0 cm /Sheet Do Q" in objects[5]


def test_an_a4_sheet_at_150_dpi_is_an_a4_page():
    width, height = round(297 / 25.4 * 150), round(210 / 25.4 * 150)
    pdf = one_page_pdf(bytes(width * height * 3), (width, height), 150)
    box = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)
    assert abs(float(box.group(1)) - 841.89) < 0.5 and abs(float(box.group(2)) - 595.28) < 0.5


def test_bytes_that_are_not_the_picture_are_refused():
    with pytest.raises(ValueError, match="not an RGB picture"):
        one_page_pdf(b"\0" * 10, (2, 2), 150)
