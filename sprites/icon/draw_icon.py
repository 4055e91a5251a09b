"""Draw the Paper Wars icon in the game's pencil style and write every size the bundles need.

    python sprites/icon/draw_icon.py        # rewrites the files beside this script

A slightly turned sheet of ruled paper with two pencils crossed like swords, and a
blue circle and an orange cross (the first two seats' symbols) sketched above and below.
Drawn at 1024 px with Pillow, with a fixed seed so the wobble is the same every time:
  paperwars.png  (512 px, for the docs),  paperwars-64.png (the window icon),
  paperwars.ico  (Windows: 16-256 px),     paperwars.icns (macOS: 16-1024 px).
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

S = 1024
PAPER = (244, 239, 225)
PAPER_EDGE = (200, 192, 170)
PAPER_LINE = (196, 214, 230)
MARGIN = (226, 140, 140)
INK = (52, 52, 60)
GRAPHITE = (88, 88, 96)
BLUE = (0, 114, 178)
ORANGE = (213, 94, 0)
PENCIL = (242, 190, 40)
PENCIL_DARK = (206, 150, 20)
WOOD = (232, 200, 150)
ERASER = (226, 130, 140)
FERRULE = (170, 170, 176)


def rotate(points, angle, centre=(S / 2, S / 2)):
    a = math.radians(angle)
    cx, cy = centre
    return [(cx + (x - cx) * math.cos(a) - (y - cy) * math.sin(a),
             cy + (x - cx) * math.sin(a) + (y - cy) * math.cos(a)) for x, y in points]


def pencil_stroke(draw, rng, a, b, colour, width, passes=3, wobble=5.0):
    """A line gone over a few times by hand: each pass slightly off, bowed and thinner."""
    for i in range(passes):
        off = [rng.uniform(-wobble, wobble) for _ in range(4)]
        (x0, y0), (x1, y1) = a, b
        mid = ((x0 + x1) / 2 + rng.uniform(-wobble, wobble) * 1.5, (y0 + y1) / 2 + rng.uniform(-wobble, wobble) * 1.5)
        pts = []
        for t in (j / 12 for j in range(13)):
            # quadratic curve through the displaced middle point
            x = (1 - t) ** 2 * (x0 + off[0]) + 2 * (1 - t) * t * mid[0] + t ** 2 * (x1 + off[2])
            y = (1 - t) ** 2 * (y0 + off[1]) + 2 * (1 - t) * t * mid[1] + t ** 2 * (y1 + off[3])
            pts.append((x, y))
        draw.line(pts, fill=colour, width=max(2, int(width * (1 - 0.25 * i))), joint="curve")


def sketch_circle(draw, rng, centre, r, colour, width):
    cx, cy = centre
    for i in range(2):
        start = rng.uniform(0, 360)
        pts = []
        for j in range(0, 381, 10):  # a little past the start, as a hand would
            a = math.radians(start + j)
            rr = r * (1 + rng.uniform(-0.04, 0.04)) + i * 4
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        draw.line(pts, fill=colour, width=width - 3 * i, joint="curve")


def pencil(draw, rng, tip, angle, length):
    """A yellow pencil lying at `angle` degrees, sharpened end at `tip`."""
    w = 74
    d = (math.cos(math.radians(angle)), math.sin(math.radians(angle)))
    n = (-d[1], d[0])

    def at(along, across):
        return (tip[0] + d[0] * along + n[0] * across, tip[1] + d[1] * along + n[1] * across)

    cone = 150
    body_end = length - 110
    # graphite point, wood cone, painted body in three facets, ferrule, eraser
    draw.polygon([at(0, 0), at(cone * 0.33, -w * 0.17), at(cone * 0.33, w * 0.17)], fill=INK)
    draw.polygon([at(cone * 0.33, -w * 0.17), at(cone, -w / 2), at(cone, w / 2), at(cone * 0.33, w * 0.17)],
                 fill=WOOD)
    draw.polygon([at(cone, -w / 2), at(body_end, -w / 2), at(body_end, -w / 6), at(cone, -w / 6)], fill=PENCIL)
    draw.polygon([at(cone, -w / 6), at(body_end, -w / 6), at(body_end, w / 6), at(cone, w / 6)], fill=PENCIL_DARK)
    draw.polygon([at(cone, w / 6), at(body_end, w / 6), at(body_end, w / 2), at(cone, w / 2)], fill=PENCIL)
    draw.polygon([at(body_end, -w / 2), at(body_end + 50, -w / 2), at(body_end + 50, w / 2), at(body_end, w / 2)],
                 fill=FERRULE)
    draw.polygon([at(body_end + 50, -w / 2), at(length, -w / 2 + 6), at(length, w / 2 - 6), at(body_end + 50, w / 2)],
                 fill=ERASER)
    # pencil outlines and the scalloped edge of the sharpened wood
    outline = [at(0, 0), at(cone, -w / 2), at(length, -w / 2 + 6), at(length, w / 2 - 6), at(cone, w / 2), at(0, 0)]
    for a, b in itertools.pairwise(outline):
        pencil_stroke(draw, rng, a, b, INK, 9, passes=2, wobble=2.0)
    for k in range(3):
        pencil_stroke(draw, rng, at(cone, -w / 2 + k * w / 2), at(cone - 22, -w / 2 + (k + 0.5) * w / 2), INK, 6,
                      passes=1, wobble=1.0)
    pencil_stroke(draw, rng, at(body_end, -w / 2), at(body_end, w / 2), INK, 7, passes=1, wobble=1.0)
    pencil_stroke(draw, rng, at(body_end + 50, -w / 2), at(body_end + 50, w / 2), INK, 7, passes=1, wobble=1.0)


def draw_icon() -> Image.Image:
    rng = random.Random(1982)
    img = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    # the sheet, turned a little, with a soft shadow under it
    sheet = rotate([(130, 110), (900, 110), (900, 910), (130, 910)], -6)
    shadow = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    ImageDraw.Draw(shadow).polygon([(x + 18, y + 22) for x, y in sheet], fill=(40, 30, 20, 110))
    img.alpha_composite(shadow.filter(ImageFilter.GaussianBlur(18)))
    draw = ImageDraw.Draw(img)
    draw.polygon(sheet, fill=PAPER, outline=PAPER_EDGE, width=6)
    for k in range(8):
        y = 200 + k * 90
        draw.line(rotate([(150, y), (880, y)], -6), fill=PAPER_LINE, width=7)
    draw.line(rotate([(250, 125), (250, 895)], -6), fill=MARGIN, width=7)
    # the two seats' marks, in their colours and symbols
    sketch_circle(draw, rng, rotate([(512, 225)], -6)[0], 78, BLUE, 26)
    cross = rotate([(452, 745), (572, 865), (572, 745), (452, 865)], -6)
    pencil_stroke(draw, rng, cross[0], cross[1], ORANGE, 26, passes=2, wobble=4)
    pencil_stroke(draw, rng, cross[2], cross[3], ORANGE, 26, passes=2, wobble=4)
    # crossed pencils, points down like swords at rest
    pencil(draw, rng, (300, 880), -52, 740)
    pencil(draw, rng, (724, 880), 180 + 52, 740)
    return img


def write_all(folder: Path) -> list[Path]:
    big = draw_icon()
    folder.mkdir(parents=True, exist_ok=True)
    out = {
        "paperwars.png": lambda p: big.resize((512, 512), Image.LANCZOS).save(p, optimize=True),
        "paperwars-64.png": lambda p: big.resize((64, 64), Image.LANCZOS).save(p, optimize=True),
        "paperwars.ico": lambda p: big.save(p, sizes=[(n, n) for n in (16, 24, 32, 48, 64, 128, 256)]),
        "paperwars.icns": lambda p: big.save(p),
    }
    paths = []
    for name, write in out.items():
        path = folder / name
        write(path)
        paths.append(path)
    return paths


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
    for p in write_all(target):
        print(p, p.stat().st_size, "bytes")
