import Foundation
import Galley

/// Core Text: `CTRunDelegate` (Galley's `RunDelegate`: the callbacks are asked once, when it is made).
public typealias CTRunDelegate = RunDelegate

/// Core Text: `kCTRunDelegateVersion1`.
public let kCTRunDelegateVersion1: CFIndex = 1
/// Core Text: `kCTRunDelegateCurrentVersion`.
public let kCTRunDelegateCurrentVersion: CFIndex = 1

/// Core Text: `CTRunDelegateDeallocateCallback`.
public typealias CTRunDelegateDeallocateCallback = (UnsafeMutableRawPointer) -> Void
/// Core Text: `CTRunDelegateGetAscentCallback`.
public typealias CTRunDelegateGetAscentCallback = (UnsafeMutableRawPointer) -> CGFloat
/// Core Text: `CTRunDelegateGetDescentCallback`.
public typealias CTRunDelegateGetDescentCallback = (UnsafeMutableRawPointer) -> CGFloat
/// Core Text: `CTRunDelegateGetWidthCallback`.
public typealias CTRunDelegateGetWidthCallback = (UnsafeMutableRawPointer) -> CGFloat

/// The callbacks a delegate is made from. Core Text: `CTRunDelegateCallbacks`.
public struct CTRunDelegateCallbacks {
    /// `kCTRunDelegateVersion1`.
    public var version: CFIndex
    /// Called with the reference constant when the delegate goes.
    public var dealloc: CTRunDelegateDeallocateCallback?
    /// The height above the baseline.
    public var getAscent: CTRunDelegateGetAscentCallback?
    /// The depth below the baseline.
    public var getDescent: CTRunDelegateGetDescentCallback?
    /// The advance width.
    public var getWidth: CTRunDelegateGetWidthCallback?

    /// Core Text: `CTRunDelegateCallbacks(version:dealloc:getAscent:getDescent:getWidth:)`.
    public init(version: CFIndex, dealloc: CTRunDelegateDeallocateCallback?, getAscent: CTRunDelegateGetAscentCallback?,
                getDescent: CTRunDelegateGetDescentCallback?, getWidth: CTRunDelegateGetWidthCallback?) {
        self.version = version
        self.dealloc = dealloc
        self.getAscent = getAscent
        self.getDescent = getDescent
        self.getWidth = getWidth
    }
}

/// The reference constant, kept for `CTRunDelegateGetRefCon` and handed to `dealloc` when the delegate goes.
private final class RefCon: Hashable, @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    let dealloc: CTRunDelegateDeallocateCallback?

    init(pointer: UnsafeMutableRawPointer, dealloc: CTRunDelegateDeallocateCallback?) {
        self.pointer = pointer
        self.dealloc = dealloc
    }

    deinit { dealloc?(pointer) }

    static func == (lhs: RefCon, rhs: RefCon) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A delegate whose metrics the callbacks give now (Core Text asks them during layout; the answers are the same
/// unless the host changes them, which Galley's immutable layouts would not see); `dealloc` is called with the
/// reference constant when the delegate is released, as in Core Text. Nil for another callbacks version.
/// Core Text: `CTRunDelegateCreate`.
public func CTRunDelegateCreate(_ callbacks: UnsafePointer<CTRunDelegateCallbacks>, _ refCon: UnsafeMutableRawPointer?) -> CTRunDelegate? {
    let value = callbacks.pointee
    guard value.version == kCTRunDelegateVersion1, let refCon else { return nil }
    return RunDelegate(width: value.getWidth?(refCon) ?? 0, ascent: value.getAscent?(refCon) ?? 0,
                       descent: value.getDescent?(refCon) ?? 0, userInfo: RefCon(pointer: refCon, dealloc: value.dealloc))
}

/// The reference constant the delegate was made with (for a delegate Galley code made with `RunDelegate(…)`, which
/// has none, a pointer to zeroed memory that must not be written). Core Text: `CTRunDelegateGetRefCon`.
public func CTRunDelegateGetRefCon(_ delegate: CTRunDelegate) -> UnsafeMutableRawPointer {
    (delegate.userInfo as? RefCon)?.pointer ?? noReference
}

/// What `CTRunDelegateGetRefCon` gives for a delegate without a reference constant.
nonisolated(unsafe) private let noReference: UnsafeMutableRawPointer = {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
    memory.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
    return memory
}()
