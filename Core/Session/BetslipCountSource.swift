/// Where the number of selections on the betslip comes from (the
/// native betslip's store or the legacy betslip's shared state).
///
/// Every reader starts from the same latest count, so a screen created later
/// draws it at once; changes then flow in as a stream.
public protocol BetslipCountSource: Sendable {
    /// The latest known count, read synchronously.
    var latestCount: Int { get }

    /// The latest count, then every change; a slow reader skips to the newest.
    func counts() -> AsyncStream<Int>
}

/// A betslip count held in memory, for embedded runs, scenarios and tests.
public final class EmbeddedBetslipCount: BetslipCountSource {
    private let store: LatestValueStore<Int>

    /// A count starting at `count` (zero unless told).
    public init(_ count: Int = 0) {
        store = LatestValueStore(max(0, count))
    }

    /// The latest known count.
    public var latestCount: Int { store.value }

    /// The latest count, then every change.
    public func counts() -> AsyncStream<Int> { store.values() }

    /// Sets the count; a negative count is stored as zero.
    public func set(_ count: Int) {
        store.set(max(0, count))
    }
}
