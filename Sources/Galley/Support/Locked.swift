import Foundation

/// A value behind a pthread mutex, the two in one heap object (as swift-nio's `NIOLockedValueBox` keeps them).
///
/// Galley guards shared state with this rather than `Synchronization.Mutex`: on this toolchain ThreadSanitizer does
/// not see `Mutex`'s locking and reports a race on every value one guards under contention, so nothing guarded by
/// it could be checked. A pthread mutex it understands, so `make test-tsan` checks every lock here.
package struct Locked<Value>: @unchecked Sendable {
    private let storage: LockedStorage<Value>

    package init(_ value: Value) { storage = LockedStorage.make(value) }

    /// Runs `body` with the value, the mutex held.
    @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try storage.withLock(body)
    }
}

/// The heap object: the value in the header, the mutex in the one tail element.
private final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    static func make(_ value: Value) -> LockedStorage<Value> {
        let buffer = create(minimumCapacity: 1) { _ in value }
        let storage = unsafeDowncast(buffer, to: LockedStorage<Value>.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
        return storage
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
        }
    }

    @inline(__always)
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        // The pointers stay valid while this object lives, which the caller's reference guarantees for the call.
        let (value, mutex) = withUnsafeMutablePointers { ($0, $1) }
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "pthread_mutex_lock failed: \(locked)")
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
