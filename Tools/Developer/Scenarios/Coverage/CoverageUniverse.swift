import AddressLookupFeature
import AppBarFeature
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// Everything a brand's engines can produce, by coverage category: what its
/// scenarios are measured against. Derived from the brand's configuration —
/// its form definition (fields and their rules), its region, its app-bar
/// promotions entry and its alerts — so a brand is not asked to reach what
/// it cannot show (a locker without a locker, a register where there is none).
struct CoverageUniverse: Sendable {
    let items: [CoverageCategory: Set<String>]

    init(_ configuration: BrandConfiguration) {
        let definition = configuration.bundledDefinition
        let promotions = configuration.appBar.promotions
        let alerts = configuration.join.alerts
        let register = configuration.checksSelfExclusionRegister
        let hasAddress = definition.fields.contains { $0.inputType == .address }
        let hasDepositLimit = definition.fields.contains { $0.inputType == .depositLimit }
        let hasTick = definition.fields.contains { $0.inputType.holdsTick }

        // Every id below that an engine enumerates is taken from it, so a new link, alert or
        // action is counted as soon as it exists; the filters say which a brand can reach.
        let links = JoinLink.allCases.filter { $0 != .selfExclusionRegister || register }
        let alertRoles = SystemAlert.Action.Role.allCases.filter { $0 != .openSelfExclusionRegister || register }
        // Every intent, route and event name comes from its engine's table; each switch
        // below is exhaustive, so a new name must be placed before this compiles.
        var intents: Set<String> = []
        for name in JoinIntent.Name.allCases {
            switch name {
            case .focus, .unfocus, .change, .next, .continue, .dismissAlert, .routeHandled:
                intents.insert("join.\(name.rawValue)")
            case .back where definition.pages.count > 1, .toggle where hasTick:
                intents.insert("join.\(name.rawValue)")
            case .back, .toggle: break
            case .open: intents.formUnion(links.map { "join.open.\($0.rawValue)" })
            case .alertAction: intents.formUnion(alertRoles.map { "join.alertAction.\($0.rawValue)" })
            case .chooseDepositLimit where hasDepositLimit:
                intents.formUnion(DepositLimitDecision.allCases.map { "join.chooseDepositLimit.\($0.rawValue)" })
            case .chooseDepositLimit: break
            case .address where hasAddress:
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
                    case .locker, .toolbox: promotions.itemID == item
                    default: true
                    }
                }
                intents.formUnion(items.map { "appBar.tap.\($0.rawValue)" })
            case .lockerDismissed where promotions.itemID != .locker: break
            case .appeared, .disappeared, .userTrayDismissed, .lockerDismissed, .routeHandled:
                intents.insert("appBar.\(name.rawValue)")
            }
        }

        var routes = Set(JoinRoute.Name.allCases.map { "join.\($0.rawValue)" })
        routes.formUnion(
            AppBarRoute.allCases.filter { $0 != .toolbox || promotions.itemID == .toolbox }.map {
                "appBar.\($0.rawValue)"
            })

        let alertKinds = Set(
            SystemAlert.Kind.allCases.filter { kind in
                switch kind {
                case .selfExcluded: register
                case .configured: !alerts.byRuleCode.isEmpty
                case .checkFailed, .signUpFailed, .detailsRejected: true
                }
            }.map(\.rawValue))
        let alertActions = Set(alertRoles.map(\.rawValue))

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

        var events: Set<String> = []
        for event in JoinEvent.allCases {
            switch event {
            case .checkboxToggled where !hasTick, .depositLimitChosen where !hasDepositLimit,
                .addressAction where !hasAddress:
                continue
            case .continued:
                events.formUnion(["valid", "invalid", "error"].map { "\(event.rawValue):\($0)" })
            case .signUp:
                events.formUnion(
                    ["created", "rejected", "already_registered", "failed"].map { "\(event.rawValue):\($0)" })
                if register { events.insert("\(event.rawValue):self_excluded") }
            case .focusChanged, .checkboxToggled, .depositLimitChosen, .addressAction, .linkOpened, .pageShown,
                .alertShown, .alertAction:
                break
            }
            events.insert(event.rawValue)
        }
        events.formUnion(AppBarEvent.allCases.map(\.rawValue))

        self.items = [
            .intents: intents, .routes: routes, .alerts: alertKinds, .alertActions: alertActions,
            .fieldStates: fieldStates, .ruleCodes: ruleCodes, .events: events,
        ]
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
