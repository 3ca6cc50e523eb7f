import AddressLookupFeature
import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// Everything a preview page draws, made from the states the stores publish:
/// the join form, the app bar, the side panel's world, the analytics sent
/// and the recorder. Sent to the page as JSON after every change.
struct Screen: Encodable, Equatable {
    let session: String
    let brand: String
    let join: Join
    let appBar: Bar
    let panel: Panel
    let events: [Event]
    let recorder: RecorderState

    struct Join: Encodable, Equatable {
        let page: String
        let pageNumber: Int
        let pageCount: Int
        let rows: [[String]]
        let fields: [Field]
        let focus: String?
        let focusOrder: [String]
        let scrollTarget: String?
        let keyboard: String?
        let callToAction: String
        let callToActionEnabled: Bool
        let showsProgress: Bool
        let progress: Int
        let loading: Bool
        let alert: Alert?
        let route: String?
        let address: Address?
        let depositLimit: DepositLimit?
        let canGoBack: Bool
    }

    struct Field: Encodable, Equatable {
        let id: String
        let label: String
        let inputType: String
        let display: String
        let ticked: Bool?
        let status: String
        let messages: [String]
        let validating: Bool
        let enabled: Bool
        let required: Bool
        let secure: Bool
        let keyboard: String
        let capitalisation: String
        let limit: Int?
        let options: [String]?
        /// The format's hint (e.g. `DD/MM/YYYY`), shown before any error.
        let hint: String?
    }

    struct Child: Encodable, Equatable {
        let id: String
        let label: String
        let value: String
        let status: String
        let messages: [String]
        let required: Bool
        let focusable: Bool
        let options: [String]?
    }

    struct Alert: Encodable, Equatable {
        let kind: String
        let title: String
        let message: String
        let actions: [Action]
        struct Action: Encodable, Equatable {
            let title: String
            let role: String
        }
    }

    struct Address: Encodable, Equatable {
        let field: String
        let mode: String
        let searchText: String
        let listVisible: Bool
        let searching: Bool
        let suggestions: [String]
        let chosen: String?
        let manual: [Child]
        let failure: String?
    }

    struct DepositLimit: Encodable, Equatable {
        let field: String
        let decision: String
        let children: [Child]
    }

    struct Bar: Encodable, Equatable {
        let signedIn: Bool
        let visible: Bool
        let left: [Item]
        let centre: [Item]
        let right: [Item]
        let userTray: Bool
        let locker: String
        let route: String?
    }

    struct Item: Encodable, Equatable {
        let id: String
        /// What the item is called, for its tooltip and spoken label (`pendingBets` → `Pending bets`).
        let name: String
        let icon: String?
        let text: String?
        let badge: Int?
        let enabled: Bool
        let active: Bool
        let animates: Bool
        let spacer: Bool
    }

    struct Panel: Encodable, Equatable {
        let signedIn: Bool
        let balance: String
        let pendingBets: Int
        let promotionsBalance: Int
        let betslip: Int
        let flags: [String: Bool]
        let faults: [String]
        let backend: String?
    }

    struct Event: Encodable, Equatable {
        let name: String
        let properties: [String: String]
    }

    struct RecorderState: Encodable, Equatable {
        let recording: Bool
        let steps: Int
        let text: String
        let saved: String?
    }
}

extension Screen {
    /// The screen of `join` and `appBar` in `world`, the panel showing the
    /// world's session, betslip, flags (over the brand's `flagDefaults`) and faults.
    init(
        session: String, brand: String, locale: String, join: JoinState, appBar: AppBarState, world: EmbeddedWorld,
        flagDefaults: [FeatureFlag: Bool], backend: HTTPServiceConfiguration?, recorder: RecorderState,
        events: [Event]? = nil
    ) {
        self.init(
            session: session, brand: brand, join: Join(join), appBar: Bar(appBar, locale: Locale(identifier: locale)),
            panel: Panel(world: world, flagDefaults: flagDefaults, backend: backend),
            events: events ?? Self.events(of: world),
            recorder: recorder)
    }
}

extension Screen.Panel {
    /// The panel showing `world`'s session, betslip, flags (over the brand's `flagDefaults`) and faults.
    init(world: EmbeddedWorld, flagDefaults: [FeatureFlag: Bool], backend: HTTPServiceConfiguration?) {
        let details: ClientDetails? = if case .signedIn(let details) = world.session.latest { details } else { nil }
        self.init(
            signedIn: details != nil,
            balance: (details?.balance ?? 0).formatted(.number.precision(.fractionLength(2)).grouping(.never)),
            pendingBets: details?.pendingBetsCount ?? 0, promotionsBalance: details?.promotionsBalance ?? 0,
            betslip: world.betslip.latestCount,
            flags: Dictionary(
                uniqueKeysWithValues: FeatureFlag.known.map { flag in
                    (flag.rawValue, world.flags.value(of: flag) ?? flagDefaults[flag] ?? false)
                }),
            faults: world.faults.plan.specs, backend: backend?.baseURL.absoluteString)
    }
}

extension Screen {
    /// The newest analytics events the world recorded, as the page lists them.
    static func events(of world: EmbeddedWorld) -> [Event] {
        world.analytics.events.suffix(40).map { event in
            Event(name: event.name, properties: event.properties.mapValues { "\($0.value)" })
        }
    }
}

