#!/usr/bin/env python3
"""Writes the sky and high-pitch peer scenes' styles (<scene>.json): one inline GeoJSON source (blocks of
land use, a lake toward the horizon, a grid of streets and a main road), a background, the camera in the
style's root, with or without a `sky`. Run once; the styles are checked in, with MapLibre GL JS's image
of each (README.md)."""
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
LON, LAT = 13.4, 52.5


def box(west, south, east, north):
    return [[[west, south], [east, south], [east, north], [west, north], [west, south]]]


def feature(geometry, coordinates, **properties):
    return {"type": "Feature", "properties": properties, "geometry": {"type": geometry, "coordinates": coordinates}}


features = [
    feature("Polygon", box(LON - 0.012, LAT - 0.008, LON - 0.001, LAT + 0.004), kind="park"),
    feature("Polygon", box(LON + 0.002, LAT - 0.006, LON + 0.015, LAT + 0.002), kind="residential"),
    feature("Polygon", box(LON - 0.02, LAT + 0.012, LON + 0.03, LAT + 0.03), kind="water"),
    feature("Polygon", box(LON - 0.08, LAT + 0.04, LON + 0.02, LAT + 0.09), kind="park"),
    feature("Polygon", box(LON + 0.03, LAT + 0.035, LON + 0.12, LAT + 0.1), kind="residential"),
    feature("Polygon", box(LON - 0.2, LAT + 0.12, LON + 0.2, LAT + 0.3), kind="water"),
]
features += [feature("LineString", [[LON - 0.05, LAT + dy * 0.004], [LON + 0.05, LAT + dy * 0.004]], kind="street")
             for dy in range(-5, 11)]
features += [feature("LineString", [[LON + dx * 0.006, LAT - 0.02], [LON + dx * 0.006, LAT + 0.04]], kind="street")
             for dx in range(-6, 7)]
features.append(feature("LineString", [[LON - 0.03, LAT - 0.02], [LON - 0.002, LAT + 0.005], [LON + 0.01, LAT + 0.2]], kind="main"))

layers = [
    {"id": "background", "type": "background", "paint": {"background-color": "#f2efe9"}},
    {"id": "landuse", "type": "fill", "source": "g", "filter": ["!=", ["get", "kind"], "water"],
     "paint": {"fill-color": ["match", ["get", "kind"], "park", "#b8dca0", "#e0d0c8"]}},
    {"id": "water", "type": "fill", "source": "g", "filter": ["==", ["get", "kind"], "water"],
     "paint": {"fill-color": "#7fb0e0", "fill-outline-color": "#4070a0"}},
    {"id": "streets", "type": "line", "source": "g", "filter": ["==", ["get", "kind"], "street"],
     "paint": {"line-color": "#a0a0a0", "line-width": 2}},
    {"id": "main", "type": "line", "source": "g", "filter": ["==", ["get", "kind"], "main"],
     "layout": {"line-join": "round", "line-cap": "round"}, "paint": {"line-color": "#e08030", "line-width": 7}},
]
SKY = {"sky-color": "#3a7bd5", "horizon-color": "#f4d8b0", "fog-color": "#c8d8e8",
       "sky-horizon-blend": 0.6, "horizon-fog-blend": 0.5, "fog-ground-blend": 0.4, "atmosphere-blend": 0.8}


def style(pitch, sky=None, zoom=14, bearing=20):
    return dict({"version": 8, "center": [LON, LAT], "zoom": zoom, "bearing": bearing, "pitch": pitch},
                **({"sky": sky} if sky is not None else {}),
                sources={"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": features}}},
                layers=layers)


scenes = {}
for pitch in (0, 60, 85):
    scenes[f"map-pitch{pitch}"] = style(pitch)
    scenes[f"sky-pitch{pitch}"] = style(pitch, SKY)
# The sky's defaults (sky-color #88C6FC, white horizon) and a pitch between GL's old and new limits.
scenes["sky-defaults-pitch80"] = style(80, {}, bearing=-35)
# A sky colour expression of zoom, as GL interpolates it.
scenes["sky-zoom-pitch75"] = style(75, dict(SKY, **{"sky-color": ["interpolate", ["linear"], ["zoom"], 10, "#102040", 16, "#60a0f0"]}), zoom=13)
# Point labels over the map: those far toward the horizon are cut by distance as GL cuts them.
points = [feature("Point", [LON + i * 0.004, LAT + j * 0.004], n=f"{i}{j}") for i in range(-7, 8) for j in range(-3, 16)]
labels = {"id": "labels", "type": "symbol", "source": "p",
          "layout": {"text-field": ["get", "n"], "text-font": ["Open Sans Semibold"], "text-size": 14},
          "paint": {"text-color": "#303030", "text-halo-color": "#ffffff", "text-halo-width": 1}}
for pitch in (60, 85):
    scene = style(pitch, SKY)
    scene["sources"]["p"] = {"type": "geojson", "data": {"type": "FeatureCollection", "features": points}}
    scene["layers"] = layers + [labels]
    scene["glyphs"] = "glyphs/{fontstack}/{range}.pbf"
    scenes[f"labels-pitch{pitch}"] = scene
for name, value in scenes.items():
    with open(os.path.join(here, name + ".json"), "w") as f:
        json.dump(value, f, indent=1)
        f.write("\n")
