#!/usr/bin/env python3
"""Writes pattern.png and pattern.json: the patterns the GL peer scenes draw (run once; both are checked in)."""
import json
import os
from PIL import Image

here = os.path.dirname(os.path.abspath(__file__))
sheet = Image.new("RGBA", (48, 16), (0, 0, 0, 0))
# "checker": 16×16, four coloured quarters and a dark diagonal, so scale, anchor and orientation all show.
for y in range(16):
    for x in range(16):
        colour = [(208, 64, 48), (250, 240, 200), (250, 240, 200), (48, 80, 208)][(y >= 8) * 2 + (x >= 8)]
        if x == y:
            colour = (30, 30, 30)
        sheet.putpixel((x, y), colour + (255,))
# "arrow": 24×8 for lines: green with a yellow head toward +x and a dark tail, along the line.
for y in range(8):
    for x in range(24):
        colour = (40, 150, 60)
        if x >= 16 and abs(y - 3.5) <= (23 - x) / 2:
            colour = (250, 210, 40)
        if x < 3:
            colour = (20, 20, 20)
        sheet.putpixel((16 + x, y), colour + (255,))
sheet.save(os.path.join(here, "pattern.png"))
index = {
    "checker": {"x": 0, "y": 0, "width": 16, "height": 16, "pixelRatio": 1},
    "arrow": {"x": 16, "y": 0, "width": 24, "height": 8, "pixelRatio": 1},
}
with open(os.path.join(here, "pattern.json"), "w") as f:
    json.dump(index, f, indent=1)
    f.write("\n")
