import Foundation

/// Hands every element to each of any number of `AsyncStream` readers: how
/// engines publish their states and sessions their changes.
///
/// A reader's stream ends when the broadcast is finished or deallocated, and
/// the broadcast forgets a reader as soon as it stops reading. Elements are
/// yielded in the order ``yield(_:)`` is called, to every reader.
public final class Broadcast<Element: Sendable>: @unchecked Sendable {
    // @unchecked: `readers` and `nextReader` are only read and written under `lock`.
    private let lock = NSLock()
    private let buffering: AsyncStream<Element>.Continuation.BufferingPolicy
    private var readers: [UInt64: AsyncStream<Element>.Continuation] = [:]
    private var nextReader: UInt64 = 0

    /// A broadcast whose readers each buffer every element they have not read
    /// yet, or only the newest `limit` when a limit is given.
    public init(bufferingNewest limit: Int? = nil) {
        buffering = limit.map { .bufferingNewest($0) } ?? .unbounded
    }

    /// A stream of every element from now on, after `first` when given (a
    /// reader usually starts from the current state).
    public func stream(startingWith first: Element? = nil) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: buffering)
        let id: UInt64 = lock.withLock {
            let id = nextReader
            nextReader += 1
            readers[id] = continuation
            if let first { continuation.yield(first) }
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.remove(id)
        }
        return stream
    }

    /// Gives `element` to every reader; with no reader, `element` is not even evaluated.
    public func yield(_ element: @autoclosure () -> Element) {
        lock.lock()
        defer { lock.unlock() }
        guard !readers.isEmpty else { return }
        deliver(element())
    }

    private func deliver(_ element: Element) {
        for reader in readers.values { reader.yield(element) }
    }

    /// How many streams are being read.
    public var readerCount: Int { lock.withLock { readers.count } }

    /// Ends every reader's stream.
    public func finish() {
        let ended = lock.withLock {
            defer { readers.removeAll() }
            return Array(readers.values)
        }
        for reader in ended { reader.finish() }
    }

    private func remove(_ id: UInt64) {
        _ = lock.withLock { readers.removeValue(forKey: id) }
    }

    deinit {
        for reader in readers.values { reader.finish() }
    }
}
