"""The demo town as a tile folder: `mapwire demo` writes MBTiles; the C folder loader serves plain files,
so the tiles are unpacked to tiles/{z}/{x}/{y}.pbf (inflated, XYZ rows) with a TileJSON, and the style's
source points at that TileJSON."""
import gzip
import json
import os
import sqlite3
import subprocess


def write_demo_folder(mapwire, folder):
    """Writes the demo into `folder` and returns the file:// URL of its folder-based style."""
    subprocess.run([mapwire, "demo", "-o", folder], check=True, capture_output=True)
    tiles = os.path.join(folder, "tiles")
    with sqlite3.connect(os.path.join(folder, "town.mbtiles")) as db:
        meta = dict(db.execute("SELECT name, value FROM metadata"))
        for z, column, row, data in db.execute("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles"):
            y = (1 << z) - 1 - row                       # MBTiles rows are TMS
            os.makedirs(os.path.join(tiles, str(z), str(column)), exist_ok=True)
            if data[:2] == b"\x1f\x8b":
                data = gzip.decompress(data)           # loaders deliver tiles uncompressed
            with open(os.path.join(tiles, str(z), str(column), f"{y}.pbf"), "wb") as f:
                f.write(data)
    os.remove(os.path.join(folder, "town.mbtiles"))
    tilejson = {"tilejson": "2.2.0", "tiles": [f"file://{tiles}/{{z}}/{{x}}/{{y}}.pbf"],
                "minzoom": int(meta["minzoom"]), "maxzoom": int(meta["maxzoom"])}
    with open(os.path.join(folder, "tiles.json"), "w") as f:
        json.dump(tilejson, f)
    style_path = os.path.join(folder, "style.json")
    with open(style_path) as f:
        style = json.load(f)
    style["sources"]["town"]["url"] = f"file://{folder}/tiles.json"
    with open(style_path, "w") as f:
        json.dump(style, f)
    return f"file://{style_path}"
