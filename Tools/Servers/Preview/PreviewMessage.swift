import AppBarFeature
import BrandDeclarations
import Foundation
import JoinFormFeature
import LiveryCore
import LiveryWorkshop

/// One message a preview page sends: a person's action on the form or the
/// app bar, a change to the world from the side panel, or the recorder.
/// Every message is checked before anything happens; a bad one is answered
/// with an error the page shows, and changes nothing.
enum PreviewMessage: Equatable {
    case join(JoinIntent)
    case selectAddress(position: Int)
    case signUp
    case appBar(AppBarIntent)
    case signIn(balance: Decimal, pendingBets: Int, promotionsBalance: Int)
    case signOut
    case betslip(Int)
    case flag(FeatureFlag, Bool)
    case faults([String])
    case record(Bool)
    case mark
    case save(String)
    case reset
    /// The brand studio: open the brand file, change a value in it, run the
    /// brand's scenarios on it, save it or go back to the file.
    case studio(StudioAction)
    /// Moves the session's clock on and lets the work that falls due finish:
    /// a page replaying its actions after a restart sends the time that passed
    /// between them, so debounces and late answers land as they did.
    case elapse(Duration)

    /// The longest a single ``elapse(_:)`` moves the clock.
    static let maximumElapse = 60_000

    /// The largest message read: far above any real one.
    static let maximumSize = 16 * 1024
    /// The longest text a field takes from the page.
    static let maximumText = 1_000

    /// Every message type, for suggestions.
    static let types = [
        "focus", "change", "unfocus", "next", "toggle", "continue", "signUp", "back", "depositLimit",
        "addressSubmit", "addressSelect", "addressManual", "addressBack", "addressClear", "addressClose",
        "open", "alertAction", "dismissAlert", "routeHandled", "appBarTap", "appBarEvent", "signIn",
        "signOut", "betslip", "flag", "faults", "record", "mark", "save", "reset", "elapse",
        "studioOpen", "studioSet", "studioRun", "studioSave", "studioDiscard",
    ]

    /// Reads `text` as a message.
    /// - Throws: ``PreviewMessageError`` saying what is wrong.
    static func read(_ text: String) throws(PreviewMessageError) -> PreviewMessage {
        guard text.utf8.count <= maximumSize else {
            throw .init("the message is \(text.utf8.count) bytes; at most \(maximumSize)")
        }
        guard case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
            throw .init("not a JSON object")
        }
        let fields = Fields(Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
        let type = try fields.string("type")
        switch type {
        case "focus": return .join(.focus(try fields.input("input")))
        case "change": return .join(.change(try fields.input("input"), try fields.string("value", allowEmpty: true)))
        case "unfocus": return .join(.unfocus)
        case "next": return .join(.next)
        case "toggle": return .join(.toggle(FieldName(rawValue: try fields.string("field"))))
        case "continue": return .join(.continue)
        case "signUp": return .signUp
        case "back": return .join(.back)
        case "depositLimit": return .join(.chooseDepositLimit(try fields.choice("decision", DepositLimitDecision.self)))
        case "addressSubmit": return .join(.address(.submit))
        case "addressSelect": return .selectAddress(position: try fields.int("position", in: 1...100))
        case "addressManual": return .join(.address(.enterManually))
        case "addressBack": return .join(.address(.backToSearch))
        case "addressClear": return .join(.address(.clear))
        case "addressClose": return .join(.address(.tapBackground))
        case "open": return .join(.open(try fields.choice("link", JoinLink.self)))
        case "alertAction": return .join(.alertAction(try fields.choice("role", SystemAlert.Action.Role.self)))
        case "dismissAlert": return .join(.dismissAlert)
        case "routeHandled": return .join(.routeHandled)
        case "appBarTap": return .appBar(.tap(AppBarItemID(rawValue: try fields.string("item"))))
        case "appBarEvent": return .appBar(try appBarEvent(fields))
        case "signIn": return try signIn(fields)
        case "signOut": return .signOut
        case "betslip": return .betslip(try fields.int("count", in: 0...999))
        case "flag": return try flag(fields)
        case "faults": return .faults(try fields.strings("plan"))
        case "record": return .record(try fields.bool("on"))
        case "mark": return .mark
        case "save": return .save(try fields.string("name"))
        case "reset": return .reset
        case "studioOpen": return .studio(.open)
        case "studioSet": return try studioSet(fields)
        case "studioRun": return .studio(.runScenarios)
        case "studioSave": return .studio(.save)
        case "studioDiscard": return .studio(.discard)
        case "elapse": return .elapse(.milliseconds(try fields.int("milliseconds", in: 0...maximumElapse)))
        default: throw .init("unknown message type '\(type)'\(NameSuggestion.hint(for: type, in: types))")
        }
    }

