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
public final class LatestValueStore<Value: Sendable & Equatable>: Sendable {
    /// The newest value. Changes are yielded to the readers under its lock,
    /// so every reader sees them in the order they were made.
    private let current: Locked<Value>
    private let readers = Broadcast<Value>(bufferingNewest: 1)

    /// A store holding `initial`.
    public init(_ initial: Value) {
        current = Locked(initial)
    }

    /// The newest value.
    public var value: Value { current.withLock { $0 } }

    /// How many ``values()`` streams are being read.
    public var readerCount: Int { readers.readerCount }

    /// Replaces the value and tells every reader, unless it equals the current one.
    public func set(_ newValue: Value) {
        update { $0 = newValue }
    }

    /// Changes the value in place and tells every reader, unless nothing changed.
    public func update(_ change: (inout Value) -> Void) {
        current.withLock { current in
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
        current.withLock { readers.stream(startingWith: $0) }
    }
}
