#!/usr/bin/env python3
"""Writes the peer scenes: each <scene>.json is a style with its camera in the root; its data is inline
GeoJSON, DEM tiles under dem-<encoding>/ (a synthetic landscape written here) or the sprite under
sprite/. Also writes color-relief.expected.png: the colour-relief scene as the style specification's
colour ramp paints it, since neither installable peer draws colour relief. Run once; everything it
writes is checked in, with the peers' images (README.md). Standard library only."""
import json
import math
import os
import struct
import zlib

here = os.path.dirname(os.path.abspath(__file__))


def png(path, width, height, rgba):
    """Writes straight-alpha RGBA bytes (row-major) as an 8-bit RGBA PNG, each row with the PNG filter
    (Sub, Up, Average or Paeth) that leaves it smallest."""
    def paeth(a, b, c):
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        return a if pa <= pb and pa <= pc else b if pb <= pc else c

    raw = bytearray()
    previous = bytes(width * 4)
    for y in range(height):
        row = bytes(rgba[y * width * 4:(y + 1) * width * 4])
        best = None
        for kind in range(5):
            filtered = bytearray(len(row))
            for x in range(len(row)):
                a = row[x - 4] if x >= 4 else 0
                b = previous[x]
                c = previous[x - 4] if x >= 4 else 0
                filtered[x] = (row[x] - (0, a, b, (a + b) // 2, paeth(a, b, c))[kind]) & 255
            cost = sum(v if v < 128 else 256 - v for v in filtered)
            if best is None or cost < best[0]:
                best = (cost, kind, filtered)
        raw += bytes([best[1]]) + best[2]
        previous = row

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def feature(kind, coordinates, **properties):
    return {"type": "Feature", "properties": properties, "geometry": {"type": kind, "coordinates": coordinates}}


def style(camera, sources, layers, **root):
    return dict({"version": 8, "sources": sources,
                 "layers": [{"id": "background", "type": "background", "paint": {"background-color": "#ffffff"}}] + layers},
                **root, **camera)


def geojson(features, **options):
    return {"type": "geojson", "data": {"type": "FeatureCollection", "features": features}, **options}


# --- The landscape: hills and a ridge over 2×2 tiles of zoom 13 (256 px each) -----------------------------

DEM_Z, DEM_X, DEM_Y = 13, 4323, 2943   # the north-west tile; about 10.0 E, 45.6 N
DEM_SIZE = 256


def tile_corner_lnglat(z, x, y):
    n = 2 ** z
    lon = x / n * 360 - 180
    lat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / n))))
    return lon, lat


def elevation(gx, gy):
    """Metres at pixel (gx, gy) of the 512×512 landscape (pixel centres; x east, y south). Slopes stay
    under about 1.2, so neither engine's slope encoding clips them."""
    h = 300.0
    for cx, cy, height, radius in ((150, 170, 1800, 70), (360, 130, 1300, 55), (300, 360, 2200, 90), (110, 400, 1000, 45)):
        d2 = (gx - cx) ** 2 + (gy - cy) ** 2
        h += height * math.exp(-d2 / (2 * radius * radius))
    # A ridge running south-west to north-east.
    along = (gx + gy) / math.sqrt(2)
    across = (gx - gy) / math.sqrt(2)
    h += 700 * math.exp(-(across - 20) ** 2 / (2 * 40 ** 2)) * (0.6 + 0.4 * math.sin(along / 60))
    return h


def encode(h, encoding):
    if encoding == "terrarium":
        # Whole metres (the blue byte unused): tiles that compress well.
        v = round(h + 32768) * 256
        return v >> 16, (v >> 8) & 255, v & 255
    if encoding == "mapbox":
        v = round((h + 10000) * 10)
        return (v >> 16) & 255, (v >> 8) & 255, v & 255
    # custom: elevation = R·64 + G·0.25 + B·0 − 100
    v = round((h + 100) * 4)
    return v >> 8, v & 255, 0


CUSTOM = {"encoding": "custom", "redFactor": 64, "greenFactor": 0.25, "blueFactor": 0, "baseShift": 100}


def decode(rgb, encoding):
    r, g, b = rgb
    if encoding == "terrarium":
        return r * 256 + g + b / 256 - 32768
    if encoding == "mapbox":
        return (r * 65536 + g * 256 + b) * 0.1 - 10000
    return r * CUSTOM["redFactor"] + g * CUSTOM["greenFactor"] + b * CUSTOM["blueFactor"] - CUSTOM["baseShift"]


