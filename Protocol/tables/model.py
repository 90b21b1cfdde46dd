"""The protocol as the generators see it: the .proto descriptors with their comments, and the rules
that turn proto names into MapWire's documented names. Every rule lives here, once:

- topic: an `Envelope.payload` field's name with `_` -> `-` (`map_loading_error` -> `map-loading-error`);
  payload field numbers 100 and up are bus messages, not map events;
- enum string: the value's name without its enum's prefix (the enum name in UPPER_SNAKE case plus `_`),
  lower case, `_` -> `-` (`RESOURCE_KIND_SPRITE_JSON` -> `sprite-json`);
- JSON key: the field's name with `_` -> `-`; a field named `X_unix_nanos` is key `X`, an RFC 3339
  string; a message whose comment says `@json custom` has a hand-written form. Event payloads, and the
  messages whose comment says `@json` (what `mapwire state` prints), have a documented JSON form.
"""
import re
from dataclasses import dataclass, field as dataclass_field

from google.protobuf import descriptor_pb2

FD = descriptor_pb2.FieldDescriptorProto
PACKAGE = "mapwire.v1"
BUS_MESSAGE_FIRST_FIELD = 100
CUSTOM_JSON = "@json custom"
JSON_ROOT = "@json"


def upper_snake(camel):
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", camel).upper()


def kebab(snake):
    return snake.replace("_", "-")


@dataclass
class Enum:
    name: str                 # "Type" or "ResourceKind"
    scope: list               # enclosing message names, outermost first
    values: list              # [(proto name, number)]
    comment: str
    file: str

    @property
    def proto_name(self):
        return ".".join(self.scope + [self.name])

    @property
    def prefix(self):
        return upper_snake(self.name) + "_"

    def documented(self, value_name):
        stripped = value_name[len(self.prefix):] if value_name.startswith(self.prefix) else value_name
        return kebab(stripped.lower())

    def documented_values(self):
        """(string, number) of the values a conforming sender uses: all but an `_UNSPECIFIED` 0."""
        return [(self.documented(n), v) for n, v in self.values if not (v == 0 and n.endswith("_UNSPECIFIED"))]


@dataclass
class Field:
    name: str
    number: int
    label: int
    type: int
    type_name: str            # ".mapwire.v1.TileId" for messages and enums
    optional: bool            # proto3 `optional`: has presence
    oneof: str                # the real (not synthetic) oneof it belongs to, or ""
    comment: str

    @property
    def repeated(self):
        return self.label == FD.LABEL_REPEATED

    @property
    def short_type(self):
        if self.type in (FD.TYPE_MESSAGE, FD.TYPE_ENUM):
            name = self.type_name.lstrip(".")
            return name[len(PACKAGE) + 1:] if name.startswith(PACKAGE + ".") else name
        return FD.Type.Name(self.type)[len("TYPE_"):].lower()

    @property
    def json_key(self):
        if self.is_unix_nanos_time:
            return kebab(self.name[: -len("_unix_nanos")])
        return kebab(self.name)

    @property
    def is_unix_nanos_time(self):
        return self.name.endswith("_unix_nanos") and self.type == FD.TYPE_INT64 and not self.repeated


@dataclass
class Message:
    name: str
    scope: list
    fields: list
    oneofs: list              # names of real oneofs, in order
    comment: str
    file: str
    reserved: list = dataclass_field(default_factory=list)   # (start, end inclusive)

    @property
    def proto_name(self):
        return ".".join(self.scope + [self.name])

    @property
    def custom_json(self):
        return CUSTOM_JSON in self.comment


@dataclass
class Payload:
    """One case of `Envelope.payload`."""
    field: Field
    message: Message

    @property
    def topic(self):
        return kebab(self.field.name)

    @property
    def is_map_event(self):
        return self.field.number < BUS_MESSAGE_FIRST_FIELD


