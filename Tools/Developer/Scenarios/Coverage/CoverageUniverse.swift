import AddressLookupFeature
import AppBarFeature
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// Everything a brand's engines can produce, by coverage category: what its
/// scenarios are measured against. Derived from the brand's configuration —
/// its form definition (fields and their rules), its market, its app-bar
/// promotions entry and its alerts — so a brand is not asked to reach what
/// it cannot show (a locker without a locker, a register where there is none).
struct CoverageUniverse: Sendable {
    let items: [CoverageCategory: Set<String>]

    init(_ configuration: BrandConfiguration) {
        let brand = Reachable(configuration)
        let (fieldStates, ruleCodes) = Self.fields(of: configuration.bundledDefinition)
        items = [
            .intents: Self.intents(brand), .routes: Self.routes(brand), .alerts: Self.alerts(brand),
            .alertActions: Set(brand.alertRoles.map(\.rawValue)), .fieldStates: fieldStates, .ruleCodes: ruleCodes,
            .events: Self.events(brand),
        ]
    }

    /// What a brand's configuration lets its journeys reach. Every id an engine
    /// enumerates is taken from it, so a new link, alert or action is counted
    /// as soon as it exists; the filters say which a brand can reach.
    private struct Reachable {
        let pages: Int
        let hasAddress, hasDepositLimit, hasTick, checksRegister, hasConfiguredAlerts: Bool
        let promotions: AppBarItemID?
        let links: [JoinLink]
        let alertRoles: [SystemAlert.Action.Role]

        init(_ configuration: BrandConfiguration) {
            let definition = configuration.bundledDefinition
            pages = definition.pages.count
            hasAddress = definition.fields.contains { $0.inputType == .address }
            hasDepositLimit = definition.fields.contains { $0.inputType == .depositLimit }
            hasTick = definition.fields.contains { $0.inputType.holdsTick }
            let register = configuration.checksSelfExclusionRegister
            checksRegister = register
            hasConfiguredAlerts = !configuration.join.alerts.byRuleCode.isEmpty
            promotions = configuration.appBar.promotions.itemID
            links = JoinLink.allCases.filter { $0 != .selfExclusionRegister || register }
            alertRoles = SystemAlert.Action.Role.allCases.filter { $0 != .openSelfExclusionRegister || register }
        }
    }

    // Every intent, route and event name comes from its engine's table; each switch
    // below is exhaustive, so a new name must be placed before this compiles.

    private static func intents(_ brand: Reachable) -> Set<String> {
        var intents: Set<String> = []
        for name in JoinIntent.Name.allCases {
            switch name {
            case .focus, .unfocus, .change, .next, .continue, .dismissAlert, .routeHandled:
                intents.insert("join.\(name.rawValue)")
            case .back where brand.pages > 1, .toggle where brand.hasTick:
                intents.insert("join.\(name.rawValue)")
            case .back, .toggle: break
            case .open: intents.formUnion(brand.links.map { "join.open.\($0.rawValue)" })
            case .alertAction: intents.formUnion(brand.alertRoles.map { "join.alertAction.\($0.rawValue)" })
            case .chooseDepositLimit where brand.hasDepositLimit:
                intents.formUnion(DepositLimitDecision.allCases.map { "join.chooseDepositLimit.\($0.rawValue)" })
            case .chooseDepositLimit: break
            case .address where brand.hasAddress:
                // Leaving or checking a manual part happens inside a focus move or a continue, never alone.
                intents.formUnion(
                    AddressLookupIntent.Name.allCases.filter { $0 != .leaveManual && $0 != .validateManual }.map {
                        "join.address.\($0.rawValue)"
                    })
            case .address: break
            }
        }
        for name in AppBarIntent.Name.allCases {
            switch name {
            case .tap:
                let items = AppBarItemID.allCases.filter { item in
                    switch item {
                    case .logo, .title: false  // drawn, never tapped
                    case .locker, .toolbox: brand.promotions == item
                    default: true
                    }
                }
                intents.formUnion(items.map { "appBar.tap.\($0.rawValue)" })
            case .lockerDismissed where brand.promotions != .locker: break
            case .appeared, .disappeared, .userTrayDismissed, .lockerDismissed, .routeHandled:
                intents.insert("appBar.\(name.rawValue)")
            }
        }

        return intents
    }

    private static func routes(_ brand: Reachable) -> Set<String> {
        var routes = Set(JoinRoute.Name.allCases.map { "join.\($0.rawValue)" })
        routes.formUnion(
            AppBarRoute.allCases.filter { $0 != .toolbox || brand.promotions == .toolbox }.map {
                "appBar.\($0.rawValue)"
            })

        return routes
    }

