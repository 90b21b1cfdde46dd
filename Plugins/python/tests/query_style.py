"""The style the query tests of both SDKs ask about: inline GeoJSON (no loader needed), two places east of
the centre (tile edges run through 0, 0, where a feature would come once per tile holding it), drawn as
circles of the layer "city"."""
import json

STYLE = json.dumps({
    "version": 8, "center": [1, 1], "zoom": 4,
    "sources": {"places": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": 1, "properties": {"name": "Centre"}, "geometry": {"type": "Point", "coordinates": [1, 1]}},
        {"type": "Feature", "id": 2, "properties": {"name": "East"}, "geometry": {"type": "Point", "coordinates": [6, 1]}}]}}},
    "layers": [{"id": "city", "type": "circle", "source": "places", "paint": {"circle-radius": 8}}]})
