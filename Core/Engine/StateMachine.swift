/// A feature's logic as a value: intents in, new state out, and a list of
/// ``Effect``s for the async work the change asks for (a server check, a
/// debounced search, a delay). Outcomes of that work come back as `Feedback`.
///
/// A machine never starts tasks or sleeps itself: a driver runs its effects —
/// normally a ``Store`` on the main actor, which a head holds. Everything a
/// machine decides is therefore a synchronous, ordered function of the
/// intents and feedback it was given, so a whole journey can be replayed,
/// tested or previewed without services.
public protocol StateMachine: Sendable where State: Equatable {
    /// What a head draws.
    associatedtype State: Sendable
    /// What a head can ask for.
    associatedtype Intent: Sendable
    /// Outcomes of the machine's own effects, fed back by its driver.
    associatedtype Feedback: Sendable

    /// The current state.
    var state: State { get }

    /// Effects to run as soon as a driver starts, such as following a
    /// service's updates. None by default.
    func start() -> [Effect<Feedback>]

    /// Applies `intent`; returns the effects it asks for.
    mutating func send(_ intent: Intent) -> [Effect<Feedback>]

    /// Applies the outcome of an effect; returns the effects it asks for.
    mutating func receive(_ feedback: Feedback) -> [Effect<Feedback>]
}

extension StateMachine {
    /// No effects at start.
    public func start() -> [Effect<Feedback>] { [] }
}
