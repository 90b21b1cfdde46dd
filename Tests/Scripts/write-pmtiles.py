#!/usr/bin/env python3
"""Writes a PMTiles v3 archive with the `pmtiles` package from PyPI, for MapWire's tests.

Usage: write-pmtiles.py SPEC.json. The spec (a JSON object):
  output            archive path to write
  tile_type         "mvt", "png", "jpeg" or "webp"
  tile_compression  "gzip" (the tiles are gzipped here) or "none"
  internal          "gzip" (the package's own directories) or "none" (rewritten uncompressed)
  metadata          the metadata object
  tiles             [[z, x, y, path of the tile's bytes], ...]
  synthetic         {"zoom": Z, "count": N, "seed": S, "repeat": R}: N random distinct tiles at zoom Z
                    plus runs of R identical tiles, so directories need leaves and run lengths
  manifest          where to write [[z, x, y, base64 of the uncompressed bytes], ...]
"""
import base64
import gzip
import json
import random
import sys

from pmtiles.tile import (Compression, Entry, TileType, deserialize_directory, deserialize_header,
                          serialize_directory, serialize_header, zxy_to_tileid)
from pmtiles.writer import Writer


def synthetic_tiles(spec):
    rng = random.Random(spec.get("seed", 1))
    zoom, count, repeat = spec["zoom"], spec["count"], spec.get("repeat", 0)
    side = 1 << zoom
    chosen = set()
    while len(chosen) < count:
        chosen.add((rng.randrange(side), rng.randrange(side)))
    tiles = []
    for x, y in sorted(chosen):
        body = f"tile {zoom}/{x}/{y} ".encode() + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
        tiles.append((zoom, x, y, body))
    # Consecutive Hilbert ids with identical bytes: the writer stores them once, as one run.
    ocean = b"the same ocean tile everywhere"
    start = zxy_to_tileid(zoom - 1, 0, 0)
    for tile_id in range(start, start + repeat):
        tiles.append((*tileid_to_zxy(tile_id), ocean))
    return tiles


def tileid_to_zxy(tile_id):
    from pmtiles.tile import tileid_to_zxy as convert
    return convert(tile_id)


def uncompressed_directories(data):
    """Rewrites a gzip-directory archive with uncompressed root, leaves and metadata."""
    header = deserialize_header(data[:127])

    def section(offset, length):
        return data[offset:offset + length]

    root = deserialize_directory(section(header["root_offset"], header["root_length"]))
    leaves = b""
    for entry in root:
        if entry.run_length == 0:
            raw = gzip.decompress(section(header["leaf_directory_offset"] + entry.offset, entry.length))
            entry.offset, entry.length = len(leaves), len(raw)
            leaves += raw
    root_bytes = gzip.decompress(serialize_directory(root))
    metadata = gzip.decompress(section(header["metadata_offset"], header["metadata_length"]))
    tile_data = section(header["tile_data_offset"], header["tile_data_length"])
    header["internal_compression"] = Compression.NONE
    header["root_offset"] = 127
    header["root_length"] = len(root_bytes)
    header["metadata_offset"] = 127 + len(root_bytes)
    header["metadata_length"] = len(metadata)
    header["leaf_directory_offset"] = header["metadata_offset"] + len(metadata)
    header["leaf_directory_length"] = len(leaves)
    header["tile_data_offset"] = header["leaf_directory_offset"] + len(leaves)
    return serialize_header(header) + root_bytes + metadata + leaves + tile_data


def main():
    with open(sys.argv[1]) as f:
        spec = json.load(f)
    tiles = []
    for z, x, y, path in spec.get("tiles", []):
        with open(path, "rb") as f:
            tiles.append((z, x, y, f.read()))
    if "synthetic" in spec:
        tiles += synthetic_tiles(spec["synthetic"])
    tiles.sort(key=lambda t: zxy_to_tileid(t[0], t[1], t[2]))
    gzip_tiles = spec.get("tile_compression", "gzip") == "gzip"

    with open(spec["output"], "wb") as f:
        writer = Writer(f)
        for z, x, y, body in tiles:
            stored = gzip.compress(body, mtime=0) if gzip_tiles else body
            writer.write_tile(zxy_to_tileid(z, x, y), stored)
        writer.finalize({
            "tile_type": TileType[spec.get("tile_type", "mvt").upper()],
            "tile_compression": Compression.GZIP if gzip_tiles else Compression.NONE,
            **{key: value for key, value in spec.get("header", {}).items()},
        }, spec.get("metadata", {}))

    if spec.get("internal", "gzip") == "none":
        with open(spec["output"], "rb") as f:
            data = f.read()
        with open(spec["output"], "wb") as f:
            f.write(uncompressed_directories(data))

    if "manifest" in spec:
        with open(spec["manifest"], "w") as f:
            json.dump([[z, x, y, base64.b64encode(body).decode()] for z, x, y, body in tiles], f)


main()
