#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    #error("Locked needs os_unfair_lock (Apple platforms) or a pthread mutex (Linux)")
#endif

/// A value that one thread at a time reads or changes: the one lock Livery
/// uses. It works on every platform Package.swift promises (an
/// `os_unfair_lock` on Apple platforms, a pthread mutex on Linux), unlike
/// `Synchronization.Mutex`, which needs iOS 18 and macOS 15.
///
/// Copies share one lock and one value (it is a reference to them). Making
/// one allocates once; locking allocates nothing.
///
/// ```swift
/// let hits = Locked(0)
/// hits.withLock { $0 += 1 }
/// ```
public struct Locked<Value> {
    @usableFromInline let storage: LockedStorage<Value>

    /// A lock guarding `value`.
    public init(_ value: Value) {
        storage = LockedStorage.make(value)
    }

    /// Runs `body` on the value with the lock held and returns what it returns.
    /// Keep `body` short and never lock the same value again inside it.
    @inlinable
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        try storage.withLock(body)
    }
}

#if canImport(Darwin)
    @usableFromInline typealias LockPrimitive = os_unfair_lock
#else
    @usableFromInline typealias LockPrimitive = pthread_mutex_t
#endif

// @unchecked: the storage is a class without its own synchronisation, but its
// value is reached only inside `withLock`, under the lock, and is `Sendable`.
extension Locked: @unchecked Sendable where Value: Sendable {}

/// The value and the platform's lock in one allocation; the lock never moves.
@usableFromInline
final class LockedStorage<Value>: ManagedBuffer<Value, LockPrimitive> {
    static func make(_ value: Value) -> LockedStorage {
        let buffer = create(minimumCapacity: 1) { _ in value }
        // `create` makes the dynamic type of `Self`: this cast cannot fail.
        let storage = unsafeDowncast(buffer, to: LockedStorage.self)
        storage.withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin)
                lock.initialize(to: os_unfair_lock())
            #else
                lock.initialize(to: pthread_mutex_t())
                let status = pthread_mutex_init(lock, nil)
                precondition(status == 0, "pthread_mutex_init failed: \(status)")
            #endif
        }
        return storage
    }

    @inlinable
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try withUnsafeMutablePointers { (value, lock) throws(Failure) -> Result in
            #if canImport(Darwin)
                os_unfair_lock_lock(lock)
                defer { os_unfair_lock_unlock(lock) }
            #else
                pthread_mutex_lock(lock)
                defer { pthread_mutex_unlock(lock) }
            #endif
            return try body(&value.pointee)
        }
    }

    deinit {
        withUnsafeMutablePointerToElements { lock in
            #if !canImport(Darwin)
                pthread_mutex_destroy(lock)
            #endif
            lock.deinitialize(count: 1)
        }
    }
}
