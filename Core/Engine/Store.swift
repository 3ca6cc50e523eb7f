import Foundation
import Observation

/// What a head holds: a ``StateMachine`` driven on the main actor.
///
/// - **Synchronous and ordered.** ``state`` is read synchronously and
///   ``send(_:)`` applies an intent before it returns, so intents sent back to
///   back are applied in the order sent, whatever async work is running.
/// - **Observable.** The store is `Observable` (the Observation framework):
///   a SwiftUI view or `withObservationTracking` that reads ``state`` is told
///   of every change. Heads that are not views can read ``states()`` instead.
/// - **It owns the work.** The effects the machine asks for run in tasks the
///   store keeps; their outcomes come back on the main actor, in the order
///   they arrive. Releasing the store cancels every one of them.
/// - **Settling.** ``settle()`` returns once no due work is left: every
///   operation whose deadline has passed has answered (and the work its
///   answer started, too), and followed services have delivered their
///   newest values. Work waiting for a later deadline is left waiting. A
///   store made on a ``VirtualClock`` (``init(_:clock:)``) is settled by the
///   clock itself at every deadline an advance passes.
@MainActor
public final class Store<Machine: StateMachine>: Observable where Machine.State: Equatable {
    private var machine: Machine
    private let work = EffectWork<Machine.Feedback>()
    private let observers = Broadcast<Machine.State>(bufferingNewest: 64)
    /// Whether ``states()`` was ever asked for: until then no state is offered to the broadcast.
    private var isStreamed = false
    private let registrar = ObservationRegistrar()
    /// `\.state`, made once: a key path into a generic class is built at run
    /// time, which would otherwise cost more than a keystroke's whole work.
    private let stateKey: KeyPath<Store, Machine.State>

    /// A store driving `machine`; the effects it asks for at start begin at once.
    ///
    /// Give the `clock` the machine waits on: when a ``VirtualClock`` is
    /// behind it, each ``VirtualClock/advance(by:)`` stops at the deadlines
    /// of this store's work and settles it there, so work woken at a
    /// deadline runs at that instant. (A runtime's stores are made so.)
    public init(_ machine: Machine, clock: EngineClock? = nil) {
        self.machine = machine
        stateKey = StateKeys.key(of: Store.self)
        if let virtual = clock?.virtualClock { enlist(on: virtual) }
        start(machine.start())
    }

    /// Has `clock` stop at this store's deadlines and settle it at each.
    private func enlist(on clock: VirtualClock) {
        clock.enlist(
            VirtualClock.Enlisted(
                deadlines: { [weak work] clock in work?.deadlines(on: clock) },
                isDue: { [weak work] in work?.firstDue() != nil },
                settle: { [weak self] in await self?.settle() }))
    }

    /// What a head draws now. Reading it inside `withObservationTracking`
    /// (or a SwiftUI body) observes every change.
    public var state: Machine.State {
        registrar.access(self, keyPath: stateKey)
        return machine.state
    }

    /// Applies `intent` now and starts the work it asks for.
    public func send(_ intent: Machine.Intent) {
        let effects = machine.send(intent)
        published()
        // Most steps ask for no work: not calling `start` then spares looking up its generic types.
        if !effects.isEmpty { start(effects) }
    }

    /// Every state from now on, starting with the current one, for heads that
    /// do not use Observation (a server pushing states to a page).
    public func states() -> AsyncStream<Machine.State> {
        isStreamed = true
        return observers.stream(startingWith: machine.state)
    }

    /// Waits until no due work is left; see the type's documentation.
    /// Work that is waiting on the runtime's clock (a debounce, a delay, a
    /// service that answers late) is due only once the clock reaches its deadline.
    public func settle() async {
        while true {
            for follow in work.followed() { refresh(follow.token) }
            guard let token = work.firstDue() else { return }
            await work.progress(of: token)
        }
    }

    /// Whether work is running or waiting for a deadline (followed services not counted).
    public var hasPendingWork: Bool { work.hasPendingWork }

    // MARK: Running effects

    private func published() {
        registrar.willSet(self, keyPath: stateKey)
        registrar.didSet(self, keyPath: stateKey)
        if isStreamed { observers.yield(machine.state) }
    }

