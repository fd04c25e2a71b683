extension Array {
    /// `init(unsafeUninitializedCapacity:initializingWith:)`, but an empty array without calling `body` for no
    /// capacity: the standard library's writes the count into the storage every empty array shares even then, which
    /// ThreadSanitizer reports as a race between threads making empty arrays at once (`make test-tsan` met it between
    /// two paragraphs' opportunity widths).
    @inline(__always)
    init(uninitializedCapacity capacity: Int,
         initializingWith body: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void) rethrows {
        guard capacity > 0 else {
            self = []
            return
        }
        try self.init(unsafeUninitializedCapacity: capacity, initializingWith: body)
    }
}
