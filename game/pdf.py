"""A one-page PDF holding one picture, for the printable Paper Invasion game sheet.

PDF 1.4 (ISO 32000-1, section 7): a catalog, a page tree with one page whose MediaBox is the
picture's size at the given resolution, and the picture as an image XObject with its RGB pixels
compressed by zlib (``/FlateDecode``, lossless: pencil lines stay sharp on paper).  This is all
the game ever writes, and all Pillow was in the bundles for (about 2 MB of the one-file bundle);
the standard library's zlib does the compressing.
"""

from __future__ import annotations

import zlib


def one_page_pdf(rgb: bytes, size: tuple[int, int], dpi: float) -> bytes:
    """The bytes of a PDF whose one page is the picture ``rgb`` (``size`` pixels, three bytes a
    pixel, rows from the top) printed at ``dpi`` pixels an inch."""
    width, height = size
    if width <= 0 or height <= 0 or dpi <= 0 or len(rgb) != width * height * 3:
        raise ValueError(f"{len(rgb)} bytes are not an RGB picture of {width} x {height} pixels")
    w_pt = round(width * 72 / dpi, 3)
    h_pt = round(height * 72 / dpi, 3)
    pixels = zlib.compress(rgb, 9)
    draw = f"q {w_pt} 0 0 {h_pt} 0 0 cm /Sheet Do Q".encode("ascii")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w_pt} {h_pt}] "
         "/Resources << /XObject << /Sheet 4 0 R >> >> /Contents 5 0 R >>").encode("ascii"),
        _stream(f"/Type /XObject /Subtype /Image /Width {width} /Height {height} /ColorSpace /DeviceRGB "
                "/BitsPerComponent 8 /Filter /FlateDecode", pixels),
        _stream("", draw),
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")  # the second line marks the file as binary
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def _stream(keys: str, data: bytes) -> bytes:
    """A stream object's body: its dictionary (``keys`` and the length) and the data."""
    head = " ".join(part for part in ("<<", keys, f"/Length {len(data)}", ">>") if part)
    return head.encode("ascii") + b"\nstream\n" + data + b"\nendstream"