    private static func alerts(_ brand: Reachable) -> Set<String> {
        Set(
            SystemAlert.Kind.allCases.filter { kind in
                switch kind {
                case .selfExcluded: brand.checksRegister
                case .configured: brand.hasConfiguredAlerts
                case .checkFailed, .signUpFailed, .detailsRejected: true
                }
            }.map(\.rawValue))

    }

    /// Each field in each status it can take, and each rule code it can show.
    private static func fields(of definition: FormDefinition) -> (states: Set<String>, codes: Set<String>) {
        var fieldStates: Set<String> = []
        var ruleCodes: Set<String> = []
        for field in definition.fields {
            let name = field.name.rawValue
            let codes = Self.codes(of: field, depositLimitRequired: field.validate.mandatory)
            fieldStates.insert("\(name):valid")
            if field.validate.mandatory { fieldStates.insert("\(name):unknown") }
            if !codes.isEmpty { fieldStates.insert("\(name):invalid") }
            if field.inputType == .address || field.validate.custom.contains(where: { $0.kind == .usernameAvailable }) {
                fieldStates.insert("\(name):error")
            }
            ruleCodes.formUnion(codes.map { "\(name):\($0)" })
        }

        return (fieldStates, ruleCodes)
    }

    private static func events(_ brand: Reachable) -> Set<String> {
        var events: Set<String> = []
        for event in JoinEvent.allCases {
            switch event {
            case .checkboxToggled where !brand.hasTick, .depositLimitChosen where !brand.hasDepositLimit,
                .addressAction where !brand.hasAddress:
                continue
            case .continued:
                events.formUnion(["valid", "invalid", "error"].map { "\(event.rawValue):\($0)" })
            case .signUp:
                events.formUnion(
                    ["created", "rejected", "already_registered", "failed"].map { "\(event.rawValue):\($0)" })
                if brand.checksRegister { events.insert("\(event.rawValue):self_excluded") }
            case .focusChanged, .checkboxToggled, .depositLimitChosen, .addressAction, .linkOpened, .pageShown,
                .alertShown, .alertAction:
                break
            }
            events.insert(event.rawValue)
        }
        events.formUnion(AppBarEvent.allCases.map(\.rawValue))

        return events
    }

    /// The rule codes a field can show, from its definition.
    static func codes(of field: FieldDefinition, depositLimitRequired: Bool) -> [String] {
        let validate = field.validate
        switch field.inputType {
        case .address:
            return (validate.mandatory ? ["required"] : []) + ["address.notChosen", "postcode.format"]
        case .depositLimit:
            return (depositLimitRequired ? ["depositLimit.decision"] : []) + ["depositLimit.amount", "required"]
        case .checkbox:
            return validate.mandatory ? ["consent.required"] : []
        default:
            break
        }
        var codes: [String] = validate.mandatory ? ["required"] : []
        // A maximum alone cannot be broken by typing: the field's input limit stops the text there.
        switch (validate.minLength, validate.maxLength) {
        case (.some, .some): codes.append("length.range")
        case (.some, nil): codes.append("length.min")
        case (nil, _): break
        }
        for rule in validate.custom {
            if let code = rule.code {
                codes.append(code)
                continue
            }
            switch rule.kind {
            case .regex?: codes.append("pattern.mismatch")
            case .email?: codes.append("email.format")
            case .mobile?: codes.append("mobile.format")
            case .postcode?: codes.append("postcode.format")
            case .minimumAge?: codes += ["age.minimum", "date.invalid"]
            case .passwordStrength?: codes.append("password.strength")
            case .oneOf?: codes.append("choice.invalid")
            case .usernameAvailable?: codes.append("username.taken")
            case nil: break
            }
        }
        return codes
    }
}

/// A brand's journey coverage: what its scenarios reached against everything
/// its engines can produce, per category, with what was not reached.
public struct JourneyCoverage: Sendable, Equatable {
    /// One category's figures.
    public struct Line: Sendable, Equatable, Codable {
        /// What kind of thing the line counts (alerts, routes, rule codes…).
        public let category: CoverageCategory
        /// How many of its items were reached.
        public let reached: Int
        /// How many items it has.
        public let total: Int
        /// The items not reached, sorted.
        public let unreached: [String]
    }

    /// The id of the brand whose scenarios were counted.
    public let brand: String
    /// One line per category, in ``CoverageCategory`` order.
    public let lines: [Line]

    init(brand: String, universe: CoverageUniverse, reach: Reach) {
        self.brand = brand
        lines = CoverageCategory.allCases.map { category in
            let all = universe.items[category] ?? []
            let reached = all.intersection(reach.items[category] ?? [])
            return Line(
                category: category, reached: reached.count, total: all.count,
                unreached: all.subtracting(reached).sorted())
        }
    }

    /// Everything reached over everything there is.
    public var share: Double {
        let total = lines.reduce(0) { $0 + $1.total }
        return total == 0 ? 1 : Double(lines.reduce(0) { $0 + $1.reached }) / Double(total)
    }
}
