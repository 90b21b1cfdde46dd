"""Sources/MapWireProtocol/Generated/mapwire_v1_fastwire.swift: the hot path's protobuf readers and writers.

swift-protobuf reads and writes every message through generic visitors and run-time metadata; for the few
messages that travel at full rate (the frequent events and the load requests and resource replies) that
was most of the core's, the loader's and the subscribers' time. This writes, from the descriptors, code
that walks those messages' fields directly, and gives exactly swift-protobuf's bytes and values:

- `protocol <Message>Fields`: the message's fields, each named `wire` + the field's name (`wireURL`), so
  that any type can be written as the message: the swift-protobuf message, its plain form (below) and the
  caller's own values (the engine's events, EventPayload+Wire.swift). A number, bool or enum is a
  property (an optional when it has presence); a value counted by reference (a string, bytes, a message,
  a oneof member) is a function that lends it to its argument (when it is set), and a repeated field one
  that gives it each value: borrowed, nothing is copied or retained on the way (a getter's copy of a
  string, passed to the writer, was retained and released around the call). `writeFields(to:)` writes them as `serializedBytes()` does: fields in number order,
  proto3 defaults left out, set optionals and message fields written, then the unknown fields a
  swift-protobuf message carries.
- `read(wireFields:)` (and `init?(wireFields:)`): reads a message's fields, in place, into the
  swift-protobuf message (the events a subscriber reads) or into its plain form. It gives up (false) on
  whatever swift-protobuf would read otherwise or keep as unknown: an unknown field, a known one of another
  wire type, a message field given twice (protobuf merges them), a second oneof member, bad UTF-8, bytes
  that end inside a value. The caller then decodes with swift-protobuf, so results and errors are always
  swift-protobuf's.
- `Plain`: the control messages' plain form (Equatable values; an optional for every field with
  presence; a oneof is an optional for each of its hot members, at most one set), with `init?(_:)` from
  and `protobuf` to swift-protobuf's.
  The core and the loader keep and pass these, never building a swift-protobuf message per request.
- Envelope (the event frame) is read and written around its payload (LAZY_ONEOFS): `Envelope.Header`
  is its other fields, `read` the subscribers' strict reader, `parse` the recorder's lenient one.

Which messages: HOT names the roots and the members of each oneof that take the hot path; the messages
their fields hold are hot as well. Anything outside goes through swift-protobuf. Adding a message here is
the whole change; field kinds no hot message uses yet (maps, groups, repeated messages) stop the generator.
The bytes are checked against swift-protobuf by randomised tests and the fuzz target (Fuzz/DecoderFuzz.swift).
"""
from model import FD
from swift import HEADER, lower_camel, type_name, upper_camel

# The roots of the hot path and, per oneof, the members that take it.
HOT = {
    # The events published and read at full rate: the most frequent (camera-changed) and those with
    # nested messages.
    "Envelope": {"payload": ["map_loading_error", "camera_changed", "resource_request", "gesture"]},
    # The request path's bulk: load requests (core -> loader) and resource replies (loader -> core).
    "ControlMessage": {"body": ["request", "reply"]},
    "PluginRequest": {"kind": ["load_resource"]},
    "PluginReply": {"kind": ["resource"]},
}

# Oneofs read and written as bytes, not decoded: Envelope's payload (the header is read first and the
# payload by its own reader). The range is what the lenient reader takes as a payload it does not know
# (a newer core's): a length-delimited field numbered in it.
LAZY_ONEOFS = {"Envelope": ("payload", 16, 199)}

# A nested message whose length usually needs two bytes gets room for them up front, guessed from one of
# its strings (its size + 8), so that its body is not moved once written (ProtobufRawWriter.beginLength).
LENGTH_HINTS = {("ResourceRequest", "request"): "url"}

VARINT = {FD.TYPE_INT32, FD.TYPE_INT64, FD.TYPE_UINT32, FD.TYPE_UINT64, FD.TYPE_BOOL, FD.TYPE_ENUM,
          FD.TYPE_SINT32, FD.TYPE_SINT64}
FIXED64 = {FD.TYPE_DOUBLE, FD.TYPE_FIXED64, FD.TYPE_SFIXED64}
FIXED32 = {FD.TYPE_FLOAT, FD.TYPE_FIXED32, FD.TYPE_SFIXED32}
SWIFT_SCALARS = {
    FD.TYPE_DOUBLE: "Double", FD.TYPE_FLOAT: "Float", FD.TYPE_INT64: "Int64", FD.TYPE_UINT64: "UInt64",
    FD.TYPE_INT32: "Int32", FD.TYPE_FIXED64: "UInt64", FD.TYPE_FIXED32: "UInt32", FD.TYPE_BOOL: "Bool",
    FD.TYPE_STRING: "String", FD.TYPE_BYTES: "Data", FD.TYPE_UINT32: "UInt32", FD.TYPE_SFIXED32: "Int32",
    FD.TYPE_SFIXED64: "Int64", FD.TYPE_SINT32: "Int32", FD.TYPE_SINT64: "Int64",
}
# Names swift-protobuf gives another property name: a hot field named so needs the generator taught.
SWIFT_PROTOBUF_RENAMES = {"description", "debug_description", "hash_value", "unknown_fields", "is_initialized",
                          "self", "type_", "init"}
