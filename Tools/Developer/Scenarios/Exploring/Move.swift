import AddressLookupFeature
import AppBarFeature
import BrandDeclarations
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// One step of a journey the explorer draws: something a person (or the
/// world) does, in the words of a scenario file. Each move is both a step
/// the runner carries out and the line of YAML that says it, so a journey
/// found at random is written back as a file `livery run` reads the same way.
enum Move: Hashable, Sendable {
    /// Focuses the input, types the text and leaves it (`fill`).
    case fill(InputID, String)
    /// Types into the input without leaving it (`type`).
    case type(InputID, String)
    /// Puts focus on the input.
    case focus(InputID)
    /// Picks an option of a drop-down.
    case choose(InputID, String)
    /// Ticks or unticks a tick box.
    case toggle(FieldName)
    /// A step written as a bare word: `next`, `unfocus`, `dismissAlert`, `routeHandled`, `signOut`,
    /// `submitAddress`, `enterAddressManually`, `clearAddress`, `closeAddressList`, `backToAddressSearch`.
    case bare(StepVerb)
    /// Taps a form button: `continue`, `signUp` or `back`.
    case tap(String)
    /// Answers the deposit-limit question.
    case depositLimit(DepositLimitDecision)
    /// Types a search into the address field.
    case searchAddress(String)
    /// Chooses the address suggestion at this position, from 1.
    case selectAddress(Int)
    /// Opens a link of the form.
    case open(JoinLink)
    /// Answers the alert shown.
    case alert(SystemAlert.Action.Role)
    /// Taps an app bar item.
    case tapAppBar(AppBarItemID)
    /// Tells the app bar it appeared, disappeared, or that an overlay or route was dealt with.
    case appBar(AppBarIntent.Name)
    /// Lets time pass on the virtual clock.
    case wait(Duration)
    /// Signs a client in with this balance.
    case signIn(balance: Int)
    /// Sets the betslip count.
    case betslip(Int)
    /// Sets a feature flag.
    case flag(FeatureFlag, Bool)
    /// Replaces the faults of the journey's calls (fault plan values, e.g. `create-client=timeout`).
    case faults([String])

    /// The app bar intents a move may send besides taps, by name (in name order, so a seed draws the same).
    static let appBarEvents = AppBarIntent.Name.allCases.filter { $0 != .tap }.sorted { $0.rawValue < $1.rawValue }

    /// Whether the move is a wait.
    var isWait: Bool {
        if case .wait = self { true } else { false }
    }

    /// The input or field a move types, chooses or ticks into, if any.
    var typedInput: InputID? {
        switch self {
        case .fill(let input, _), .type(let input, _), .choose(let input, _): input
        case .toggle(let field): .field(field)
        default: nil
        }
    }

    /// The move as one step of a scenario file, e.g. `- fill: { email: "pat@example.com" }`.
    var yaml: String {
        switch self {
        case .fill(let input, let text): "- fill: { \(input): \(YAMLText.quoted(text)) }"
        case .type(let input, let text): "- type: { \(input): \(YAMLText.quoted(text)) }"
        case .focus(let input): "- focus: \(input)"
        case .choose(let input, let option): "- choose: { \(input): \(YAMLText.quoted(option)) }"
        case .toggle(let field): "- toggle: \(field)"
        case .bare(let verb): "- \(verb.line())"
        case .tap(let button): "- tap: \(button)"
        case .depositLimit(let decision): "- depositLimit: \(decision.rawValue)"
        case .searchAddress(let text): "- searchAddress: \(YAMLText.quoted(text))"
        case .selectAddress(let position): "- selectAddress: \(position)"
        case .open(let link): "- open: \(link.rawValue)"
        case .alert(let role): "- alert: \(role.rawValue)"
        case .tapAppBar(let id): "- tapAppBar: \(id.rawValue)"
        case .appBar(let event): "- \(StepVerb.appBar.line(event.rawValue))"
        case .wait(let duration): "- wait: \(DurationText.wholeMilliseconds(duration))ms"
        case .signIn(let balance): "- signIn: { balance: \(balance) }"
        case .betslip(let count): "- betslip: \(count)"
        case .flag(let flag, let enabled): "- flag: { \(flag.rawValue): \(enabled) }"
        case .faults(let specs): "- faults: [" + specs.map(YAMLText.quoted).joined(separator: ", ") + "]"
        }
    }