def write_dem(encoding, tiles):
    """The landscape's tiles `tiles` ((dx, dy) from the north-west one) as dem-<encoding>/13/x/y.png."""
    decoded = {}
    for dx, dy in tiles:
        folder = os.path.join(here, f"dem-{encoding}", str(DEM_Z), str(DEM_X + dx))
        os.makedirs(folder, exist_ok=True)
        rgba = bytearray()
        rows = []
        for py in range(DEM_SIZE):
            row = []
            for px in range(DEM_SIZE):
                rgb = encode(elevation(dx * DEM_SIZE + px + 0.5, dy * DEM_SIZE + py + 0.5), encoding)
                rgba += bytes(rgb) + b"\xff"
                row.append(decode(rgb, encoding))
            rows.append(row)
        png(os.path.join(folder, f"{DEM_Y + dy}.png"), DEM_SIZE, DEM_SIZE, rgba)
        decoded[(dx, dy)] = rows
    return decoded


def dem_source(encoding):
    source = {"type": "raster-dem", "tiles": [f"dem-{encoding}/{{z}}/{{x}}/{{y}}.png"], "tileSize": 256,
              "minzoom": DEM_Z, "maxzoom": DEM_Z}
    if encoding == "custom":
        source.update(CUSTOM)
    else:
        source["encoding"] = encoding
    return source


# At zoom 12 a 256 px tile of zoom 13 is 256 px on screen: the 2×2 tiles fill a 512 px view centred on
# their shared corner, one tile a 256 px view centred on it.
corner = tile_corner_lnglat(DEM_Z, DEM_X + 1, DEM_Y + 1)
four_tiles = {"center": list(corner), "zoom": DEM_Z - 1}
one_tile = {"center": list(tile_corner_lnglat(DEM_Z + 1, 2 * DEM_X + 1, 2 * DEM_Y + 1)), "zoom": DEM_Z - 1}

terrarium = write_dem("terrarium", [(0, 0), (1, 0), (0, 1), (1, 1)])
write_dem("mapbox", [(0, 0)])
write_dem("custom", [(0, 0)])

# --- Colour relief, and what the specification's ramp makes of it ----------------------------------------

RELIEF_STOPS = [(400, (40, 110, 60)), (900, (150, 190, 90)), (1400, (230, 210, 140)), (1900, (170, 110, 70)), (2400, (250, 250, 250))]


def relief(h):
    if h <= RELIEF_STOPS[0][0]:
        return RELIEF_STOPS[0][1]
    for (h0, c0), (h1, c1) in zip(RELIEF_STOPS, RELIEF_STOPS[1:]):
        if h <= h1:
            t = (h - h0) / (h1 - h0)
            return tuple(round(a + (b - a) * t) for a, b in zip(c0, c1))
    return RELIEF_STOPS[-1][1]