# Names of the plain form's own members.
PLAIN_MEMBERS = {"protobuf", "wire_fields"}


def fail(why):
    raise SystemExit(f"fastwire: {why}")


def wire_type(f):
    if f.repeated and f.type in VARINT | FIXED64 | FIXED32:
        return 2  # proto3 packs repeated scalars
    if f.type in VARINT:
        return 0
    if f.type in FIXED64:
        return 1
    if f.type in FIXED32:
        return 5
    return 2


def indent(lines, by="    "):
    return [by + line if line else line for line in lines]


def is_lent(f):
    """Whether a field's value is lent by its Fields requirement rather than returned: what is counted by
    reference (strings, bytes, messages) and lists."""
    return f.repeated or f.type in (FD.TYPE_STRING, FD.TYPE_BYTES, FD.TYPE_MESSAGE)


def protocol_name(m):
    return type_name(m).replace(".", "_") + "Fields"


def requirement(f):
    return "wire" + upper_camel(f.name)


def associated(f):
    return upper_camel(f.name) + ("Values" if f.repeated else "Fields")


def to_wire(f, v):
    """The value's varint (UInt64), fixed64 (UInt64) or fixed32 (UInt32) as protobuf writes it."""
    return {
        FD.TYPE_INT32: f"UInt64(bitPattern: Int64({v}))",  # sign-extended to ten bytes
        FD.TYPE_INT64: f"UInt64(bitPattern: {v})",
        FD.TYPE_UINT32: f"UInt64({v})",
        FD.TYPE_UINT64: v,
        FD.TYPE_BOOL: f"{v} ? 1 : 0",
        FD.TYPE_ENUM: f"UInt64(bitPattern: Int64({v}.rawValue))",
        FD.TYPE_SINT32: f"UInt64(UInt32(bitPattern: ({v} << 1) ^ ({v} >> 31)))",
        FD.TYPE_SINT64: f"UInt64(bitPattern: ({v} << 1) ^ ({v} >> 63))",
        FD.TYPE_DOUBLE: f"{v}.bitPattern", FD.TYPE_FIXED64: v, FD.TYPE_SFIXED64: f"UInt64(bitPattern: {v})",
        FD.TYPE_FLOAT: f"{v}.bitPattern", FD.TYPE_FIXED32: v, FD.TYPE_SFIXED32: f"UInt32(bitPattern: {v})",
    }[f.type]


def from_wire(f, raw):
    """A value from its varint or fixed bytes, as swift-protobuf's BinaryDecoder reads it (enums: the caller)."""
    return {
        FD.TYPE_INT32: f"Int32(truncatingIfNeeded: {raw})",
        FD.TYPE_INT64: f"Int64(bitPattern: {raw})",
        FD.TYPE_UINT32: f"UInt32(truncatingIfNeeded: {raw})",
        FD.TYPE_UINT64: raw,
        FD.TYPE_BOOL: f"{raw} != 0",
        FD.TYPE_SINT32: f"Int32(truncatingIfNeeded: {raw} >> 1) ^ -Int32(truncatingIfNeeded: {raw} & 1)",
        FD.TYPE_SINT64: f"Int64(bitPattern: {raw} >> 1) ^ -Int64(bitPattern: {raw} & 1)",
        FD.TYPE_DOUBLE: f"Double(bitPattern: {raw})", FD.TYPE_FIXED64: raw, FD.TYPE_SFIXED64: f"Int64(bitPattern: {raw})",
        FD.TYPE_FLOAT: f"Float(bitPattern: {raw})", FD.TYPE_FIXED32: raw, FD.TYPE_SFIXED32: f"Int32(bitPattern: {raw})",
    }[f.type]


