/// The publish hot path's protobuf writer: stores straight through a pointer into one buffer it owns and
/// keeps from message to message. ProtobufWireWriter appends to an `Array`, which costs a uniqueness and
/// capacity check per byte; here a value checks the room it needs once (`reserve`), and a nested
/// message's length is written once, after its body (`beginLength` / `endLength`). Bytes are what
/// ProtobufWireWriter writes. Noncopyable: it frees its buffer, and a copy would share it.
/// `@inlinable` because the core's publisher writes dozens of values per event from another module.
public struct ProtobufRawWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var written = 0
    /// Bytes written since the last `removeAll`.
    @inlinable public var count: Int { written }

    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
        // Zeroed: `repeatBytes` reads whole words, possibly past what was written.
        base.initialize(repeating: 0, count: self.capacity)
    }

    deinit { base.deallocate() }

    /// Empties the buffer, keeping its storage for the next message.
    @inlinable public mutating func removeAll() { written = 0 }

    /// Drops what was written after `mark` (a `count` read earlier): a message given up half-way.
    @inlinable public mutating func truncate(to mark: Int) {
        precondition(mark >= 0 && mark <= count, "truncate past the end")
        written = mark
    }

    /// The bytes written, valid for the call only.
    @inlinable public func withBytes<R: ~Copyable, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// A copy of the bytes written (tests, cold paths).
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    // MARK: Room

    /// Makes room for `n` more bytes: one comparison when there is room, which there nearly always is
    /// (the buffer keeps the size of the largest message written so far).
    @inlinable @inline(__always) public mutating func reserve(_ n: Int) {
        if _slowPath(count &+ n > capacity) { grow(toHold: count + n) }
    }

    @usableFromInline mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.initialize(repeating: 0, count: newCapacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }

    // MARK: Values

    /// A varint of up to ten bytes, with its room checked.
    @inlinable @inline(__always) public mutating func varint(_ value: UInt64) {
        reserve(10)
        uncheckedVarint(value)
    }

    /// A varint where the room was reserved before (several small values under one `reserve`).
    @inlinable @inline(__always) public mutating func uncheckedVarint(_ value: UInt64) {
        // Keys, enums, flags and short lengths: one byte.
        if value < 0x80 {
            base[count] = UInt8(truncatingIfNeeded: value)
            written &+= 1
            return
        }
        var v = value, at = count
        repeat {
            base[at] = UInt8(truncatingIfNeeded: v) | 0x80
            v >>= 7
            at &+= 1
        } while v >= 0x80
        base[at] = UInt8(truncatingIfNeeded: v)
        written = at &+ 1
    }

    @inlinable @inline(__always) public mutating func key(_ field: Int, wireType: UInt64) {
        varint(UInt64(field) << 3 | wireType)
    }

    @inlinable @inline(__always) public mutating func fixed64(_ value: UInt64) {
        reserve(8)
        UnsafeMutableRawPointer(base + count).storeBytes(of: value.littleEndian, as: UInt64.self)
        written &+= 8
    }

    @inlinable @inline(__always) public mutating func fixed32(_ value: UInt32) {
        reserve(4)
        UnsafeMutableRawPointer(base + count).storeBytes(of: value.littleEndian, as: UInt32.self)
        written &+= 4
    }

    /// Appends a copy of `count` bytes written before, from offset `from` (room reserved by the caller).
    @inlinable @inline(__always) public mutating func repeatBytes(from: Int, count n: Int) {
        precondition(from >= 0 && n >= 0 && from + n <= written && written + n <= capacity, "repeat outside the buffer")
        if n <= 16, written &+ 16 <= capacity {
            // A varint (the publisher's end time): two words, loaded before either is stored, instead of a
            // call to memmove. The bytes read past `from + n` are the buffer's own (zeroed or old) bytes.
            let source = UnsafeRawPointer(base + from), target = UnsafeMutableRawPointer(base + written)
            let low = source.loadUnaligned(as: UInt64.self), high = source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            target.storeBytes(of: low, as: UInt64.self)
            target.storeBytes(of: high, toByteOffset: 8, as: UInt64.self)
        } else {
            (base + written).update(from: base + from, count: n)
        }
        written &+= n
    }

    /// 64 bytes held as a value: up to 64 bytes written before, kept to write again (`uncheckedWords`).
    public typealias Words = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// The 64 bytes from `start` on (those past `count` are the buffer's own, zeroed or old), where the
    /// room for 64 was reserved before: the bytes just written, to keep as a value.
    @inlinable @inline(__always) public func words(from start: Int) -> Words {
        precondition(start >= 0 && start + 64 <= capacity, "words outside the buffer")
        return UnsafeRawPointer(base + start).loadUnaligned(as: Words.self)
    }

    /// Writes `word`'s four bytes (little-endian) over bytes already written from `offset` on.
    @inlinable @inline(__always) public mutating func overwrite(_ word: UInt32, at offset: Int) {
        precondition(offset >= 0 && offset + 4 <= written, "overwrite outside what was written")
        UnsafeMutableRawPointer(base + offset).storeBytes(of: word.littleEndian, as: UInt32.self)
    }

    /// The first `n` (at most 64) bytes of `words`, in memory order, where the room for 64 was reserved
    /// before: bytes written before and kept (the publisher's times and map id) in a few wide stores
    /// instead of a memcpy call.
    @inlinable @inline(__always) public mutating func uncheckedWords(_ words: Words, count n: Int) {
        precondition(n >= 0 && n <= 64 && written + 64 <= capacity, "words outside the buffer")
        UnsafeMutableRawPointer(base + written).storeBytes(of: words, as: Words.self)
        written &+= n
    }

    /// Raw bytes, without a length (what the caller framed already).
    @inlinable @inline(__always) public mutating func raw(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        guard n > 0 else { return }
        reserve(n)
        UnsafeMutableRawPointer(base + count).copyMemory(from: bytes.baseAddress!, byteCount: n)
        written &+= n
    }

    /// A length prefix and the bytes.
    @inlinable @inline(__always) public mutating func lengthDelimited(_ bytes: UnsafeRawBufferPointer) {
        reserve(10 &+ bytes.count)
        uncheckedVarint(UInt64(bytes.count))
        if bytes.count > 0 {
            UnsafeMutableRawPointer(base + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            written &+= bytes.count
        }
    }

    /// A string's UTF-8 with its length prefix, read in place when the string is stored contiguously
    /// (native and small strings: all of the core's).
    @inlinable @inline(__always) public mutating func lengthDelimited(_ string: String) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { lengthDelimited(UnsafeRawBufferPointer($0)) }
        if done == nil {
            var copy = string
            copy.withUTF8 { lengthDelimited(UnsafeRawBufferPointer($0)) }
        }
    }

    // MARK: Nested messages

    /// Starts a length-delimited value whose bytes come next (a nested message): the length gets one
    /// byte now and the returned mark, for `endLength`.
    @inlinable @inline(__always) public mutating func beginLength() -> Int {
        reserve(1)
        let mark = count
        written &+= 1
        return mark
    }

    /// Writes the length of what followed `beginLength`. A body of 128 bytes or more moves up by the
    /// length's extra bytes: what a size pass before writing would have told it, for one `memmove`.
    @inlinable @inline(__always) public mutating func endLength(_ mark: Int) {
        let length = count &- mark &- 1
        if length < 0x80 {
            base[mark] = UInt8(truncatingIfNeeded: length)
            return
        }
        moveUpForLength(mark, length)
    }

    /// As `beginLength`, with room for the length of a body of about `expected` bytes (a guess the
    /// caller makes cheaply, e.g. from its strings' sizes): a right guess saves `endLength`'s move.
    @inlinable @inline(__always) public mutating func beginLength(expecting expected: Int) -> (mark: Int, width: Int) {
        let width = Self.varintWidth(UInt64(max(expected, 0)))
        reserve(width)
        let mark = count
        written &+= width
        return (mark, width)
    }

    /// Writes the length of what followed `beginLength(expecting:)`; the body moves when the guess
    /// gave its length another number of bytes.
    @inlinable @inline(__always) public mutating func endLength(_ begun: (mark: Int, width: Int)) {
        let length = count &- begun.mark &- begun.width
        if Self.varintWidth(UInt64(length)) != begun.width {
            return moveForLength(begun.mark, width: begun.width, length: length)
        }
        let end = written
        written = begun.mark
        uncheckedVarint(UInt64(length))
        written = end
    }

    /// Bytes of `value` as a varint.
    @inlinable @inline(__always) public static func varintWidth(_ value: UInt64) -> Int {
        // 1 + one per 7 bits above the first 7: from the highest set bit.
        let bits = 64 - (value | 1).leadingZeroBitCount
        return (bits + 6) / 7
    }

    @usableFromInline mutating func moveForLength(_ mark: Int, width: Int, length: Int) {
        let needed = Self.varintWidth(UInt64(length))
        if needed > width { reserve(needed - width) }
        // update(from:count:) handles overlapping ranges either way.
        (base + mark + needed).update(from: base + mark + width, count: length)
        let end = mark + needed + length
        written = mark
        uncheckedVarint(UInt64(length))
        written = end
    }

    @usableFromInline mutating func moveUpForLength(_ mark: Int, _ length: Int) {
        var extra = 0, rest = length >> 7
        while rest > 0 { extra += 1; rest >>= 7 }
        reserve(extra)
        // update(from:count:) copies back to front when the ranges overlap this way.
        (base + mark + 1 + extra).update(from: base + mark + 1, count: length)
        let end = count + extra
        written = mark
        uncheckedVarint(UInt64(length))
        written = end
    }
}
