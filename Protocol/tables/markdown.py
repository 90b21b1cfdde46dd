"""The generated sections of Protocol/PROTOCOL.md, each between
`<!-- generated: NAME ... -->` and `<!-- end generated: NAME -->`. The text around them is written by
hand; what lists messages, fields, topics and enum strings comes from the descriptors."""
import re

from model import FD

BEGIN = "<!-- generated: {name} (Protocol/generate writes this from the .proto files; do not edit) -->"
END = "<!-- end generated: {name} -->"
SCALARS = {FD.TYPE_STRING: "string", FD.TYPE_BOOL: "boolean", FD.TYPE_DOUBLE: "number", FD.TYPE_FLOAT: "number"}


def json_type(protocol, f):
    if f.is_unix_nanos_time:
        kind = "RFC 3339 string"
    elif f.type == FD.TYPE_ENUM:
        kind = f"`{protocol.enum(f.type_name).proto_name}`"
    elif f.type == FD.TYPE_MESSAGE:
        kind = json_shape(protocol, protocol.message(f.type_name))
    else:
        kind = SCALARS.get(f.type, "integer")
    if f.repeated:
        kind = f"array of {kind}"
    return kind


def json_shape(protocol, m):
    if m.custom_json:
        return f"`{m.name}` (see below)"
    return "{" + ", ".join(f"`{f.json_key}`{' (optional)' if f.optional else ''}: {json_type(protocol, f)}"
                           for f in m.fields) + "}"


def key_list(protocol, m):
    """A message's keys one per line, with the first line of each field's comment."""
    return [f"- `{f.json_key}`{' (optional)' if f.optional else ''}: {json_type(protocol, f)}"
            + (f" — {f.comment.splitlines()[0]}" if f.comment else "") for f in m.fields]


def event_data(protocol):
    rows = ["| topic | payload (`Envelope` field) | `data`, keys in order |", "| --- | --- | --- |"]
    for p in protocol.payloads():
        rows.append(f"| `{p.topic}` | `{p.message.name}` ({p.field.number}) | {json_shape(protocol, p.message)} |")
    return rows


def enum_strings(protocol):
    rows = ["| proto enum | documented strings |", "| --- | --- |"]
    for e in protocol.event_enums():
        rows.append(f"| `{e.proto_name}` | " + ", ".join(f"`{s}`" for s, _ in e.documented_values()) + " |")
    return rows


def listing(protocol, name):
    """A message as its .proto declares it, comments included."""
    m = protocol.messages[name]
    lines, open_oneof = ["```proto", f"message {m.name} {{"], None
    for f in m.fields:
        if f.oneof != open_oneof:
            if open_oneof:
                lines.append("  }")
            if f.oneof:
                lines.append(f"  oneof {f.oneof} {{")
            open_oneof = f.oneof
        indent = "    " if f.oneof else "  "
        label = "repeated " if f.repeated else ("optional " if f.optional else "")
        lines += [f"{indent}// {c}".rstrip() for c in f.comment.splitlines()] if f.comment else []
        lines.append(f"{indent}{label}{f.short_type} {f.name} = {f.number};")
    if open_oneof:
        lines.append("  }")
    return lines + ["}", "```"]


def ranges(numbers):
    out, numbers = [], sorted(numbers)
    for n in numbers:
        if out and out[-1][1] == n - 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in out)


def envelope_numbers(protocol):
    envelope = protocol.messages["Envelope"]
    used = {f.number for f in envelope.fields if f.oneof == "payload"}
    reserved = {n for a, b in envelope.reserved for n in range(a, b + 1)}
    free = [n for n in range(16, 100) if n not in used | reserved]
    return [f"- `Envelope.payload` field numbers in use: map events {ranges(n for n in used if n < 100)}; "
            f"bus messages {ranges(n for n in used if n >= 100)}" + (f"; reserved {ranges(reserved)}" if reserved else "") + ".",
            f"- Free for new map events: {ranges(free)}. Free for new bus messages: 101 and up (except those in use above)."]


SECTIONS = {
    "event-data": event_data,
    "state-json": lambda protocol: key_list(protocol, protocol.messages["CoreStateSnapshot"]),
    "enum-strings": enum_strings,
    "envelope-numbers": envelope_numbers,
}


def render(protocol, name):
    if name.startswith("listing "):
        return listing(protocol, name[len("listing "):])
    if name not in SECTIONS:
        raise SystemExit(f"tables: PROTOCOL.md asks for an unknown generated section: {name}")
    return SECTIONS[name](protocol)


def update(protocol, text):
    pattern = re.compile(r"<!-- generated: (?P<name>[^(]+?) \(.*?-->\n.*?<!-- end generated: (?P=name) -->", re.S)

    def replace(match):
        name = match.group("name")
        body = "\n".join(render(protocol, name))
        return BEGIN.format(name=name) + "\n" + body + "\n" + END.format(name=name)

    return pattern.sub(replace, text)