class Protocol:
    def __init__(self, descriptor_set_bytes):
        files = descriptor_pb2.FileDescriptorSet.FromString(descriptor_set_bytes).file
        self.files = [f for f in files if f.package == PACKAGE]
        self.messages, self.enums = {}, {}
        for f in self.files:
            comments = {tuple(loc.path): loc for loc in f.source_code_info.location}
            for i, m in enumerate(f.message_type):
                self._add_message(f.name, comments, m, [], (4, i))
            for i, e in enumerate(f.enum_type):
                self._add_enum(f.name, comments, e, [], (5, i))
        self._check_rules()

    def _check_rules(self):
        """The rules hold for every name, so a new field or value that breaks one stops the generator."""
        for e in self.enums.values():
            for name, _ in e.values:
                if not name.startswith(e.prefix):
                    raise SystemExit(f"tables: {e.proto_name}.{name} does not start with its prefix {e.prefix}")
        topics = [p.topic for p in self.payloads()]
        if len(set(topics)) != len(topics):
            raise SystemExit("tables: two Envelope payloads have the same topic")
        for m in self.messages.values():
            keys = [f.json_key for f in m.fields]
            if len(set(keys)) != len(keys):
                raise SystemExit(f"tables: two fields of {m.proto_name} have the same JSON key")

    def _add_message(self, file, comments, m, scope, path):
        oneofs = [o.name for o in m.oneof_decl]
        fields = []
        for j, f in enumerate(m.field):
            real_oneof = oneofs[f.oneof_index] if f.HasField("oneof_index") and not f.proto3_optional else ""
            fields.append(Field(f.name, f.number, f.label, f.type, f.type_name, f.proto3_optional, real_oneof,
                                comment(comments, path + (2, j))))
        synthetic = {oneofs[f.oneof_index] for f in m.field if f.proto3_optional}
        message = Message(m.name, scope, fields, [o for o in oneofs if o not in synthetic],
                          comment(comments, path), file, [(r.start, r.end - 1) for r in m.reserved_range])
        self.messages[message.proto_name] = message
        for k, nested in enumerate(m.nested_type):
            self._add_message(file, comments, nested, scope + [m.name], path + (3, k))
        for k, e in enumerate(m.enum_type):
            self._add_enum(file, comments, e, scope + [m.name], path + (4, k))

    def _add_enum(self, file, comments, e, scope, path):
        enum = Enum(e.name, scope, [(v.name, v.number) for v in e.value], comment(comments, path), file)
        self.enums[enum.proto_name] = enum

    def message(self, type_name):
        return self.messages[type_name.lstrip(".")[len(PACKAGE) + 1:]]

    def enum(self, type_name):
        return self.enums[type_name.lstrip(".")[len(PACKAGE) + 1:]]

    def payloads(self):
        envelope = self.messages["Envelope"]
        return [Payload(f, self.message(f.type_name)) for f in envelope.fields if f.oneof == "payload"]

    def event_messages(self):
        """Every message with a documented JSON form: what events are made of (payloads first), then
        the `@json` messages and theirs; each once, in the order reached."""
        seen, order = set(), []

        def visit(message):
            if message.proto_name in seen:
                return
            seen.add(message.proto_name)
            order.append(message)
            if message.custom_json:
                return
            for f in message.fields:
                if f.type == FD.TYPE_MESSAGE:
                    visit(self.message(f.type_name))

        for p in self.payloads():
            visit(p.message)
        for m in list(self.messages.values()):
            if JSON_ROOT in m.comment:
                visit(m)
        return order

    def event_enums(self):
        """The enums that appear in event data, in the order reached."""
        order = []
        for m in self.event_messages():
            if m.custom_json:
                continue
            for f in m.fields:
                if f.type == FD.TYPE_ENUM:
                    e = self.enum(f.type_name)
                    if e not in order:
                        order.append(e)
        return order


def comment(comments, path):
    loc = comments.get(tuple(path))
    if loc is None:
        return ""
    text = loc.leading_comments or loc.trailing_comments or ""
    # protoc keeps the space after `//` on every line.
    return "\n".join(line[1:] if line.startswith(" ") else line for line in text.splitlines()).strip()
