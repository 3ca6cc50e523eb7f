import LiveryCore

/// The app bar's logic as a value: intents in, ``AppBarState`` out.
///
/// Each screen creates its own app bar (`Runtime/appBar(options:)`). It
/// starts from the latest client details and betslip count the runtime's
/// services know, so a new screen's bar is complete from its first state,
/// then follows their updates. Side effects go only through the runtime's
/// services: flags choose routes, taps go to analytics, and the locker's
/// delay waits on the runtime's clock.
///
/// ```swift
/// let bar = runtime.appBar()
/// bar.send(.appeared)
/// bar.send(.tap(.betslip))
/// bar.state.route   // .nativeBetslip or .legacyBetslip
/// ```
public struct AppBar: StateMachine {
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
    /// The generation of the scheduled locker opening, if one is scheduled:
    /// an opening that was cancelled and wakes anyway changes nothing.
    var lockerOpening: Int?
    var lockerGeneration = 0

    static let sessionID: EffectID = "session"
    static let betslipID: EffectID = "betslip"
    static let lockerID: EffectID = "locker"

    /// An app bar for the runtime's brand, settings and services.
    public init(runtime: Runtime, options: AppBarOptions = AppBarOptions()) {
        let services = runtime.services
        let settings = runtime.settings[AppBarSettings.Key.self]
        self.services = services
        self.settings = settings
        self.options = options
        icons = runtime.theme.icons
        currencyCode = runtime.manifest.currencyCode
        session = services.clientDetails.latest
        counter = BetslipCounterRule(count: services.betslipCount.latestCount)
        state = Self.makeState(
            input: AppBarLayout.Input(
                session: session, betslip: counter.counter, settings: settings, icons: icons,
                currencyCode: currencyCode, options: options),
            isVisible: false, route: nil)
    }

    /// Follows the client session and the betslip count.
    public func start() -> [Effect<AppBarFeedback>] {
        let details = services.clientDetails
        let betslip = services.betslipCount
        return [
            .follow(Self.sessionID, current: { AppBarFeedback(kind: .session(details.latest)) }) { notify in
                for await _ in details.sessions() { await notify() }
            },
            .follow(Self.betslipID, current: { AppBarFeedback(kind: .betslipCount(betslip.latestCount)) }) { notify in
                for await _ in betslip.counts() { await notify() }
            },
        ]
    }

    /// Applies `intent`; a locker opening it schedules is an effect on the runtime's clock.
    public mutating func send(_ intent: AppBarIntent) -> [Effect<AppBarFeedback>] {
        var effects: [Effect<AppBarFeedback>] = []
        switch intent {
        case .tap(let id): tap(id, &effects)
        case .appeared: counter.appear()
        case .disappeared: counter.disappear()
        case .userTrayDismissed: overlays.isUserTrayOpen = false
        case .lockerDismissed: overlays.isLockerOpen = false
        case .routeHandled: route = nil
        }
        publish()
        return effects
    }

    /// Takes a new session or betslip count, or opens a locker whose delay has passed.
    public mutating func receive(_ feedback: AppBarFeedback) -> [Effect<AppBarFeedback>] {
        var effects: [Effect<AppBarFeedback>] = []
        switch feedback.kind {
        case .session(let newSession):
            guard newSession != session else { return [] }
            if !newSession.isSignedIn {
                cancelLockerOpening(&effects)
                overlays = AppBarOverlays()
            }
            session = newSession
        case .betslipCount(let count):
            counter.receive(count)
        case .lockerDue(let generation):
            guard lockerOpening == generation else { return [] }
            lockerOpening = nil
            overlays.isLockerOpening = false
            overlays.isLockerOpen = true
        }
        publish()
        return effects
    }

    /// Rebuilds the state from its parts.
    private mutating func publish() {
        let next = Self.makeState(
            input: AppBarLayout.Input(
                session: session, betslip: counter.counter, settings: settings, icons: icons,
                currencyCode: currencyCode, options: options, overlays: overlays),
            isVisible: counter.isVisible, route: route)
        if next != state { state = next }
    }

    private static func makeState(input: AppBarLayout.Input, isVisible: Bool, route: AppBarRoute?) -> AppBarState {
        AppBarState(
            isSignedIn: input.session.isSignedIn, layout: AppBarLayout(input), style: input.settings.style,
            overlays: input.overlays, isVisible: isVisible, route: route)
    }
}

/// The outcome of an app bar's own work, fed back by whoever runs its
/// effects. Opaque: only the app bar makes and reads it.
public struct AppBarFeedback: Sendable {
    enum Kind: Sendable {
        /// The client session now.
        case session(ClientSession)
        /// The betslip count now.
        case betslipCount(Int)
        /// The locker opening scheduled as this generation is due.
        case lockerDue(Int)
    }

    let kind: Kind
}

/// What a head holds for one screen's app bar: state read synchronously,
/// intents applied in order, session and betslip updates followed (see `Store`).
public typealias AppBarStore = Store<AppBar>
