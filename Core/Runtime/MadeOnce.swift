/// Values made once per process and kept by key, for things that cannot change
/// while the process runs (a form built from a definition, a market's blank
/// forms). At most `limit` are kept; past that the oldest half is dropped, so
/// a stream of made-up keys cannot grow it. Safe to share between threads.
public final class MadeOnce<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let limit: Int
    private let made = Locked<(byKey: [Key: Value], order: [Key])>(([:], []))

    /// A store keeping at most `limit` values.
    public init(limit: Int) { self.limit = max(2, limit) }

    /// The value for `key`, made by `make` the first time it is asked for.
    public func value<Failure: Error>(for key: Key, make: () throws(Failure) -> Value) throws(Failure) -> Value {
        if let known = made.withLock({ $0.byKey[key] }) { return known }
        let value = try make()
        return made.withLock { made in
            if let known = made.byKey[key] { return known }
            if made.order.count >= limit {
                for old in made.order.prefix(limit / 2) { made.byKey[old] = nil }
                made.order.removeFirst(limit / 2)
            }
            made.byKey[key] = value
            made.order.append(key)
            return value
        }
    }
}
