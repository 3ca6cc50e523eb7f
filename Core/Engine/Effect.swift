/// The name of a piece of async work a state machine starts, so that it can
/// replace or cancel it later: starting work under a name that is running
/// cancels the running one. A child's names are scoped under its parent's
/// (`address/search`), so a parent and a child never clash.
public struct EffectID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name, e.g. `address/search`.
    public let rawValue: String

    /// The name `rawValue`: work started under it cancels the running work of that name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A name given as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// This name inside `scope`, e.g. `address/search`.
    public func scoped(under scope: String) -> EffectID { EffectID("\(scope)/\(rawValue)") }

    /// The name, as logs print it.
    public var description: String { rawValue }
}

/// Async work a state machine asks its driver (a ``Store``) to run, and how
/// its outcome comes back: as `Feedback` the machine receives on the main
/// actor, in the order outcomes arrive.
///
/// An effect is a description, not a running task: the machine stays a plain
/// value, and whoever drives it owns the tasks (and cancels them when it goes
/// away). Three kinds:
///
/// - ``run(_:_:)`` / ``run(_:at:on:_:)``: one operation, optionally after a
///   deadline on an ``EngineClock`` (a debounce, a delay). Its feedback is
///   delivered unless the effect was cancelled or replaced first.
/// - ``follow(_:current:updates:)``: a service that changes over time (the
///   client session, the betslip count). Each update, and every
///   ``Store/settle()``, delivers `current()` — the newest value — so a
///   machine never sees an older value after a newer one.
/// - ``cancel(_:)``: stops the effect running under a name.
public struct Effect<Feedback: Sendable>: Sendable {
    /// A point on an ``EngineClock``: the elapsed time at which work is due.
    public struct Deadline: Sendable {
        /// The clock the deadline is read on (virtual in tests and runs, the wall clock in an app).
        public let clock: EngineClock
        /// The elapsed time on `clock` at which the work is due.
        public let elapsed: Duration

        /// Whether the deadline has been reached.
        public var isDue: Bool { clock.now >= elapsed }
    }

    enum Kind: Sendable {
        case run(EffectID, Deadline?, @Sendable () async -> Feedback?)
        case follow(
            EffectID, current: @Sendable () -> Feedback,
            updates: @Sendable (_ notify: @escaping @Sendable () async -> Void) async -> Void)
        case cancel(EffectID)
    }

    let kind: Kind

    /// Runs `operation` now and feeds back what it returns (nothing when it
    /// returns `nil`). Replaces any effect running as `id`.
    public static func run(_ id: EffectID, _ operation: @escaping @Sendable () async -> Feedback?) -> Effect {
        Effect(kind: .run(id, nil, operation))
    }

    /// Runs `operation` once `clock` reaches the elapsed time `deadline` (take
    /// it with ``EngineClock/deadline(after:)`` when the work is scheduled, so
    /// a test may advance a virtual clock at once). Cancelled while waiting,
    /// it never runs.
    public static func run(
        _ id: EffectID, at deadline: Duration, on clock: EngineClock,
        _ operation: @escaping @Sendable () async -> Feedback?
    ) -> Effect {
        Effect(kind: .run(id, Deadline(clock: clock, elapsed: deadline), operation))
    }

    /// Follows a changing service: `updates` calls `notify` whenever the
    /// service changes (typically once per element of its stream), and each
    /// notification, like each ``Store/settle()``, feeds back `current()`.
    public static func follow(
        _ id: EffectID, current: @escaping @Sendable () -> Feedback,
        updates: @escaping @Sendable (_ notify: @escaping @Sendable () async -> Void) async -> Void
    ) -> Effect {
        Effect(kind: .follow(id, current: current, updates: updates))
    }

    /// Stops the effect running as `id`, if any; its feedback is never delivered.
    public static func cancel(_ id: EffectID) -> Effect {
        Effect(kind: .cancel(id))
    }

    /// The same work as a parent's effect: its name scoped under `scope`, its
    /// feedback wrapped by `transform` — how a parent runs a child machine's
    /// effects as its own.
    public func scoped<Parent: Sendable>(
        under scope: String,
        _ transform: @escaping @Sendable (Feedback) -> Parent
    ) -> Effect<Parent> {
        switch kind {
        case .run(let id, let deadline, let operation):
            let deadline = deadline.map { Effect<Parent>.Deadline(clock: $0.clock, elapsed: $0.elapsed) }
            return Effect<Parent>(
                kind: .run(
                    id.scoped(under: scope), deadline,
                    {
                        await operation().map(transform)
                    }))
        case .follow(let id, let current, let updates):
            return Effect<Parent>(
                kind: .follow(id.scoped(under: scope), current: { transform(current()) }, updates: updates))
        case .cancel(let id):
            return Effect<Parent>(kind: .cancel(id.scoped(under: scope)))
        }
    }
}
