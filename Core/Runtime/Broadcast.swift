import Foundation

/// Hands every element to each of any number of `AsyncStream` readers: how
/// engines publish their states and sessions their changes.
///
/// A reader's stream ends when the broadcast is finished or deallocated, and
/// the broadcast forgets a reader as soon as it stops reading. Elements are
/// yielded in the order ``yield(_:)`` is called, to every reader.
public final class Broadcast<Element: Sendable>: Sendable {
    private struct Readers {
        var streams: [UInt64: AsyncStream<Element>.Continuation] = [:]
        var next: UInt64 = 0
    }

    private let buffering: AsyncStream<Element>.Continuation.BufferingPolicy
    private let readers = Locked(Readers())

    /// A broadcast whose readers each buffer every element they have not read
    /// yet, or only the newest `limit` when a limit is given.
    public init(bufferingNewest limit: Int? = nil) {
        buffering = limit.map { .bufferingNewest($0) } ?? .unbounded
    }

    /// A stream of every element from now on, after `first` when given (a
    /// reader usually starts from the current state).
    public func stream(startingWith first: Element? = nil) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: buffering)
        let id: UInt64 = readers.withLock { readers in
            let id = readers.next
            readers.next += 1
            readers.streams[id] = continuation
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
        readers.withLock { readers in
            guard !readers.streams.isEmpty else { return }
            let element = element()
            for reader in readers.streams.values { reader.yield(element) }
        }
    }

    /// How many streams are being read.
    public var readerCount: Int { readers.withLock { $0.streams.count } }

    /// Ends every reader's stream.
    public func finish() {
        let ended = readers.withLock { readers in
            defer { readers.streams.removeAll() }
            return Array(readers.streams.values)
        }
        for reader in ended { reader.finish() }
    }

    private func remove(_ id: UInt64) {
        _ = readers.withLock { $0.streams.removeValue(forKey: id) }
    }

    deinit {
        for reader in readers.withLock({ $0.streams.values }) { reader.finish() }
    }
}
