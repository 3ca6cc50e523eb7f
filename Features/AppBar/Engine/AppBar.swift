import LiveryCore

/// The app bar's headless engine: intents in, ``AppBarState`` out (seed 001,
/// SPEC B1–B8).
///
/// Each screen creates its own app bar (``Runtime/appBar(options:)``). It
/// starts from the latest client details and betslip count the runtime's
/// services know, so a new screen's bar is complete from its first state
/// (B5), then follows their updates. Side effects go only through the
/// runtime's services: flags choose routes, taps go to analytics, and the
/// locker's delay waits on the runtime's clock.
///
/// ```swift
/// let bar = runtime.appBar()
/// await bar.send(.appeared)
/// await bar.send(.tap(.betslip))
/// await bar.state.route   // .nativeBetslip or .legacyBetslip
/// ```
public actor AppBar {
    /// What a head draws.
    public private(set) var state: AppBarState

    let services: RuntimeServices
    let settings: AppBarSettings
    let options: AppBarOptions
    private let icons: IconSet
    private let currencyCode: String
    var session: ClientSession
    var counter: BetslipCounterRule
    var overlays = AppBarOverlays()
    var route: AppBarRoute?
    /// The locker opening after the tray closed, and its generation, so a
    /// cancelled opening that wakes anyway changes nothing.
    var lockerOpening: (task: Task<Void, Never>, generation: Int)?
    var lockerGeneration = 0
    private let listeners = ListenerTasks()
    private let observers = Broadcast<AppBarState>(bufferingNewest: 64)

    /// An app bar for the runtime's brand, settings and services.
    public init(runtime: Runtime, options: AppBarOptions = AppBarOptions()) {
        let services = runtime.services
        let settings = runtime.settings[AppBarSettings.Key.self]
        let sessions = services.clientDetails.sessions()
        let counts = services.betslipCount.counts()
        let session = services.clientDetails.latest
        let counter = BetslipCounterRule(count: services.betslipCount.latestCount)
        self.services = services
        self.settings = settings
        self.options = options
        self.icons = runtime.theme.icons
        self.currencyCode = runtime.manifest.currencyCode
        self.session = session
        self.counter = counter
        state = Self.makeState(
            input: AppBarLayout.Input(session: session, betslip: counter.counter, settings: settings,
                                      icons: runtime.theme.icons, currencyCode: runtime.manifest.currencyCode,
                                      options: options),
            isVisible: false, route: nil)
        let listeners = self.listeners
        listeners.add(Task { [weak self] in
            for await session in sessions { await self?.receive(session) }
        })
        listeners.add(Task { [weak self] in
            for await count in counts { await self?.receive(betslipCount: count) }
        })
    }

    /// Every state from now on, starting with the current one.
    public func states() -> AsyncStream<AppBarState> {
        observers.stream(startingWith: state)
    }

    /// Applies `intent` and returns; a locker opening it schedules runs on
    /// until ``settle()`` returns.
    public func send(_ intent: AppBarIntent) {
        switch intent {
        case .tap(let id): tap(id)
        case .appeared: counter.appear()
        case .disappeared: counter.disappear()
        case .userTrayDismissed: overlays.isUserTrayOpen = false
        case .lockerDismissed: overlays.isLockerOpen = false
        case .routeHandled: route = nil
        }
        publish()
    }

    /// Waits until a scheduled locker opening has run (or was cancelled).
    /// With a ``VirtualClock``, advance it past the delay first.
    public func settle() async {
        while let opening = lockerOpening {
            await opening.task.value
        }
    }

    private func receive(_ newSession: ClientSession) {
        guard newSession != session else { return }
        if !newSession.isSignedIn {
            cancelLockerOpening()
            overlays = AppBarOverlays()
        }
        session = newSession
        publish()
    }

    private func receive(betslipCount: Int) {
        counter.receive(betslipCount)
        publish()
    }

    /// Rebuilds the state from its parts and tells every observer of a change.
    func publish() {
        let next = Self.makeState(
            input: AppBarLayout.Input(session: session, betslip: counter.counter, settings: settings, icons: icons,
                                      currencyCode: currencyCode, options: options, overlays: overlays),
            isVisible: counter.isVisible, route: route)
        guard next != state else { return }
        state = next
        observers.yield(next)
    }

    private static func makeState(input: AppBarLayout.Input, isVisible: Bool, route: AppBarRoute?) -> AppBarState {
        AppBarState(isSignedIn: input.session.isSignedIn, layout: AppBarLayout(input), style: input.settings.style,
                    overlays: input.overlays, isVisible: isVisible, route: route)
    }


    deinit {
        listeners.cancelAll()
        lockerOpening?.task.cancel()
    }
}
