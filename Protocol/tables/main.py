"""Writes what is derived from the protocol's descriptors rather than written by hand:
    python3 Protocol/tables/main.py DESCRIPTOR_SET REPOSITORY_ROOT
(Protocol/generate runs it with a descriptor set protoc made with --include_source_info)."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import c  # noqa: E402
import fastwire  # noqa: E402
import markdown  # noqa: E402
import swift  # noqa: E402
from model import Protocol  # noqa: E402


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def main(descriptor_set, root):
    protocol = Protocol(pathlib.Path(descriptor_set).read_bytes())
    root = pathlib.Path(root)
    write(root / "Sources/MapWireProtocol/Generated/mapwire_v1_documented.swift", swift.generate(protocol))
    write(root / "Sources/MapWireProtocol/Generated/mapwire_v1_fastwire.swift", fastwire.generate(protocol))
    write(root / "Plugins/c/libmapwire/Generated/mapwire/v1/mapwire_enums.h", c.generate(protocol))
    write(root / "Plugins/c/libmapwire/Generated/mapwire/v1/mapwire_enums_check.c", c.generate_checks(protocol))
    document = root / "Protocol/PROTOCOL.md"
    write(document, markdown.update(protocol, document.read_text()))


if __name__ == "__main__":
    main(*sys.argv[1:])