extension Screen.Join {
    init(_ state: JoinState) {
        page = state.page.name
        pageNumber = state.pageIndex + 1
        pageCount = state.pages.count
        rows = state.page.rows.map { $0.map(\.rawValue) }
        fields = state.page.fieldNames.compactMap { state.field($0) }.map(Screen.Field.init)
        focus = state.focus?.description
        focusOrder = state.focusOrder.map(\.description)
        scrollTarget = state.scrollTarget?.description
        keyboard = state.keyboardAction?.rawValue
        callToAction = state.callToAction.purpose.rawValue
        callToActionEnabled = state.callToAction.isEnabled
        showsProgress = state.callToAction.showsProgress
        progress = Int((state.progress * 100).rounded())
        loading = state.isLoading
        alert = state.alert.map { alert in
            Screen.Alert(
                kind: alert.kind.rawValue, title: alert.title, message: alert.message,
                actions: alert.actions.map { Screen.Alert.Action(title: $0.title, role: $0.role.rawValue) })
        }
        route = state.route?.name.rawValue
        let onPage = Set(state.page.fieldNames)
        if let lookup = state.address, let field = state.fields.first(where: { $0.inputType == .address }),
            onPage.contains(field.name)
        {
            address = Screen.Address(lookup, field: field.name.rawValue)
        } else {
            address = nil
        }
        if let limit = state.depositLimit, let field = state.fields.first(where: { $0.inputType == .depositLimit }),
            onPage.contains(field.name)
        {
            depositLimit = Screen.DepositLimit(
                field: field.name.rawValue, decision: limit.decision.rawValue,
                children: limit.visibleChildren.map { Screen.Child($0, parent: field.name.rawValue) })
        } else {
            depositLimit = nil
        }
        canGoBack = state.pageIndex > 0
    }
}

extension Screen.Field {
    init(_ field: JoinFieldState) {
        id = field.name.rawValue
        label = Screen.label(field.name.rawValue)
        inputType = field.inputType.rawValue
        display = field.displayValue
        if case .tick(let ticked) = field.value { self.ticked = ticked } else { ticked = nil }
        status = field.status.kind.rawValue
        messages = field.messages
        validating = field.isValidating
        enabled = field.isEnabled
        required = field.traits.isRequired
        secure = field.traits.isSecure
        keyboard = field.traits.keyboard.rawValue
        capitalisation = field.traits.capitalisation.rawValue
        limit = field.traits.inputLimit
        options = field.options
        hint = field.traits.format.hint
    }
}

extension Screen.Child {
    init(_ child: ChildInputState, parent: String) {
        id = "\(parent).\(child.key)"
        label = Screen.label(child.key)
        value = child.value
        status = child.status.kind.rawValue
        messages = child.messages
        required = child.isRequired
        focusable = child.isFocusable
        options = child.options
    }
}

extension Screen.Address {
    init(_ lookup: AddressLookupState, field: String) {
        self.field = field
        mode = lookup.mode == .search ? "search" : "manual"
        searchText = lookup.searchText
        listVisible = lookup.isListVisible
        searching = lookup.isSearching || lookup.isRetrieving
        suggestions = lookup.suggestions.map(\.text)
        chosen = lookup.address.map { $0.singleLine }
        manual =
            lookup.mode == .search
            ? []
            : lookup.manualFields.map { manual in
                Screen.Child(
                    id: "\(field).\(manual.field.rawValue)", label: Screen.label(manual.field.rawValue),
                    value: manual.value,
                    status: manual.status.kind.rawValue, messages: manual.status.violations.map(\.message),
                    required: manual.isRequired,
                    focusable: manual.options == nil, options: manual.options)
            }
        failure = lookup.failure.map { "\($0)" }
    }
}

extension Screen.Bar {
    /// The bar of `state`, amounts written as `locale` writes them.
    init(_ state: AppBarState, locale: Locale) {
        signedIn = state.isSignedIn
        visible = state.isVisible
        left = state.layout.left.map { Screen.Item($0, locale: locale) }
        centre = state.layout.centre.map { Screen.Item($0, locale: locale) }
        right = state.layout.right.map { Screen.Item($0, locale: locale) }
        userTray = state.overlays.isUserTrayOpen
        locker = state.overlays.isLockerOpen ? "open" : state.overlays.isLockerOpening ? "opening" : "closed"
        route = state.route?.rawValue
    }
}

extension Screen.Item {
    init(_ item: AppBarItem, locale: Locale) {
        id = item.id.rawValue
        name = Screen.label(item.id.rawValue)
        icon = item.iconAsset
        badge = item.badge?.count
        enabled = item.isEnabled
        active = item.isActive
        spacer = item.content == .spacer
        var animates = false
        switch item.content {
        case .icon, .logo: text = nil
        case .label: text = Screen.label(item.id.rawValue)
        case .balance(let amount, let currency):
            text = amount.formatted(.currency(code: currency).locale(locale))
        case .counter(let counter):
            text = "\(counter.value)"
            animates = counter.animatesChange
        case .avatar(let profile): text = profile?.nickname
        case .title(let title): text = title
        case .spacer: text = nil
        }
        self.animates = animates
    }
}

extension Screen {
    /// A readable label for an engine id: `firstName` → `First name`, `address.postcode` → `Postcode`.
    static func label(_ id: String) -> String {
        let key = id.split(separator: ".").last.map(String.init) ?? id
        var words: [String] = []
        var current = ""
        for character in key {
            if character.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        let sentence = words.map { $0.lowercased() }.joined(separator: " ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst()
    }
}
