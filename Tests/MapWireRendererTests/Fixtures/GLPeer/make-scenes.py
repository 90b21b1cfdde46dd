#!/usr/bin/env python3
"""Writes the GL peer scenes' styles (<scene>.json): inline GeoJSON, the pattern sprite, a camera in the
style's root. Run once; the styles are checked in, with MapLibre GL JS's image of each (README.md)."""
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
LON, LAT = 13.4, 52.5


def square(cx, cy, half):
    return [[[cx - half, cy - half], [cx + half, cy - half], [cx + half, cy + half], [cx - half, cy + half], [cx - half, cy - half]]]


def feature(kind, coordinates, **properties):
    return {"type": "Feature", "properties": properties, "geometry": {"type": kind, "coordinates": coordinates}}


def style(camera, layers, data, light=None):
    return dict({"version": 8, **({"light": light} if light else {}), "sprite": "local://sprite/pattern",
                 "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": data}}},
                 "layers": [{"id": "background", "type": "background", "paint": {"background-color": "#ffffff"}}] + layers}, **camera)


pitched = {"center": [LON, LAT], "zoom": 15.5, "pitch": 60, "bearing": 20}
blocks = {"center": [LON, LAT], "zoom": 16.3, "pitch": 50, "bearing": 30}
# Buildings: a 3×3 grid of blocks 20 to 200 m high (GL's gradient reaches full light only above 150 m × its floor²).
buildings = [feature("Polygon", square(LON + dx * 0.0011, LAT + dy * 0.0007, 0.0003), height=20 + 60 * (i % 4), base=0)
             for i, (dx, dy) in enumerate((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))]
lines = ([feature("LineString", [[LON - 0.02, LAT + dy * 0.001], [LON + 0.02, LAT + dy * 0.001]]) for dy in range(-4, 5, 2)]
         + [feature("LineString", [[LON + dx * 0.0016, LAT - 0.01], [LON + dx * 0.0016, LAT + 0.01]]) for dx in range(-3, 4, 2)]
         + [feature("LineString", [[LON - 0.003, LAT - 0.002], [LON, LAT + 0.0005], [LON + 0.004, LAT - 0.001]])])
scenes = {
    "fill-pattern-pitch60": style(pitched, [
        {"id": "p", "type": "fill", "source": "g", "paint": {"fill-pattern": "checker"}},
    ], [feature("Polygon", [[[LON - 0.02, LAT - 0.01], [LON + 0.02, LAT - 0.01], [LON + 0.02, LAT + 0.01], [LON - 0.02, LAT + 0.01], [LON - 0.02, LAT - 0.01]],
                             [[LON - 0.001, LAT - 0.0005], [LON - 0.001, LAT + 0.0005], [LON + 0.001, LAT + 0.0005], [LON + 0.001, LAT - 0.0005], [LON - 0.001, LAT - 0.0005]]])]),
    "background-pattern-pitch60": style(dict(pitched, zoom=14.7), [
        {"id": "bp", "type": "background", "paint": {"background-pattern": "checker", "background-opacity": 0.8}},
    ], []),
    "line-pattern-pitch60": style(pitched, [
        {"id": "l", "type": "line", "source": "g", "paint": {"line-pattern": "arrow", "line-width": 10}},
    ], lines),
    "extrusion-pattern": style(blocks, [
        {"id": "b", "type": "fill-extrusion", "source": "g",
         "paint": {"fill-extrusion-pattern": "checker", "fill-extrusion-height": ["get", "height"]}},
    ], buildings),
    "extrusion-gradient": style(blocks, [
        {"id": "b", "type": "fill-extrusion", "source": "g",
         "paint": {"fill-extrusion-color": "#c08040", "fill-extrusion-height": ["get", "height"]}},
    ], buildings, light={"intensity": 0.8}),
    "extrusion-no-gradient": style(blocks, [
        {"id": "b", "type": "fill-extrusion", "source": "g",
         "paint": {"fill-extrusion-color": "#c08040", "fill-extrusion-height": ["get", "height"], "fill-extrusion-vertical-gradient": False}},
    ], buildings, light={"intensity": 0.8}),
}
for name, value in scenes.items():
    with open(os.path.join(here, name + ".json"), "w") as f:
        json.dump(value, f, indent=1)
        f.write("\n")
