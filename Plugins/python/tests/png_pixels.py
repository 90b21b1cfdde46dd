"""Reads the pixels of a PNG as MapWire's renderer writes them (8-bit RGB or RGBA, not interlaced), with
the standard library only, so the tests need no imaging package."""
import struct
import zlib


def decode(png):
    """(width, height, channels, rows): rows[y] holds width × channels bytes."""
    if not png.startswith(b"\x89PNG\r\n\x1a\n"):
        raise ValueError("not a PNG")
    position, header, data = 8, None, b""
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        body = png[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            data += body
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"only 8-bit RGB or RGBA without interlacing (depth {depth}, colour type {colour})")
    channels = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(data), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                distances = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
                line[x] = (line[x] + (left, up, corner)[distances.index(min(distances))]) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def rgb(image, x, y):
    """The red, green and blue of pixel (x, y) of a decode() result."""
    _, _, channels, rows = image
    return tuple(rows[y][x * channels:x * channels + 3])
