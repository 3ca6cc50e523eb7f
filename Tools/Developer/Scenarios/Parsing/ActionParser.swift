import AddressLookupFeature
import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryCore

/// Turns one action step (`- focus: email`, `- wait: 300ms`, `- next`) into
/// an ``Action`` and the transcript's summary of it.
struct ActionParser {
    let context: ParseContext

    /// Steps written as a bare word.
    static let bareSteps = StepVerb.allCases.filter(\.standsAlone).map(\.rawValue)
    /// Steps written as `name: argument`.
    static let argumentSteps = StepVerb.allCases.filter(\.takesValue).map(\.rawValue)
    /// Every step name, for suggestions.
    static var allSteps: [String] { Array(Set(bareSteps + argumentSteps + ["expect"])).sorted() }

    /// A bare step such as `next`.
    func bare(_ name: String, at node: YAMLNode) throws(ScenarioInputError) -> (Action, String) {
        if StepVerb(rawValue: name)?.addressAction != nil, context.vocabulary.addressField == nil {
            throw context.error(node, "this brand's form has no address")
        }
        switch Action.bare(name) {
        case let action?: return (action, name)
        default:
            if Self.argumentSteps.contains(name) {
                throw context.error(node, "step '\(name)' needs a value, e.g. `\(name): …`")
            }
            throw context.error(node, "unknown step '\(name)'\(NameSuggestion.hint(for: name, in: Self.allSteps))")
        }
    }

    /// A step with an argument such as `focus: email`.
    func withArgument(_ name: String, _ value: YAMLNode, at node: YAMLNode) throws(ScenarioInputError) -> (
        Action, String
    ) {
        guard let verb = StepVerb(rawValue: name), verb.takesValue else {
            if Self.bareSteps.contains(name) {
                throw context.error(node, "step '\(name)' takes no value; write `- \(name)`")
            }
            throw context.error(node, "unknown step '\(name)'\(NameSuggestion.hint(for: name, in: Self.allSteps))")
        }
        switch verb {
        case .focus, .type, .fill, .choose, .toggle: return try typing(verb, value)
        case .tap, .depositLimit, .searchAddress, .selectAddress, .open, .alert: return try onTheForm(verb, value)
        default: return try inTheWorld(verb, value)
        }
    }

    /// A step that puts focus on an input or fills it: `focus`, `type`, `fill`, `choose`, `toggle`.
    private func typing(_ verb: StepVerb, _ value: YAMLNode) throws(ScenarioInputError) -> (Action, String) {
        switch verb {
        case .focus:
            let input = try context.input(value)
            if let refusal = context.vocabulary.focusRefusal(input) { throw context.error(value, refusal) }
            return (.join(.focus(input)), "focus \(input)")
        case .type:
            let entry = try context.single(value, "type")
            let input = try context.input(entry.key)
            let text = try context.text(entry.value, "the text")
            return (.join(.change(input, text)), "type \(input): \(shown(text, for: input))")
        case .fill:
            let entries = try context.mapping(value, "fill")
            var pairs: [(input: InputID, text: String)] = []
            for entry in entries {
                pairs.append((try context.input(entry.key), try context.text(entry.value, "the text")))
            }
            return (
                .fill(pairs),
                "fill " + pairs.map { "\($0.input): \(shown($0.text, for: $0.input))" }.joined(separator: ", ")
            )
        case .choose:
            let entry = try context.single(value, "choose")
            let input = try context.input(entry.key)
            guard let options = context.vocabulary.options(of: input) else {
                throw context.error(entry.key, "'\(input)' is not a drop-down; use `type` for text")
            }
            let option = try context.oneOf(entry.value, options, "option of '\(input)'")
            return (.join(.change(input, option)), "choose \(input): \(option)")
        default:  // toggle
            let input = try context.input(value)
            guard context.vocabulary.field(of: input)?.inputType == .checkbox, case .field(let field) = input else {
                throw context.error(value, "'\(input)' is not a tick box")
            }
            return (.join(.toggle(field)), "toggle \(input)")
        }
    }

    /// A step on the form's buttons, lookups and links: `tap`, `depositLimit`,
    /// `searchAddress`, `selectAddress`, `open`, `alert`.
    private func onTheForm(_ verb: StepVerb, _ value: YAMLNode) throws(ScenarioInputError) -> (Action, String) {
        switch verb {
        case .tap:
            let button = try context.oneOf(value, Action.tapButtons, "form button")
            return (Action.tap(button), "tap \(button)")
        case .depositLimit:
            guard context.vocabulary.depositLimitField != nil else {
                throw context.error(value, "this brand's form has no deposit limit")
            }
            let decision = try context.enumCase(value, DepositLimitDecision.self, "deposit-limit decision")
            return (.join(.chooseDepositLimit(decision)), "depositLimit: \(decision.rawValue)")
        case .searchAddress:
            guard let field = context.vocabulary.addressField else {
                throw context.error(value, "this brand's form has no address")
            }
            let text = try context.text(value, "the search text")
            return (.join(.change(.field(field), text)), "searchAddress: \(text)")
        case .selectAddress:
            _ = try address(.clear, value)
            let text = try context.text(value, "the suggestion")
            if let position = Int(text) {
                guard position >= 1 else { throw context.error(value, "suggestions are numbered from 1") }
                return (.selectAddress(.position(position)), "selectAddress: #\(position)")
            }
            return (.selectAddress(.text(text)), "selectAddress: \(text)")
        case .open:
            let link = try context.enumCase(value, JoinLink.self, "link")
            return (.join(.open(link)), "open \(link.rawValue)")
        default:  // alert
            let role = try context.enumCase(value, SystemAlert.Action.Role.self, "alert action")
            return (.join(.alertAction(role)), "alert: \(role.rawValue)")
        }
    }

