#!/usr/bin/env python3
"""Writes MapLibre Tiles (MLT) for MapWire's decoder tests: from an MVT tile, or from GeoJSON in tile
coordinates (features carry their layer and extent as `_layer` and `_extent` properties).

    write-mlt.py IN.mvt OUT.mlt
    write-mlt.py IN.geojson OUT.mlt

A small independent writer of the MapLibre Tile specification's feature tables (layer tag 1) in its
plainest encodings: varint integers, componentwise-delta vertices, byte-RLE booleans, plain strings,
nullable columns with presence streams. It exists because PyPI's `maplibre-tiles` cannot be built
offline; its 0.1.3 wheel (a reader) checks what this writes. MVT properties keep their type where one
type serves the whole layer (int64, uint64, double, bool, string); a key with mixed numbers becomes
double, any other mix a string.
"""
import json
import struct
import sys

# ---- MVT reading (the vector tile specification 2.1's protobuf, read by hand) ----


def varint(buf, at):
    value = shift = 0
    while True:
        byte = buf[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7


def fields(buf):
    at = 0
    while at < len(buf):
        key, at = varint(buf, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, at = varint(buf, at)
        elif wire == 1:
            value, at = buf[at:at + 8], at + 8
        elif wire == 2:
            length, at = varint(buf, at)
            value, at = buf[at:at + length], at + length
        elif wire == 5:
            value, at = buf[at:at + 4], at + 4
        else:
            raise ValueError("wire type %d" % wire)
        yield number, wire, value


def packed(buf):
    at, out = 0, []
    while at < len(buf):
        value, at = varint(buf, at)
        out.append(value)
    return out


def unzigzag(v):
    return (v >> 1) ^ -(v & 1)


def mvt_value(buf):
    for number, _, value in fields(buf):
        if number == 1:
            return ("string", value.decode("utf-8"))
        if number == 2:
            return ("double", struct.unpack("<f", value)[0])
        if number == 3:
            return ("double", struct.unpack("<d", value)[0])
        if number == 4:
            return ("int", value - (1 << 64) if value >= 1 << 63 else value)
        if number == 5:
            return ("uint", value)
        if number == 6:
            return ("int", unzigzag(value))
        if number == 7:
            return ("bool", bool(value))
    return None


def area(ring):
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(ring, ring[1:] + ring[:1]))


def mvt_geometry(kind, commands):
    parts, x, y, at = [], 0, 0, 0
    while at < len(commands):
        command, count = commands[at] & 7, commands[at] >> 3
        at += 1
        if command == 7:
            continue
        for _ in range(count):
            x += unzigzag(commands[at])
            y += unzigzag(commands[at + 1])
            at += 2
            if command == 1:
                parts.append([])
            parts[-1].append((x, y))
    if kind == 1:
        points = [p for part in parts for p in part]
        return ("Point", points[0]) if len(points) == 1 else ("MultiPoint", points)
    if kind == 2:
        return ("LineString", parts[0]) if len(parts) == 1 else ("MultiLineString", parts)
    polygons = []
    for ring in parts:  # exterior rings have positive area in tile coordinates (y down)
        if area(ring) > 0 or not polygons:
            polygons.append([ring])
        else:
            polygons[-1].append(ring)
    return ("Polygon", polygons[0]) if len(polygons) == 1 else ("MultiPolygon", polygons)


def read_mvt(data):
    layers = []
    for number, _, layer_buf in fields(data):
        if number != 3:
            continue
        name, extent, keys, values, features = "", 4096, [], [], []
        for n, _, v in fields(layer_buf):
            if n == 1:
                name = v.decode("utf-8")
            elif n == 5:
                extent = v
            elif n == 3:
                keys.append(v.decode("utf-8"))
            elif n == 4:
                values.append(mvt_value(v))
            elif n == 2:
                features.append(v)
        decoded = []
        for buf in features:
            fid, tags, kind, geometry = None, [], 0, []
            for n, _, v in fields(buf):
                if n == 1:
                    fid = v
                elif n == 2:
                    tags = packed(v)
                elif n == 3:
                    kind = v
                elif n == 4:
                    geometry = packed(v)
            if kind not in (1, 2, 3) or not geometry:
                continue
            props = {keys[tags[i]]: values[tags[i + 1]] for i in range(0, len(tags) - 1, 2)}
            decoded.append({"id": fid, "geometry": mvt_geometry(kind, geometry), "properties": props})
        layers.append({"name": name, "extent": extent, "features": decoded})
    return layers


def read_geojson(data):
    layers = {}
    for feature in json.loads(data)["features"]:
        props = dict(feature.get("properties") or {})
        name, extent = props.pop("_layer"), props.pop("_extent", 4096)
        layer = layers.setdefault(name, {"name": name, "extent": extent, "features": []})
        typed = {}
        for key, value in props.items():
            if value is None:
                continue
            if isinstance(value, bool):
                typed[key] = ("bool", value)
            elif isinstance(value, int):
                typed[key] = ("int", value) if value < 0 else ("uint", value)
            elif isinstance(value, float):
                typed[key] = ("double", value)
            else:
                typed[key] = ("string", str(value))
        g = feature["geometry"]
        coordinates = g["coordinates"]
        if g["type"] == "Polygon":  # GeoJSON rings repeat their first point; MLT rings do not
            coordinates = [ring[:-1] for ring in coordinates]
        elif g["type"] == "MultiPolygon":
            coordinates = [[ring[:-1] for ring in polygon] for polygon in coordinates]
        layer["features"].append({"id": feature.get("id"), "geometry": (g["type"], coordinates), "properties": typed})
    return list(layers.values())


# ---- MLT writing ----


def uvarint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def zigzag(value):
    return (value << 1) ^ (value >> 63)


def string(text):
    raw = text.encode("utf-8")
    return uvarint(len(raw)) + raw


def stream(kind, logical, physical, count, payload, rle_counts=None):
    """kind: the type byte; logical: (first, second) techniques; physical: 0 none, 2 varint."""
    header = bytes([kind, (logical[0] << 5) | (logical[1] << 2) | physical]) + uvarint(count) + uvarint(len(payload))
    if rle_counts is not None:
        header += uvarint(rle_counts[0]) + uvarint(rle_counts[1])
    return header + payload


def varints(values):
    return b"".join(uvarint(v) for v in values)


def bool_stream(kind, bits):
    """Booleans: bits low first, bytes as ORC byte-RLE literal runs (a header without run counts)."""
    packed_bytes = bytearray((len(bits) + 7) // 8)
    for i, bit in enumerate(bits):
        if bit:
            packed_bytes[i // 8] |= 1 << (i % 8)
    payload = bytearray()
    for start in range(0, len(packed_bytes), 128):
        chunk = packed_bytes[start:start + 128]
        payload += bytes([256 - len(chunk)]) + chunk
    return stream(kind, (3, 0), 0, len(bits), bytes(payload))


PRESENT, DATA, DATA_VERTEX = 0x00, 0x10, 0x13
LEN_VARBINARY, LEN_GEOMETRIES, LEN_PARTS, LEN_RINGS = 0x30, 0x31, 0x32, 0x33
KINDS = {"Point": 0, "LineString": 1, "Polygon": 2, "MultiPoint": 3, "MultiLineString": 4, "MultiPolygon": 5}


def geometry_column(features):
    kinds = [KINDS[f["geometry"][0]] for f in features]
    has_multi = any(k >= 3 for k in kinds)
    has_polygon = any(k in (2, 5) for k in kinds)
    has_line = any(k in (1, 4) for k in kinds)
    geometries, parts, rings, vertices = [], [], [], []
    for f in features:
        kind, coordinates = f["geometry"]
        k = KINDS[kind]
        subs = coordinates if k >= 3 else [coordinates]
        if k >= 3:
            geometries.append(len(subs))
        for sub in subs:
            if k in (0, 3):
                vertices.append(sub)
            elif k in (1, 4):
                # A line's vertex count sits at the ring level when polygons share the column.
                (rings if has_polygon else parts).append(len(sub))
                vertices += sub
            else:
                parts.append(len(sub))
                for ring in sub:
                    rings.append(len(ring))
                    vertices += ring
    streams = [stream(DATA, (0, 0), 2, len(kinds), varints(kinds))]
    if has_multi:
        streams.append(stream(LEN_GEOMETRIES, (0, 0), 2, len(geometries), varints(geometries)))
    if has_polygon or has_line:
        streams.append(stream(LEN_PARTS, (0, 0), 2, len(parts), varints(parts)))
    if has_polygon:
        streams.append(stream(LEN_RINGS, (0, 0), 2, len(rings), varints(rings)))
    deltas, px, py = [], 0, 0
    for x, y in vertices:
        deltas += [zigzag(x - px), zigzag(y - py)]
        px, py = x, y
    streams.append(stream(DATA_VERTEX, (2, 0), 2, len(deltas), varints(deltas)))
    return uvarint(len(streams)) + b"".join(streams)


def column_type(values):
    kinds = {kind for kind, _ in values}
    if kinds == {"int", "uint"}:
        return "int" if all(v < 1 << 63 for k, v in values) else "double"
    if len(kinds) == 1:
        return kinds.pop()
    if kinds <= {"int", "uint", "double"}:
        return "double"
    return "string"


def property_column(name, features):
    values = [f["properties"].get(name) for f in features]
    present = [v is not None for v in values]
    dense = [v for v in values if v is not None]
    kind = column_type(dense)
    if kind == "string":
        texts = [str(v) if k != "string" else v for k, v in dense]
        raw = [t.encode("utf-8") for t in texts]
        data = bool_stream(PRESENT, present) + stream(LEN_VARBINARY, (0, 0), 2, len(raw), varints(len(r) for r in raw)) \
            + stream(DATA, (0, 0), 0, len(raw), b"".join(raw))
        return bytes([29]) + string(name), uvarint(3) + data
    if kind == "bool":
        return bytes([11]) + string(name), bool_stream(PRESENT, present) + bool_stream(DATA, [v for _, v in dense])
    if kind == "int":
        payload = varints(zigzag(v) & ((1 << 64) - 1) for _, v in dense)
        return bytes([21]) + string(name), bool_stream(PRESENT, present) + stream(DATA, (0, 0), 2, len(dense), payload)
    if kind == "uint":
        return bytes([23]) + string(name), bool_stream(PRESENT, present) + stream(DATA, (0, 0), 2, len(dense), varints(v for _, v in dense))
    payload = b"".join(struct.pack("<d", float(v)) for _, v in dense)
    return bytes([27]) + string(name), bool_stream(PRESENT, present) + stream(DATA, (0, 0), 0, len(dense), payload)


def layer_bytes(layer):
    features = layer["features"]
    metadata, data, columns = b"", b"", 0
    ids = [f["id"] for f in features]
    if any(i is not None for i in ids):
        nullable = any(i is None for i in ids)
        metadata += bytes([3 if nullable else 2])
        if nullable:
            data += bool_stream(PRESENT, [i is not None for i in ids])
        dense = [i for i in ids if i is not None]
        data += stream(DATA, (0, 0), 2, len(dense), varints(dense))
        columns += 1
    metadata += bytes([4])
    data += geometry_column(features)
    columns += 1
    keys = []
    for f in features:
        keys += [k for k in f["properties"] if k not in keys]
    for key in keys:
        meta, column = property_column(key, features)
        metadata += meta
        data += column
        columns += 1
    body = bytes([1]) + string(layer["name"]) + uvarint(layer["extent"]) + uvarint(columns) + metadata + data
    return uvarint(len(body)) + body


def main():
    source, target = sys.argv[1], sys.argv[2]
    with open(source, "rb") as f:
        data = f.read()
    layers = read_geojson(data) if source.endswith(".geojson") else read_mvt(data)
    with open(target, "wb") as f:
        f.write(b"".join(layer_bytes(layer) for layer in layers))


if __name__ == "__main__":
    main()