# The view shows each DEM pixel on one screen pixel, centre on centre: the ramp at each DEM sample.
expected = bytearray()
for gy in range(512):
    for gx in range(512):
        expected += bytes(relief(terrarium[(gx // 256, gy // 256)][gy % 256][gx % 256])) + b"\xff"
png(os.path.join(here, "color-relief.expected.png"), 512, 512, expected)
relief_color = ["interpolate", ["linear"], ["elevation"]]
for h, (r, g, b) in RELIEF_STOPS:
    relief_color += [h, f"rgb({r}, {g}, {b})"]

# --- Heatmap points: clusters of magnitudes around Lyon --------------------------------------------------

LON, LAT = 4.85, 45.76
points = []
for i in range(90):
    cluster = i % 3
    cx, cy = [(-0.06, 0.02), (0.05, 0.03), (0.0, -0.05)][cluster]
    angle = i * 2.399963
    r = 0.0035 * math.sqrt(i)
    points.append(feature("Point", [round(LON + cx + r * math.cos(angle), 6), round(LAT + cy + r * math.sin(angle) * 0.7, 6)],
                          mag=1 + (i * 7) % 5))
heatmap_camera = {"center": [LON, LAT], "zoom": 10.5}

# --- Gradient lines -------------------------------------------------------------------------------------

zigzag = [[LON - 0.5 + 0.1 * k, LAT + (0.12 if k % 2 else -0.12) + 0.02 * k] for k in range(11)]
loop = [[LON + 0.3 * math.cos(a / 20 * math.pi), LAT - 0.25 + 0.2 * math.sin(a / 20 * math.pi)] for a in range(0, 36)]
gradient = ["interpolate", ["linear"], ["line-progress"], 0, "blue", 0.3, "royalblue", 0.5, "lime", 0.8, "yellow", 1, "red"]

# --- Overlapping symbols: a grid of dots closer than their icons are wide --------------------------------

dot = bytearray()
for y in range(20):
    for x in range(20):
        d = math.hypot(x + 0.5 - 10, y + 0.5 - 10)
        if d <= 7:
            dot += bytes((30, 90, 200, 255))
        elif d <= 9:
            dot += bytes((255, 255, 255, 255))
        else:
            dot += bytes((0, 0, 0, 0))
os.makedirs(os.path.join(here, "sprite"), exist_ok=True)
png(os.path.join(here, "sprite", "dots.png"), 20, 20, dot)
with open(os.path.join(here, "sprite", "dots.json"), "w") as f:
    json.dump({"dot": {"x": 0, "y": 0, "width": 20, "height": 20, "pixelRatio": 1}}, f)
    f.write("\n")
# 14 px apart at zoom 12, for 20 px dots; the offset grid sits between its points.
grid = [feature("Point", [round(LON - 0.029 + 0.0024 * i, 6), round(LAT + 0.017 - 0.0017 * j, 6)], n=i * 20 + j)
        for j in range(20) for i in range(24)]
offset = [feature("Point", [round(LON - 0.0278 + 0.0024 * i, 6), round(LAT + 0.01615 - 0.0017 * j, 6)], n=i * 20 + j)
          for j in range(20) for i in range(24)]
overlap_camera = {"center": [LON, LAT], "zoom": 12}
for name, features in (("grid", grid), ("offset", offset)):
    with open(os.path.join(here, name + ".geojson"), "w") as f:
        f.write(json.dumps({"type": "FeatureCollection", "features": features}, separators=(",", ":"))
                .replace('{"type":"Feature"', '\n{"type":"Feature"') + "\n")


def icons(layer_id, source, **layout):
    return {"id": layer_id, "type": "symbol", "source": source, "layout": dict({"icon-image": "dot"}, **layout)}


def labels(layer_id, source, color, **layout):
    return {"id": layer_id, "type": "symbol", "source": source,
            "layout": dict({"text-field": ["to-string", ["get", "n"]], "text-font": ["Open Sans Semibold"], "text-size": 14}, **layout),
            "paint": {"text-color": color, "text-halo-color": "#ffffff", "text-halo-width": 1}}


scenes = {
    "heatmap": style(heatmap_camera, {"p": geojson(points)}, [
        {"id": "h", "type": "heatmap", "source": "p",
         "paint": {"heatmap-weight": ["interpolate", ["linear"], ["get", "mag"], 1, 0.2, 5, 1], "heatmap-radius": 22}},
    ]),
    "heatmap-ramp": style(dict(heatmap_camera, bearing=30), {"p": geojson(points)}, [
        {"id": "h", "type": "heatmap", "source": "p",
         "paint": {"heatmap-weight": ["/", ["get", "mag"], 5], "heatmap-intensity": 1.6, "heatmap-radius": ["+", 12, ["*", 3, ["get", "mag"]]],
                   "heatmap-opacity": 0.8,
                   "heatmap-color": ["interpolate", ["linear"], ["heatmap-density"], 0, "rgba(33,102,172,0)", 0.2, "rgb(103,169,207)",
                                     0.4, "rgb(209,229,240)", 0.6, "rgb(253,219,199)", 0.8, "rgb(239,138,98)", 1, "rgb(178,24,43)"]}},
    ]),
    # Under pitch the kernels lie on the map: far ones flatten and shrink.
    "heatmap-pitch": style(dict(heatmap_camera, pitch=50, bearing=-20), {"p": geojson(points)}, [
        {"id": "h", "type": "heatmap", "source": "p",
         "paint": {"heatmap-weight": ["interpolate", ["linear"], ["get", "mag"], 1, 0.2, 5, 1], "heatmap-radius": 22}},
    ]),
    "hillshade": style(four_tiles, {"dem": dem_source("terrarium")}, [
        {"id": "hs", "type": "hillshade", "source": "dem"},
    ]),
    "hillshade-colors": style(dict(four_tiles, bearing=40), {"dem": dem_source("terrarium")}, [
        {"id": "hs", "type": "hillshade", "source": "dem",
         "paint": {"hillshade-illumination-direction": 280, "hillshade-exaggeration": 0.8, "hillshade-shadow-color": "#3b2a5c",
                   "hillshade-highlight-color": "rgba(255, 250, 200, 0.9)", "hillshade-accent-color": "#2a5c3b"}},
    ]),
    "hillshade-map-anchor": style(dict(four_tiles, bearing=40), {"dem": dem_source("terrarium")}, [
        {"id": "hs", "type": "hillshade", "source": "dem",
         "paint": {"hillshade-illumination-anchor": "map", "hillshade-exaggeration": 0.3}},
    ]),
    "hillshade-mapbox": style(one_tile, {"dem": dem_source("mapbox")}, [
        {"id": "hs", "type": "hillshade", "source": "dem"},
    ]),
    "hillshade-custom": style(one_tile, {"dem": dem_source("custom")}, [
        {"id": "hs", "type": "hillshade", "source": "dem"},
    ]),
    "color-relief": style(four_tiles, {"dem": dem_source("terrarium")}, [
        {"id": "cr", "type": "color-relief", "source": "dem", "paint": {"color-relief-color": relief_color}},
    ]),
    "line-gradient": style({"center": [LON, LAT - 0.05], "zoom": 8.6}, {"l": geojson([
        feature("LineString", zigzag), feature("LineString", loop)], lineMetrics=True)}, [
        {"id": "g", "type": "line", "source": "l", "layout": {"line-cap": "round", "line-join": "round"},
         "paint": {"line-width": 14, "line-gradient": gradient}},
    ]),
    # Tiles of zoom 10: the zigzag crosses tile edges, where its progress must carry on unbroken.
    "line-gradient-tiles": style({"center": [LON - 0.2, LAT], "zoom": 10.2}, {"l": geojson([feature("LineString", zigzag)], lineMetrics=True)}, [
        {"id": "g", "type": "line", "source": "l", "layout": {"line-join": "round"},
         "paint": {"line-width": 10, "line-opacity": 0.8, "line-gradient": gradient}},
    ]),
    # `icon-overlap` wins over `icon-allow-overlap`: "never" here, so the dots thin out.
    "icon-overlap-never": style(overlap_camera, {"g": {"type": "geojson", "data": "grid.geojson"}}, [
        icons("dots", "g", **{"icon-overlap": "never", "icon-allow-overlap": True}),
    ], sprite="sprite/dots"),
    "icon-overlap-always": style(overlap_camera, {"g": {"type": "geojson", "data": "grid.geojson"}}, [
        icons("dots", "g", **{"icon-overlap": "always"}),
    ], sprite="sprite/dots"),
    # Cooperative dots overlap each other, but not the "never" dots placed before them (GL places
    # the layers from the top down).
    "icon-overlap-cooperative": style(overlap_camera, {"g": {"type": "geojson", "data": "grid.geojson"}, "o": {"type": "geojson", "data": "offset.geojson"}}, [
        icons("friendly", "o", **{"icon-overlap": "cooperative", "icon-size": 0.6}),
        icons("shy", "g", **{"icon-overlap": "never", "symbol-sort-key": ["get", "n"]}),
    ], sprite="sprite/dots"),
    "text-overlap": style(overlap_camera, {"g": {"type": "geojson", "data": "grid.geojson"}, "o": {"type": "geojson", "data": "offset.geojson"}}, [
        labels("cooperative", "o", "#a02010", **{"text-overlap": "cooperative"}),
        labels("never", "g", "#1040a0", **{"text-overlap": "never", "text-allow-overlap": True}),
    ], glyphs="glyphs/{fontstack}/{range}.pbf"),
}
# The methods GL JS 5.3 does not know (MapLibre GL JS draws them since 5.5): no peer image.
for method, paint in (("basic", {}), ("combined", {}), ("igor", {"hillshade-highlight-color": "rgba(255, 255, 200, 0.5)"}),
                      ("multidirectional", {"hillshade-illumination-direction": [270, 315, 0, 45], "hillshade-illumination-altitude": [30, 45],
                                            "hillshade-shadow-color": ["#400000", "#004000", "#000040", "#404040"]})):
    scenes[f"hillshade-{method}"] = style(four_tiles, {"dem": dem_source("terrarium")}, [
        {"id": "hs", "type": "hillshade", "source": "dem", "paint": dict({"hillshade-method": method}, **paint)},
    ])
for name, value in scenes.items():
    with open(os.path.join(here, name + ".json"), "w") as f:
        # One feature a line: small files that still diff well.
        text = json.dumps(value, separators=(",", ":"))
        f.write(text.replace('{"type":"Feature"', '\n{"type":"Feature"') + "\n")
