/// A growable ARGB32 pixel buffer reused between drawing calls, so rendering many small glyphs
/// does not allocate per glyph.
final class ScratchPixels {
    private(set) var pointer: UnsafeMutableRawPointer
    private var capacity: Int

    init() {
        capacity = 64 * 64 * 4
        pointer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        pointer.deallocate()
    }

    /// A buffer of at least `byteCount` bytes; previous contents are not kept.
    func reserve(_ byteCount: Int) -> UnsafeMutableRawPointer {
        if byteCount > capacity {
            pointer.deallocate()
            capacity = max(byteCount, capacity * 2)
            pointer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        }
        return pointer
    }
}
