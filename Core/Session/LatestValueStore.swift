import Foundation

/// The latest value of something that changes over time, shared by every
/// reader: whoever starts reading later still starts from the newest value.
///
/// Readers either take ``value`` synchronously (a screen that is being
/// created draws complete data at once, with no placeholder flicker) or
/// follow ``values()``, an `AsyncStream` that starts with the current value
/// and then yields every change. A slow reader skips to the newest value
/// rather than queueing stale ones. Setting an equal value tells nobody.
///
/// A store is an instance the runtime's services hold, never a process-wide
/// singleton, so runtimes (and parallel tests) never share one by accident.
public final class LatestValueStore<Value: Sendable & Equatable>: @unchecked Sendable {
    // @unchecked: `current` is only read and written under `lock`; values are
    // yielded under it too, so every reader sees the changes in the order they were made.
    private let lock = NSLock()
    private var current: Value
    private let readers = Broadcast<Value>(bufferingNewest: 1)

    /// A store holding `initial`.
    public init(_ initial: Value) {
        current = initial
    }

    /// The newest value.
    public var value: Value { lock.withLock { current } }

    /// How many ``values()`` streams are being read.
    public var readerCount: Int { readers.readerCount }

    /// Replaces the value and tells every reader, unless it equals the current one.
    public func set(_ newValue: Value) {
        update { $0 = newValue }
    }

    /// Changes the value in place and tells every reader, unless nothing changed.
    public func update(_ change: (inout Value) -> Void) {
        lock.withLock {
            var next = current
            change(&next)
            guard next != current else { return }
            current = next
            readers.yield(next)
        }
    }

    /// The current value, then every change; a reader that falls behind gets
    /// only the newest. The stream ends when its reader stops reading.
    public func values() -> AsyncStream<Value> {
        lock.withLock { readers.stream(startingWith: current) }
    }
}