    private func start(_ effects: [Effect<Machine.Feedback>]) {
        for effect in effects { start(effect) }
    }

    private func start(_ effect: Effect<Machine.Feedback>) {
        switch effect.kind {
        case .run(let id, let deadline, let operation):
            let token = work.nextToken()
            let observer = EngineClock.WaitObserver { [work] clock, deadline in work.setWaiting(token, clock, deadline)
            }
            let task = Task { [weak self] in
                let feedback = await EngineClock.$waitObserver.withValue(observer) { () async -> Machine.Feedback? in
                    if let deadline {
                        do { try await deadline.clock.sleep(until: deadline.elapsed) } catch { return nil }
                    }
                    return Task.isCancelled ? nil : await operation()
                }
                self?.finish(token, with: feedback)
            }
            work.run(id, token: token, task: task, deadline: deadline)
        case .follow(let id, let current, let updates):
            let token = work.nextToken()
            let task = Task { [weak self] in
                await updates { [weak self] in await self?.refresh(token) }
            }
            work.follow(id, token: token, current: current, task: task)
        case .cancel(let id):
            work.cancel(id)
        }
    }

    private func finish(_ token: UInt64, with feedback: Machine.Feedback?) {
        guard work.finish(token), let feedback else { return }
        receive(feedback)
    }

    /// Feeds back a followed service's newest value; a value that changes
    /// nothing is not published.
    private func refresh(_ token: UInt64) {
        guard let current = work.current(of: token) else { return }
        let before = machine.state
        let effects = machine.receive(current())
        if machine.state != before { published() }
        if !effects.isEmpty { start(effects) }
    }

    private func receive(_ feedback: Machine.Feedback) {
        let effects = machine.receive(feedback)
        published()
        // Most steps ask for no work: not calling `start` then spares looking up its generic types.
        if !effects.isEmpty { start(effects) }
    }

    deinit {
        work.cancelAll()
    }
}

/// `\Store.state` for each kind of store, made once per process: a key path
/// into a generic class is assembled at run time, which costs more than
/// assembling the rest of a store.
@MainActor
private enum StateKeys {
    private static var keys: [ObjectIdentifier: AnyKeyPath] = [:]

    static func key<Machine: StateMachine>(of store: Store<Machine>.Type) -> KeyPath<Store<Machine>, Machine.State> {
        let id = ObjectIdentifier(store)
        if let known = keys[id] as? KeyPath<Store<Machine>, Machine.State> { return known }
        let made = \Store<Machine>.state
        keys[id] = made
        return made
    }
}

/// The tasks a store runs for its machine. The store's main-actor code
/// drives it; a virtual clock reads its deadlines and whether work is due
/// from any thread, and the store's deinitialiser cancels everything
/// wherever the store is released: the lock makes each of these safe.
final class EffectWork<Feedback: Sendable>: Sendable {
    struct Running: Sendable {
        let token: UInt64
        let task: Task<Void, Never>
        let deadline: Effect<Feedback>.Deadline?
        /// The clock deadline the task is waiting for now, if it is waiting.
        var waiting: Effect<Feedback>.Deadline?

        var isDue: Bool { (deadline?.isDue ?? true) && (waiting?.isDue ?? true) }
    }

    struct Followed: Sendable {
        let token: UInt64
        let current: @Sendable () -> Feedback
        let task: Task<Void, Never>
    }

    private struct State {
        var counter: UInt64 = 0
        var running: [EffectID: Running] = [:]
        /// Cancelled or replaced tasks that have not returned yet: settling waits for them too.
        var draining: [UInt64: Task<Void, Never>] = [:]
        var follows: [EffectID: Followed] = [:]
        /// Who waits for a task to finish or to start waiting for time, by token.
        var progressWaiters: [UInt64: [CheckedContinuation<Void, Never>]] = [:]

        /// The id of the running task `token`, if it is still running.
        func id(of token: UInt64) -> EffectID? { running.first { $0.value.token == token }?.key }
    }

    private let state = Locked(State())

    func nextToken() -> UInt64 {
        state.withLock { state in
            state.counter &+= 1
            return state.counter
        }
    }

