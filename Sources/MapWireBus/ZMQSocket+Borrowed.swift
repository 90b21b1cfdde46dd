extension ZMQSocket {
    /// Receives one whole message and lends its first two frames to `body` without copying them (the
    /// buffers are valid only inside `body`); `frameCount` says how many frames the message had. Returns
    /// nil when `dontWait` is set and nothing is queued. The event hot path: no `Data` per frame.
    /// `receiveControl` without the largest frame's size.
    public func receiveBorrowed<T>(
        dontWait: Bool = false,
        _ body: (_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, _ frameCount: Int) -> T
    ) throws(ZMQError) -> T? {
        try receiveControl(dontWait: dontWait) { first, second, frameCount, _ in body(first, second, frameCount) }
    }
}