class FastWire:
    def __init__(self, protocol):
        self.p = protocol
        self.events, self.control = [], []   # hot messages reached from Envelope, from ControlMessage
        self._reach("Envelope", self.events)
        self._reach("ControlMessage", self.control)
        self.hot = {m.proto_name: m for m in self.events + self.control}

    # MARK: What is hot

    def members(self, m, oneof):
        """The hot members of a oneof, in field order."""
        names = HOT.get(m.proto_name, {}).get(oneof)
        if names is None:
            fail(f"{m.proto_name}.{oneof} is a oneof: name its hot members in HOT")
        fields = [f for f in m.fields if f.oneof == oneof]
        missing = set(names) - {f.name for f in fields}
        if missing:
            fail(f"HOT names {sorted(missing)}, which are not members of {m.proto_name}.{oneof}")
        return [f for f in fields if f.name in names]

    def is_lazy(self, m, f):
        return f.oneof and LAZY_ONEOFS.get(m.proto_name, ("",))[0] == f.oneof

    def hot_fields(self, m):
        """The fields this code reads and writes: every field but the oneof members that are not hot."""
        out = []
        for f in m.fields:
            if f.oneof and not self.is_lazy(m, f) and f not in self.members(m, f.oneof):
                continue
            out.append(f)
        return out

    def _reach(self, name, into):
        m = self.p.messages[name]
        if m in into:
            return
        into.append(m)
        for f in m.fields:
            if f.name in SWIFT_PROTOBUF_RENAMES:
                fail(f"{m.proto_name}.{f.name}: swift-protobuf renames this property; teach the generator")
            if f.name in PLAIN_MEMBERS:
                fail(f"{m.proto_name}.{f.name}: the plain form has a member of this name; rename it there")
            if f.type == FD.TYPE_GROUP:
                fail(f"{m.proto_name}.{f.name}: groups are not supported")
            if f.oneof and self.is_lazy(m, f):
                members = HOT.get(name, {}).get(f.oneof, [])
                if f.name in members:
                    self._reach(self.p.message(f.type_name).proto_name, into)
                continue
            if f.oneof and f not in self.members(m, f.oneof):
                continue
            if f.oneof and f.type != FD.TYPE_MESSAGE:
                fail(f"{m.proto_name}.{f.name}: a hot oneof member must be a message")
            if f.type == FD.TYPE_MESSAGE:
                if f.repeated:
                    fail(f"{m.proto_name}.{f.name}: repeated messages (and maps) are not supported")
                self._reach(self.p.message(f.type_name).proto_name, into)
            elif f.repeated and f.type not in VARINT:
                fail(f"{m.proto_name}.{f.name}: repeated {f.short_type} is not supported")

    # MARK: Names and types

    def value_type(self, f, plain=False):
        if f.type == FD.TYPE_ENUM:
            return type_name(self.p.enum(f.type_name))
        if f.type == FD.TYPE_MESSAGE:
            return type_name(self.p.message(f.type_name)) + (".Plain" if plain else "")
        return SWIFT_SCALARS[f.type]

    def has_presence(self, f):
        return f.optional or (f.type == FD.TYPE_MESSAGE and not f.repeated) or bool(f.oneof)

    # MARK: The Fields protocol and its writer

    def fields_protocol(self, m):
        name = protocol_name(m)
        fields = self.hot_fields(m)
        base = "EnvelopePayloadFields" if self.payload_field(m) else "ProtobufFields"
        lines = [f"/// mapwire.v1.{m.proto_name}'s fields from whatever holds them (FastWire): `writeFields(to:)` writes",
                 "/// them as swift-protobuf serializes the message."]
        oneofs = sorted({f.oneof for f in fields if f.oneof})
        if oneofs:
            lines.append(f"/// A oneof's members ({', '.join(oneofs)}) are each lent when set: at most one is.")
        lines.append(f"public protocol {name}: {base} {{")
        for f in fields:
            if f.type == FD.TYPE_MESSAGE:
                lines.append(f"    associatedtype {associated(f)}: {protocol_name(self.p.message(f.type_name))}")
        for f in fields:
            if f.type == FD.TYPE_MESSAGE:
                lines += [f"    /// {f.name} = {f.number}: lends the message to `use` when it is set.",
                          f"    func {requirement(f)}(_ use: (borrowing {associated(f)}) -> Void)"]
            elif f.repeated:
                lines += [f"    /// {f.name} = {f.number} (packed): gives `use` each value, in order.",
                          f"    func {requirement(f)}(_ use: ({self.value_type(f)}) -> Void)"]
            elif is_lent(f):
                when = " when it is set" if f.optional else ""
                lines += [f"    /// {f.name} = {f.number}: lends the value to `use`{when}.",
                          f"    func {requirement(f)}(_ use: (borrowing {self.value_type(f)}) -> Void)"]
            else:
                lines += [f"    /// {f.name} = {f.number}", f"    var {requirement(f)}: {self.requirement_type(f)} {{ get }}"]
        lines.append("}")
        lines += ["", f"extension {name} {{"]
        payload = self.payload_field(m)
        if payload:
            lines += ["    /// Its field in Envelope's payload oneof, and the topic it is published under.",
                      f"    @inlinable public static var envelopeField: Int {{ {payload.number} }}",
                      f'    @inlinable public static var topic: StaticString {{ "{payload.name.replace("_", "-")}" }}', ""]
        # Inlinable, so that it is specialized for each source type; not forced inline: a nested message's
        # writer stays a function of its own, which reads its fields in place from the value it is lent.
        lines += ["    @inlinable", "    public func writeFields(to w: inout ProtobufRawWriter) {"]
        lines += ["        " + line for f in fields for line in self.write_field(m, f)]
        lines += ["        writeUnknownFields(to: &w)", "    }", "}"]
        return lines

    def requirement_type(self, f):
        return self.value_type(f) + ("?" if f.optional else "")

    def write_field(self, m, f, get=None):
        n, get = f.number, get or requirement(f)
        if f.type == FD.TYPE_MESSAGE:
            hint = LENGTH_HINTS.get((m.proto_name, f.name))
            if hint:
                inner = self.p.message(f.type_name)
                if not any(g.name == hint and g.type == FD.TYPE_STRING and not g.optional for g in inner.fields):
                    fail(f"LENGTH_HINTS: {inner.proto_name} has no plain string field {hint}")
                return [f"{get} {{ v in",
                        f"    var expected = 8  // its length's room, guessed from its {hint}",
                        f"    v.wire{upper_camel(hint)} {{ expected &+= $0.utf8.count }}",
                        f"    w.nestedMessage({n}, expecting: expected) {{ v.writeFields(to: &$0) }}", "}"]
            return [f"{get} {{ v in w.nestedMessage({n}) {{ v.writeFields(to: &$0) }} }}"]
        if f.repeated:
            # Packed: one length-delimited run, left out (taken back) when there were no values.
            return [f"let {lower_camel(f.name)}Start = w.count",
                    f"w.key({n}, wireType: 2)",
                    f"let {lower_camel(f.name)}Length = w.beginLength()",
                    f"{get} {{ w.varint({to_wire(f, '$0')}) }}",
                    f"if w.count == {lower_camel(f.name)}Length &+ 1 {{ w.truncate(to: {lower_camel(f.name)}Start) }} "
                    f"else {{ w.endLength({lower_camel(f.name)}Length) }}"]
        if f.type == FD.TYPE_STRING:
            if get != requirement(f):  # a value of its own (the header's writers)
                return [f"w.stringField({n}, {get})"]
            return [f"{get} {{ w.optionalStringField({n}, $0) }}" if f.optional else f"{get} {{ w.stringField({n}, $0) }}"]
        if f.type == FD.TYPE_BYTES:
            if f.optional:
                return [f"{get} {{ bytes in w.key({n}, wireType: 2); bytes.withUnsafeBytes {{ w.lengthDelimited($0) }} }}"]
            return [f"{get} {{ bytes in if !bytes.isEmpty {{ w.key({n}, wireType: 2); bytes.withUnsafeBytes "
                    "{ w.lengthDelimited($0) } } }"]
        kind = {0: "varint", 1: "fixed64", 5: "fixed32"}[wire_type(f)]
        if f.optional:
            return [f"if let v = {get} {{ w.key({n}, wireType: {wire_type(f)}); w.{kind}({to_wire(f, 'v')}) }}"]
        return [f"w.{kind}Field({n}, {to_wire(f, get)})"]

    def payload_field(self, m):
        """The Envelope payload member that carries `m`, when that member is hot."""
        envelope = self.p.messages["Envelope"]
        found = [f for f in self.hot_fields(envelope)
                 if f.oneof and f.name in HOT["Envelope"]["payload"] and self.p.message(f.type_name) is m]
        if len(found) > 1:
            fail(f"{m.proto_name} is the payload of two Envelope fields: EnvelopePayloadFields needs one")
        return found[0] if found else None

    # MARK: Readers

    def reader(self, m, plain):
        fields = self.hot_fields(m)
        lines = ["    /// The message `read(wireFields:)` reads; nil where it gives up.",
                 "    @inline(__always)",
                 "    public init?(wireFields bytes: UnsafeRawBufferPointer) {",
                 "        self.init()", "        guard read(wireFields: bytes) else { return nil }", "    }", "",
                 "    /// Reads the message's fields into `self` (as made by `init()`), as swift-protobuf's binary decoder",
                 "    /// does; false where it gives up (an unknown field or wire type, a message field twice, bad UTF-8,",
                 "    /// a value cut short): decode with swift-protobuf then."]
        if not fields:
            return lines + ["    /// Any byte is a field this code does not know (swift-protobuf keeps it as an unknown field).",
                            "    public mutating func read(wireFields bytes: UnsafeRawBufferPointer) -> Bool {",
                            "        bytes.isEmpty", "    }"]
        # Inlined into the reader of the message that holds it: one function per hot message read, whose
        # nested values the optimizer moves instead of copying from one call's result to the next.
        lines += ["    @inline(__always)", "    public mutating func read(wireFields bytes: UnsafeRawBufferPointer) -> Bool {"]
        flags = [f for f in fields if self.has_presence(f) and f.type == FD.TYPE_MESSAGE and not f.oneof]
        oneofs = sorted({f.oneof for f in fields if f.oneof})
        for f in flags:
            lines.append(f"        var saw{upper_camel(f.name)} = false")
        for o in oneofs:
            lines.append(f"        var saw{upper_camel(o)} = false")
        lines += ["        var r = ProtobufWireReader(bytes)", "        while !r.isAtEnd {",
                  "            guard let (field, wireType) = r.key() else { return false }",
                  "            switch (field, wireType) {"]
        for f in fields:
            lines += ["            " + line for line in self.read_field(f, plain)]
        lines += ["            default: return false", "            }", "        }", "        return true", "    }"]
        return lines

    def read_field(self, f, plain):
        n, prop = f.number, lower_camel(f.name)
        if f.type == FD.TYPE_MESSAGE:
            saw = "saw" + upper_camel(f.oneof or f.name)
            lines = [f"case ({n}, 2):", f"    guard !{saw}, let b = r.lengthDelimited() else {{ return false }}"]
            if plain:
                # Read where it is kept (through the optional, in place): not copied, its strings not retained again.
                return lines + [f"    {prop} = {self.value_type(f, plain)}()",
                                f"    guard {prop}?.read(wireFields: b) == true else {{ return false }}", f"    {saw} = true"]
            # A swift-protobuf message's field is a computed property: read into a value of its own, moved in.
            return lines + [f"    var v = {self.value_type(f, plain)}()", "    guard v.read(wireFields: b) else { return false }",
                            f"    {prop} = consume v", f"    {saw} = true"]
        if f.repeated:  # varint kinds only (checked in _reach); a proto3 reader takes packed and unpacked
            if f.type != FD.TYPE_ENUM:
                fail(f"{f.name}: repeated {f.short_type} is not supported")
            return [f"case ({n}, 0), ({n}, 2): guard r.repeatedEnum(wireType: wireType, into: &{prop}) else {{ return false }}"]
        wt = wire_type(f)
        if f.type == FD.TYPE_STRING:
            return [f"case ({n}, 2): guard let v = r.string() else {{ return false }}; {prop} = v"]
        if f.type == FD.TYPE_BYTES:
            return [f"case ({n}, 2): guard let v = r.data() else {{ return false }}; {prop} = v"]
        if f.type == FD.TYPE_ENUM:
            return [f"case ({n}, 0): guard let v: {self.value_type(f)} = r.enumValue() else {{ return false }}; {prop} = v"]
        read = {0: "varint", 1: "fixed64", 5: "fixed32"}[wt]
        return [f"case ({n}, {wt}): guard let v = r.{read}() else {{ return false }}; {prop} = {from_wire(f, 'v')}"]

    # MARK: Swift-protobuf's messages

    def message_extension(self, m):
        t = type_name(m)
        fields = self.hot_fields(m)
        lines = [f"extension {t}: {protocol_name(m)} {{"]
        for f in fields:
            prop = lower_camel(f.name)
            if f.type == FD.TYPE_MESSAGE:
                lines.append(f"    @inlinable public func {requirement(f)}(_ use: (borrowing {self.value_type(f)}) -> Void) "
                             f"{{ if has{upper_camel(f.name)} {{ use({prop}) }} }}")
            elif f.repeated:
                lines.append(f"    @inlinable public func {requirement(f)}(_ use: ({self.value_type(f)}) -> Void) {{ {prop}.forEach(use) }}")
            elif is_lent(f):
                body = f"if has{upper_camel(f.name)} {{ use({prop}) }}" if f.optional else f"use({prop})"
                lines.append(f"    @inlinable public func {requirement(f)}(_ use: (borrowing {self.value_type(f)}) -> Void) {{ {body} }}")
            else:
                value = f"has{upper_camel(f.name)} ? {prop} : nil" if self.has_presence(f) else prop
                lines.append(f"    @inlinable public var {requirement(f)}: {self.conformance_type(f, False)} {{ {value} }}")
        lines += ["", "    /// swift-protobuf writes the unknown fields a message keeps after its known ones.",
                  "    @inlinable public func writeUnknownFields(to w: inout ProtobufRawWriter) {",
                  "        unknownFields.data.withUnsafeBytes { w.raw($0) }", "    }", ""]
        lines += self.reader(m, plain=False)
        return lines + ["}"]

    def conformance_type(self, f, plain):
        if f.repeated:
            return f"[{self.value_type(f)}]"
        return self.value_type(f, plain) + ("?" if self.has_presence(f) else "")

    # MARK: The plain form

    def plain(self, m):
        t = type_name(m)
        fields = self.hot_fields(m)
        lines = [f"extension {t} {{",
                 f"    /// mapwire.v1.{m.proto_name} as plain values: an optional for each field with presence."]
        for o in m.oneofs:
            names = ", ".join(f"`{lower_camel(f.name)}`" for f in self.members(m, o))
            lines.append(f"    /// Its oneof `{o}` is {names}: at most one is set (the others stay with swift-protobuf).")
        lines.append("    public struct Plain: Equatable, Sendable {")
        stored = []   # (name, type, default), in field order
        for f in fields:
            default = "[]" if f.repeated else ("nil" if self.has_presence(f) else self.default(f))
            stored.append((lower_camel(f.name), self.conformance_type(f, True), default))
        lines += [f"        public var {name}: {kind}" for name, kind, _ in stored]
        params = [f"{name}: {kind} = {default}" for name, kind, default in stored]
        if len(", ".join(params)) > 80:
            lines += ["", "        public init("] + [f"            {p}," for p in params[:-1]] + [f"            {params[-1]}", "        ) {"]
        else:
            lines += ["", f"        public init({', '.join(params)}) {{"]
        lines += [f"            self.{name} = {name}" for name, _, _ in stored]
        lines += ["        }", ""]
        lines += indent(self.reader(m, plain=True))
        lines += [""] + indent(self.from_message(m))
        lines += [""] + indent(self.to_message(m))
        lines += ["    }", "}", "", f"extension {t}.Plain: {protocol_name(m)} {{"]
        for f in fields:
            prop = lower_camel(f.name)
            if f.repeated:
                lines.append(f"    @inlinable public func {requirement(f)}(_ use: ({self.value_type(f)}) -> Void) {{ {prop}.forEach(use) }}")
            elif is_lent(f):
                body = f"if let {prop} {{ use({prop}) }}" if self.has_presence(f) else f"use({prop})"
                lines.append(f"    @inlinable public func {requirement(f)}(_ use: (borrowing {self.value_type(f, True)}) -> Void) "
                             f"{{ {body} }}")
            else:
                lines.append(f"    @inlinable public var {requirement(f)}: {self.conformance_type(f, True)} {{ {prop} }}")
        return lines + ["}"]

    def default(self, f):
        if f.type == FD.TYPE_ENUM:
            return ".init()"
        return {FD.TYPE_STRING: '""', FD.TYPE_BYTES: "Data()", FD.TYPE_BOOL: "false"}.get(f.type, "0")

    def from_message(self, m):
        t = type_name(m)
        lines = [f"    /// `protobuf` in plain fields; nil when it holds a oneof member this form does not have, or unknown",
                 "    /// fields (in it or a message it holds), unless they may be dropped.",
                 f"    public init?(_ protobuf: {t}, droppingUnknownFields: Bool = false) {{",
                 "        guard droppingUnknownFields || protobuf.unknownFields.data.isEmpty else { return nil }",
                 "        self.init()"]
        for f in self.hot_fields(m):
            if f.oneof:
                continue
            prop, has = lower_camel(f.name), "protobuf.has" + upper_camel(f.name)
            if f.type == FD.TYPE_MESSAGE:
                lines += [f"        if {has} {{",
                          f"            guard let v = {self.value_type(f, True)}(protobuf.{prop}, droppingUnknownFields: droppingUnknownFields) "
                          "else { return nil }", f"            self.{prop} = v", "        }"]
            elif f.optional:
                lines.append(f"        self.{prop} = {has} ? protobuf.{prop} : nil")
            else:
                lines.append(f"        self.{prop} = protobuf.{prop}")
        for o in m.oneofs:
            members = self.members(m, o)
            lines.append(f"        switch protobuf.{lower_camel(o)} {{")
            for f in members:
                lines += [f"        case .{lower_camel(f.name)}(let v)?:",
                          f"            guard let p = {self.value_type(f, True)}(v, droppingUnknownFields: droppingUnknownFields) "
                          "else { return nil }",
                          f"            self.{lower_camel(f.name)} = p"]
            lines.append("        case nil: break")
            if len(members) < len([f for f in m.fields if f.oneof == o]):
                lines.append("        default: return nil")
            lines.append("        }")
        return lines + ["    }"]

    def to_message(self, m):
        t = type_name(m)
        lines = ["    /// The same message as swift-protobuf's.", f"    public var protobuf: {t} {{", f"        var m = {t}()"]
        for f in self.hot_fields(m):
            if f.oneof:
                continue
            prop = lower_camel(f.name)
            if f.type == FD.TYPE_MESSAGE:
                lines.append(f"        if let v = {prop} {{ m.{prop} = v.protobuf }}")
            elif f.optional:
                lines.append(f"        if let v = {prop} {{ m.{prop} = v }}")
            else:
                lines.append(f"        m.{prop} = {prop}")
        for o in m.oneofs:
            for f in self.members(m, o):
                lines.append(f"        if let v = {lower_camel(f.name)} {{ m.{lower_camel(f.name)} = v.protobuf }}")
        return lines + ["        return m", "    }"]

    def single_member_writers(self, m):
        """Messages that are only a oneof (ControlMessage): each hot member written as the whole message."""
        if [f for f in m.fields if not f.oneof] or len(m.oneofs) != 1:
            return []
        t = type_name(m)
        lines = [f"extension {t} {{"]
        for f in self.members(m, m.oneofs[0]):
            inner = protocol_name(self.p.message(f.type_name))
            member, plain = lower_camel(f.name), self.value_type(f, True)
            lines += [f"    /// Writes a {m.name} whose {m.oneofs[0]} is `{member}`: what its plain form with only that",
                      "    /// member writes, with no plain form built.",
                      "    @inlinable @inline(__always)",
                      f"    public static func write{upper_camel(f.name)}(_ {member}: some {inner}, to w: inout ProtobufRawWriter) {{",
                      f"        w.nestedMessage({f.number}) {{ {member}.writeFields(to: &$0) }}", "    }", "",
                      f"    /// Reads a {m.name} that is its `{member}` alone (its one field, once) into `{member}` (as made by",
                      f"    /// `init()`), with no plain form of the whole message built; false (`{member}` half read) for",
                      "    /// anything else, which the plain form's reader or swift-protobuf's then reads.",
                      f"    public static func read{upper_camel(f.name)}(_ bytes: UnsafeRawBufferPointer, into {member}: inout {plain}) -> Bool {{",
                      "        var r = ProtobufWireReader(bytes)",
                      f"        guard let (field, wireType) = r.key(), field == {f.number}, wireType == 2, let b = r.lengthDelimited(), r.isAtEnd",
                      "        else { return false }",
                      f"        return {member}.read(wireFields: b)", "    }", ""]
        return lines[:-1] + ["}"]

    # MARK: Envelope: the header around a payload read and written as bytes

    def lazy(self, m):
        oneof, first, last = LAZY_ONEOFS[m.proto_name]
        t = type_name(m)
        header = [f for f in m.fields if not f.oneof]
        members = [f for f in m.fields if f.oneof == oneof]
        low, high = min(f.number for f in members), max(f.number for f in members)
        if any(low < f.number < high for f in header):
            fail(f"{m.proto_name}: a field numbered inside the {oneof} oneof's range")
        field = lower_camel(oneof) + "Field"
        lines = [f"extension {t} {{",
                 f"    /// mapwire.v1.{m.proto_name} but its {oneof}: the other fields as plain values, and the field number",
                 f"    /// of its {oneof} (`{field}`, 0: none), whose bytes the readers return and the writer takes.",
                 "    public struct Header: Equatable, Sendable {"]
        for f in header:
            lines.append(f"        public var {lower_camel(f.name)}: {self.value_type(f)} = {self.default(f)}")
        lines += [f"        /// The {oneof}'s field number (0: none).", f"        public var {field} = 0", "",
                  "        public init() {}", ""]
        # Strict: into `self`, the subscribers' reader.
        lines += [f"        /// Reads the fields into `self` (as made by `init()`) and sets `{oneof}` to the {oneof}'s bytes;",
                  "        /// false where swift-protobuf's decoder must read it (an unknown field or wire type, two",
                  f"        /// {oneof}s, bad UTF-8, a value cut short).",
                  "        @inlinable",
                  f"        public mutating func read(_ bytes: UnsafeRawBufferPointer, {oneof}: inout UnsafeRawBufferPointer) -> Bool {{",
                  "            var r = ProtobufWireReader(bytes)", "            while !r.isAtEnd {",
                  "                guard let (field, wireType) = r.key() else { return false }",
                  "                switch (field, wireType) {"]
        for f in header:
            lines.append("                " + self.header_read(f, strict=True))
        lines += ["                case (_, 2):",
                  f"                    guard {field} == 0, Self.is{upper_camel(oneof)}(field), let b = r.lengthDelimited() "
                  "else { return false }",
                  f"                    {field} = field", f"                    {oneof} = b",
                  "                default: return false", "                }", "            }", "            return true",
                  "        }", "",
                  f"        /// Whether `field` is one of the {oneof} oneof's.",
                  "        @inlinable @inline(__always)",
                  f"        public static func is{upper_camel(oneof)}(_ field: Int) -> Bool {{",
                  f"            switch field {{ case {ranges(f.number for f in members)}: true; default: false }}",
                  "        }", ""]
        # Lenient: the recorder's, and subscribers that need only the header.
        lines += [f"        /// Reads the fields and the {oneof}'s bytes as any protobuf reader reads them: fields it does not",
                  f"        /// know skipped, a {oneof} it does not know (length-delimited, {first}...{last}) taken, a string that is",
                  "        /// not UTF-8 repaired. Nil for bytes that are not this message (cut short, groups).",
                  f"        public static func parse(_ bytes: UnsafeRawBufferPointer) -> (header: Header, {oneof}: UnsafeRawBufferPointer)? {{",
                  "            var h = Header()", f"            var {oneof} = UnsafeRawBufferPointer(start: nil, count: 0)",
                  "            var r = ProtobufWireReader(bytes)", "            while !r.isAtEnd {",
                  "                guard let (field, wireType) = r.key() else { return nil }",
                  "                switch (field, wireType) {"]
        for f in header:
            lines.append("                " + self.header_read(f, strict=False))
        lines += [f"                case ({first}...{last}, 2): guard let b = r.lengthDelimited() else {{ return nil }}; "
                  f"h.{field} = field; {oneof} = b",
                  "                default: guard r.skip(wireType: wireType) else { return nil }",
                  "                }", "            }", f"            return (h, {oneof})", "        }", ""]
        # Writers: one per field (a publisher keeps some of them written), and the whole message.
        for f in header:
            lines += [f"        /// {f.name} = {f.number}, left out at its default.",
                      "        @inlinable @inline(__always)",
                      f"        public static func write{upper_camel(f.name)}(_ value: {self.value_type(f)}, to w: inout ProtobufRawWriter) {{",
                      "            " + self.write_field(m, f, "value")[0], "        }", ""]
        # Conversions to and from swift-protobuf's message, whose oneof is decoded.
        lines += [f"        /// `protobuf`'s fields but its {oneof}, and its {oneof}'s field number.",
                  f"        public init(_ protobuf: {t}) {{"]
        lines += [f"            self.{lower_camel(f.name)} = protobuf.{lower_camel(f.name)}" for f in header]
        lines += [f"            switch protobuf.{lower_camel(oneof)} {{"]
        lines += [f"            case .{lower_camel(f.name)}?: self.{field} = {f.number}" for f in members]
        lines += [f"            case nil: self.{field} = 0", "            }", "        }", "",
                  f"        /// swift-protobuf's message of these fields and `{oneof}` (whose field is then `{field}`).",
                  f"        public func protobuf({oneof}: {t}.OneOf_{upper_camel(oneof)}?) -> {t} {{",
                  f"            var m = {t}()"]
        lines += [f"            m.{lower_camel(f.name)} = {lower_camel(f.name)}" for f in header]
        lines += [f"            m.{lower_camel(oneof)} = {oneof}", "            return m", "        }", ""]
        lines += [f"        /// The whole message, its {oneof} (`{field}`) from `{oneof}`: as swift-protobuf writes it.",
                  f"        public func writeFields({oneof}: UnsafeRawBufferPointer, to w: inout ProtobufRawWriter) {{"]
        for f in [f for f in header if f.number < low]:
            lines.append(f"            Self.write{upper_camel(f.name)}({lower_camel(f.name)}, to: &w)")
        lines.append(f"            if {field} != 0 {{ w.key({field}, wireType: 2); w.lengthDelimited({oneof}) }}")
        for f in [f for f in header if f.number > high]:
            lines.append(f"            Self.write{upper_camel(f.name)}({lower_camel(f.name)}, to: &w)")
        lines += ["        }", "    }", "}"]
        return lines

    def header_read(self, f, strict):
        n, prop, wt = f.number, "h." + lower_camel(f.name), wire_type(f)
        if strict:
            prop = lower_camel(f.name)
        fail_value = "false" if strict else "nil"
        if f.type == FD.TYPE_STRING:
            if strict:
                return f"case ({n}, 2): guard let v = r.string() else {{ return {fail_value} }}; {prop} = v"
            return f"case ({n}, 2): guard let b = r.lengthDelimited() else {{ return nil }}; {prop} = String(decoding: b, as: UTF8.self)"
        if f.type in (FD.TYPE_MESSAGE, FD.TYPE_BYTES, FD.TYPE_ENUM) or f.repeated:
            fail(f"{f.name}: a lazy message's other fields are scalars or strings")
        read = {0: "varint", 1: "fixed64", 5: "fixed32"}[wt]
        return f"case ({n}, {wt}): guard let v = r.{read}() else {{ return {fail_value} }}; {prop} = {from_wire(f, 'v')}"

    # MARK: Envelope's hot payloads

    def payload_dispatch(self):
        envelope = self.p.messages["Envelope"]
        oneof = LAZY_ONEOFS["Envelope"][0]
        hot = [f for f in envelope.fields if f.oneof == oneof and f.name in HOT["Envelope"][oneof]]
        t = type_name(envelope) + ".OneOf_" + upper_camel(oneof)
        lines = [f"extension {t} {{",
                 "    /// Whether the payload in Envelope field `field` has a generated reader.",
                 "    @inlinable static func isHot(field: Int) -> Bool {",
                 "        " + "field == " + " || field == ".join(str(f.number) for f in hot), "    }", "",
                 "    /// Reads a hot payload into `payload` (in place: returned, the large enum was copied); false, with",
                 "    /// `payload` untouched, when the reader gives up or the field is not hot.",
                 "    static func readHot(field: Int, _ bytes: UnsafeRawBufferPointer, into payload: inout Self?) -> Bool {",
                 "        switch field {"]
        for f in hot:
            lines += [f"        case {f.number}:",
                      f"            var m = {type_name(self.p.message(f.type_name))}()",
                      "            guard m.read(wireFields: bytes) else { return false }",
                      f"            payload = .{lower_camel(f.name)}(m)"]
        lines += ["        default: return false", "        }", "        return true", "    }", "",
                  "    /// Writes a hot payload's envelope field (key, length, fields) and returns its topic (sent as it is, no",
                  "    /// String made); nil, with nothing written, for the other payloads.",
                  "    func writeHot(to w: inout ProtobufRawWriter) -> StaticString? {", "        switch self {"]
        for f in hot:
            lines += [f"        case .{lower_camel(f.name)}(let m):",
                      f"            w.nestedMessage({f.number}) {{ m.writeFields(to: &$0) }}",
                      f'            return "{f.name.replace("_", "-")}"']
        lines += ["        default: return nil", "        }", "    }", "}"]
        return lines

    def generate(self):
        out = [HEADER.rstrip("\n").replace("(Protocol/tables)", "(Protocol/tables/fastwire.py)"),
               "// The hot path's readers and writers (FastWire): what they are, and which messages, is said there.",
               "", "import Foundation", "import MapWireWireFormat", "import SwiftProtobuf"]
        order = list(self.hot.values())
        for m in order:
            if m.proto_name in LAZY_ONEOFS:
                continue
            out += [""] + self.fields_protocol(m)
        for m in self.events:
            if m.proto_name in LAZY_ONEOFS:
                continue
            if m.oneofs:
                fail(f"{m.proto_name}: an event message with a oneof needs a plain form")
            out += [""] + self.message_extension(m)
        for m in self.control:
            out += [""] + self.plain(m)
            single = self.single_member_writers(m)
            if single:
                out += [""] + single
        out += [""] + self.lazy(self.p.messages["Envelope"])
        out += [""] + self.payload_dispatch()
        return "\n".join(out) + "\n"


def ranges(numbers):
    """`16...27, 29, 33` for a switch over sorted field numbers."""
    out, start, end = [], None, None
    for n in sorted(numbers):
        if start is not None and n == end + 1:
            end = n
            continue
        if start is not None:
            out.append(f"{start}...{end}" if end > start else str(start))
        start = end = n
    if start is not None:
        out.append(f"{start}...{end}" if end > start else str(start))
    return ", ".join(out)


def generate(protocol):
    return FastWire(protocol).generate()