    func run(_ id: EffectID, token: UInt64, task: Task<Void, Never>, deadline: Effect<Feedback>.Deadline?) {
        state.withLock { state in
            if let old = state.running.updateValue(
                Running(token: token, task: task, deadline: deadline, waiting: nil), forKey: id)
            {
                old.task.cancel()
                state.draining[old.token] = old.task
            }
        }
    }

    func follow(_ id: EffectID, token: UInt64, current: @escaping @Sendable () -> Feedback, task: Task<Void, Never>) {
        state.withLock { state in
            state.follows.updateValue(Followed(token: token, current: current, task: task), forKey: id)?.task.cancel()
        }
    }

    func cancel(_ id: EffectID) {
        state.withLock { state in
            if let old = state.running.removeValue(forKey: id) {
                old.task.cancel()
                state.draining[old.token] = old.task
            }
            state.follows.removeValue(forKey: id)?.task.cancel()
        }
    }

    /// Forgets the task `token`; whether it was still current (its feedback counts).
    func finish(_ token: UInt64) -> Bool {
        let (current, waiters): (Bool, [CheckedContinuation<Void, Never>]) = state.withLock { state in
            let waiters = state.progressWaiters.removeValue(forKey: token) ?? []
            if state.draining.removeValue(forKey: token) != nil { return (false, waiters) }
            guard let id = state.id(of: token) else { return (false, waiters) }
            state.running.removeValue(forKey: id)
            return (true, waiters)
        }
        for waiter in waiters { waiter.resume() }
        return current
    }

    /// Records that the task `token` waits on `clock` until `deadline` (or no longer waits).
    func setWaiting(_ token: UInt64, _ clock: EngineClock, _ deadline: Duration?) {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            guard let id = state.id(of: token) else { return [] }
            state.running[id]?.waiting = deadline.map { Effect<Feedback>.Deadline(clock: clock, elapsed: $0) }
            guard deadline != nil else { return [] }
            return state.progressWaiters.removeValue(forKey: token) ?? []
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the task `token` has finished, or is waiting for a
    /// deadline that has not come (at once if either is already so).
    func progress(of token: UInt64) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done: Bool = state.withLock { state in
                let isRunning =
                    state.draining[token] != nil || state.running.values.contains { $0.token == token && $0.isDue }
                guard isRunning else { return true }
                state.progressWaiters[token, default: []].append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// The instants on `clock` that running work waits for, or will wait for
    /// once its task gets there.
    func deadlines(on clock: VirtualClock) -> [VirtualClock.Instant] {
        state.withLock { state in
            state.running.values.compactMap { running in
                (running.waiting ?? running.deadline).flatMap { $0.clock.instant(of: $0.elapsed, on: clock) }
            }
        }
    }

    /// The newest-value reader of the follow `token`, if it is still followed.
    func current(of token: UInt64) -> (@Sendable () -> Feedback)? {
        state.withLock { $0.follows.values.first { $0.token == token }?.current }
    }

    /// The follows now, oldest first.
    func followed() -> [Followed] {
        state.withLock { $0.follows.values.sorted { $0.token < $1.token } }
    }

    /// A task whose work is due: a cancelled one still returning, or one
    /// that is neither before its deadline nor waiting for a later one.
    func firstDue() -> UInt64? {
        state.withLock { state in
            if let token = state.draining.keys.min() { return token }
            // Closures rather than key paths: generic key paths are built per call.
            return state.running.values.filter { $0.isDue }.map { $0.token }.min()
        }
    }

    var hasPendingWork: Bool { state.withLock { !$0.running.isEmpty || !$0.draining.isEmpty } }

    func cancelAll() {
        let (tasks, waiters): ([Task<Void, Never>], [CheckedContinuation<Void, Never>]) = state.withLock { state in
            defer { state = State(counter: state.counter) }
            return (
                state.running.values.map { $0.task } + Array(state.draining.values)
                    + state.follows.values.map { $0.task },
                state.progressWaiters.values.flatMap { $0 }
            )
        }
        for task in tasks { task.cancel() }
        for waiter in waiters { waiter.resume() }
    }
}
