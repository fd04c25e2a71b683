/// Galley's internal consistency checks, compiled in only when built with `-Xswiftc -DGALLEY_INTERNAL_CHECKS` (as
/// `make test` builds; swift-collections does the same under `COLLECTIONS_INTERNAL_CHECKS`): the packed stores check
/// their invariants (`_checkInvariants()`) where they are built, and `_internalInvariant` states what a caller
/// promises. Without the flag both compile to nothing.
package enum InternalChecks {
    #if GALLEY_INTERNAL_CHECKS
    /// Whether the checks are compiled in.
    package static let areEnabled = true
    #else
    /// Whether the checks are compiled in.
    package static let areEnabled = false
    #endif
}

/// Stops with `message` when `condition` is false, in a build with internal checks; nothing otherwise.
@inline(__always)
package func _internalInvariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String = "",
                                file: StaticString = #fileID, line: UInt = #line) {
    #if GALLEY_INTERNAL_CHECKS
    precondition(condition(), message(), file: file, line: line)
    #endif
}