    /// The step the runner carries out for this move, on the brand `vocabulary` describes; `line` places
    /// it in the file the journey would be written as. Summaries read as the parser's do.
    func step(line: Int, vocabulary: Vocabulary) -> Step {
        let (action, summary) = actionAndSummary(vocabulary)
        return Step(line: line, summary: summary, kind: .action(action))
    }

    private func actionAndSummary(_ vocabulary: Vocabulary) -> (Action, String) {
        func shown(_ text: String, _ input: InputID) -> String {
            vocabulary.isSecret(input) ? String(repeating: "•", count: 4) : text
        }
        switch self {
        case .fill(let input, let text): return (.fill([(input, text)]), "fill \(input): \(shown(text, input))")
        case .type(let input, let text): return (.join(.change(input, text)), "type \(input): \(shown(text, input))")
        case .focus(let input): return (.join(.focus(input)), "focus \(input)")
        case .choose(let input, let option): return (.join(.change(input, option)), "choose \(input): \(option)")
        case .toggle(let field): return (.join(.toggle(field)), "toggle \(field)")
        case .bare(let verb): return (Action.bare(verb.rawValue) ?? .settle, verb.rawValue)
        case .tap(let button): return (Action.tap(button), "tap \(button)")
        case .depositLimit(let decision):
            return (.join(.chooseDepositLimit(decision)), "depositLimit: \(decision.rawValue)")
        case .searchAddress(let text):
            return (.join(.change(.field(vocabulary.addressField ?? "address"), text)), "searchAddress: \(text)")
        case .selectAddress(let position): return (.selectAddress(.position(position)), "selectAddress: #\(position)")
        case .open(let link): return (.join(.open(link)), "open \(link.rawValue)")
        case .alert(let role): return (.join(.alertAction(role)), "alert: \(role.rawValue)")
        case .tapAppBar(let id): return (.appBar(.tap(id)), "tapAppBar \(id)")
        case .appBar(let event): return (.appBar(AppBarIntent(event) ?? .appeared), "appBar: \(event.rawValue)")
        case .wait(let duration): return (.wait(duration), "wait \(DurationText.wholeMilliseconds(duration))ms")
        case .signIn(let balance):
            let details = ClientDetails(balance: Decimal(balance))
            return (.signIn(details), Action.signInSummary(details))
        case .betslip(let count): return (.betslip(count), "betslip: \(count)")
        case .flag(let flag, let enabled): return (.flags([(flag, enabled)]), "flag \(flag)=\(enabled)")
        case .faults(let specs):
            let plan = (try? FaultPlan.parse(faults: specs)) ?? FaultPlan()
            return (.faults(plan), "faults: " + (plan.isEmpty ? "none" : plan.specs.joined(separator: ", ")))
        }
    }
}

/// Text written into a YAML file so that it reads back exactly.
enum YAMLText {
    /// `text` as written plainly when it is a simple word, number or percentage (letters, digits, `_`,
    /// `.`, `%`, `-`, not starting with `-`), otherwise double-quoted: for keys and expected values.
    static func word(_ text: String) -> String {
        let simple =
            !text.isEmpty && text.first != "-" && text.first != "."
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "_.%-".unicodeScalars.contains($0))
            }
        return simple ? text : quoted(text)
    }

    /// `text` as a double-quoted scalar that reads back as written (see `JSONValue.quoted(_:)`).
    static func quoted(_ text: String) -> String {
        JSONValue.quoted(text)
    }
}