    /// A step on the app bar or the world around the journey: `tapAppBar`,
    /// `appBar`, `wait`, `betslip`, `flag`, `faults`, `journey`, `signIn`.
    private func inTheWorld(_ verb: StepVerb, _ value: YAMLNode) throws(ScenarioInputError) -> (Action, String) {
        switch verb {
        case .tapAppBar:
            let id = try itemID(value)
            return (.appBar(.tap(id)), "tapAppBar \(id)")
        case .appBar:
            let names = Move.appBarEvents.map(\.rawValue)
            let word = try context.oneOf(value, names, "app bar event")
            let intent = AppBarIntent.Name(rawValue: word).flatMap(AppBarIntent.init) ?? .appeared
            return (.appBar(intent), "appBar: \(word)")
        case .wait:
            let duration = try context.duration(value)
            return (.wait(duration), "wait \(try context.text(value, "wait"))")
        case .betslip:
            let count = try context.int(value, "betslip")
            return (.betslip(count), "betslip: \(count)")
        case .flag:
            let flags = try flags(value)
            return (.flags(flags), "flag " + flags.map { "\($0.flag)=\($0.enabled)" }.joined(separator: ", "))
        case .faults:
            let plan = try GivenParser(context: context).faults(value)
            return (.faults(plan), "faults: " + (plan.isEmpty ? "none" : plan.specs.joined(separator: ", ")))
        case .journey:
            let name = try context.text(value, "journey")
            return (.journey(name), "journey: \(name)")
        default:  // signIn
            return try signIn(value)
        }
    }

    /// An app bar item id: one of the engine's ids, or `spacer-N`.
    func itemID(_ node: YAMLNode) throws(ScenarioInputError) -> AppBarItemID {
        let name = try context.text(node, "app bar item")
        if name.hasPrefix("spacer-"), Int(name.dropFirst("spacer-".count)) != nil {
            return AppBarItemID(rawValue: name)
        }
        return AppBarItemID(rawValue: try context.oneOf(node, Vocabulary.itemIDs.map(\.rawValue), "app bar item"))
    }

    private func signIn(_ value: YAMLNode) throws(ScenarioInputError) -> (Action, String) {
        let (details, _) = try clientDetails(value, allowingBetslip: false)
        return (.signIn(details), Action.signInSummary(details))
    }

    /// A signed-in client's details: `{ balance, pendingBets, promotionsBalance (or promotions), nickname, avatar }`,
    /// and in `given:` also the `betslip` count.
    func clientDetails(_ value: YAMLNode, allowingBetslip: Bool) throws(ScenarioInputError) -> (ClientDetails, Int?) {
        var details = ClientDetails(balance: 0)
        var nickname: String?
        var avatar: String?
        var betslip: Int?
        let keys =
            ["balance", "pendingBets", "promotionsBalance", "promotions", "nickname", "avatar"]
            + (allowingBetslip ? ["betslip"] : [])
        for entry in try context.mapping(value, "signIn") {
            switch try context.oneOf(entry.key, keys, "signIn detail") {
            case "balance": details.balance = try context.decimal(entry.value, "balance")
            case "pendingBets": details.pendingBetsCount = try context.int(entry.value, "pendingBets")
            case "promotionsBalance", "promotions":
                details.promotionsBalance = try context.int(entry.value, "promotionsBalance")
            case "nickname": nickname = try context.text(entry.value, "nickname")
            case "betslip": betslip = try context.int(entry.value, "betslip")
            default: avatar = try context.text(entry.value, "avatar")
            }
        }
        if let nickname { details.socialProfile = SocialProfile(nickname: nickname, avatar: avatar) }
        return (details, betslip)
    }

    /// Flags: `{ login-native: false, betslip-native: true }`.
    func flags(_ value: YAMLNode) throws(ScenarioInputError) -> [(flag: FeatureFlag, enabled: Bool)] {
        var flags: [(flag: FeatureFlag, enabled: Bool)] = []
        for entry in try context.mapping(value, "flag") {
            let name = try context.oneOf(entry.key, Vocabulary.flags.map(\.rawValue), "flag")
            flags.append((FeatureFlag(rawValue: name), try context.bool(entry.value, "flag '\(name)'")))
        }
        return flags
    }

    /// An address action, or an error when the brand's form has no address.
    private func address(_ intent: AddressLookupIntent, _ node: YAMLNode) throws(ScenarioInputError) -> Action {
        guard context.vocabulary.addressField != nil else {
            throw context.error(node, "this brand's form has no address")
        }
        return .join(.address(intent))
    }

    /// The text as the transcript shows it: a password is masked.
    private func shown(_ text: String, for input: InputID) -> String {
        context.vocabulary.isSecret(input) ? String(repeating: "•", count: 4) : text
    }
}