    /// `appBarEvent`: one of the app bar's intents that carry nothing (its own table).
    private static func appBarEvent(_ fields: Fields) throws(PreviewMessageError) -> AppBarIntent {
        let name = try fields.string("event")
        guard let intent = AppBarIntent.Name(rawValue: name).flatMap(AppBarIntent.init) else {
            let known = AppBarIntent.Name.allCases.filter { $0 != .tap }.map(\.rawValue)
            throw .init("unknown app bar event '\(name)'\(NameSuggestion.hint(for: name, in: known))")
        }
        return intent
    }

    /// `signIn`: a balance written as an amount (`125.50`), and counts in range.
    private static func signIn(_ fields: Fields) throws(PreviewMessageError) -> PreviewMessage {
        let balance = try fields.string("balance")
        let parts = balance.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (1...9).contains(parts[0].count),
            parts.count == 1 || (1...2).contains(parts[1].count),
            parts.allSatisfy({ $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }),
            let amount = Decimal(string: balance, locale: Locale(identifier: "en_US_POSIX"))
        else {
            throw .init("balance must be an amount such as 125.50, not '\(balance)'")
        }
        return .signIn(
            balance: amount, pendingBets: try fields.int("pendingBets", in: 0...999),
            promotionsBalance: try fields.int("promotionsBalance", in: 0...999))
    }

    /// `flag`: a flag the engines read, on or off.
    private static func flag(_ fields: Fields) throws(PreviewMessageError) -> PreviewMessage {
        let name = try fields.string("name")
        guard let flag = FeatureFlag.known.first(where: { $0.rawValue == name }) else {
            throw .init(
                "unknown flag '\(name)'\(NameSuggestion.hint(for: name, in: FeatureFlag.known.map(\.rawValue)))")
        }
        return .flag(flag, try fields.bool("on"))
    }

    /// `studioSet`: a key path in the brand file and its new value (null removes the key).
    private static func studioSet(_ fields: Fields) throws(PreviewMessageError) -> PreviewMessage {
        let path = try fields.strings("path")
        guard (1...BrandDraft.maximumPathLength).contains(path.count) else {
            throw .init("'path' must be a list of 1 to \(BrandDraft.maximumPathLength) keys")
        }
        guard let value = fields.object["value"] else { throw .init("'value' is missing (null removes the key)") }
        return .studio(.set(path, value == .null ? nil : value))
    }

    /// The fields of a message object, each read with its kind and range checked.
    private struct Fields {
        let object: [String: JSONValue]
        init(_ object: [String: JSONValue]) { self.object = object }

        func string(_ key: String, allowEmpty: Bool = false) throws(PreviewMessageError) -> String {
            guard case .string(let text)? = object[key] else { throw .init("'\(key)' must be text") }
            guard allowEmpty || !text.isEmpty else { throw .init("'\(key)' must not be empty") }
            guard text.count <= PreviewMessage.maximumText else {
                throw .init("'\(key)' is longer than \(PreviewMessage.maximumText) characters")
            }
            return text
        }

        func strings(_ key: String) throws(PreviewMessageError) -> [String] {
            guard case .array(let items)? = object[key], items.count <= 20 else {
                throw .init("'\(key)' must be a list of at most 20 texts")
            }
            var list: [String] = []
            for item in items {
                guard case .string(let text) = item, text.count <= PreviewMessage.maximumText else {
                    throw .init("'\(key)' must be a list of at most 20 texts")
                }
                list.append(text)
            }
            return list
        }

        func int(_ key: String, in range: ClosedRange<Int>) throws(PreviewMessageError) -> Int {
            guard case .number(let number)? = object[key], let value = Int(exactly: number), range.contains(value)
            else {
                throw .init("'\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }

        func bool(_ key: String) throws(PreviewMessageError) -> Bool {
            guard case .bool(let value)? = object[key] else { throw .init("'\(key)' must be true or false") }
            return value
        }

        func input(_ key: String) throws(PreviewMessageError) -> InputID {
            let text = try string(key)
            let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
            return parts.count == 2
                ? .child(FieldName(rawValue: parts[0]), parts[1]) : .field(FieldName(rawValue: text))
        }

        func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type)
            throws(PreviewMessageError) -> Choice
        where Choice.RawValue == String {
            let text = try string(key)
            guard let value = Choice(rawValue: text) else {
                throw .init(
                    "unknown \(key) '\(text)'\(NameSuggestion.hint(for: text, in: Choice.allCases.map(\.rawValue)))")
            }
            return value
        }
    }
}

/// What the brand studio is asked to do.
enum StudioAction: Equatable {
    case open
    /// Sets the value at a key path of the brand file, or removes it (`nil`).
    case set([String], JSONValue?)
    case runScenarios
    case save
    case discard
}

/// A message from a page that cannot be used, and why.
struct PreviewMessageError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
