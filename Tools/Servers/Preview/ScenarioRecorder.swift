import BrandDeclarations
import Foundation
import LiveryScenarios

/// Turns what a person does in the preview into a scenario file in the
/// documented vocabulary: one step per action, `wait` where time mattered,
/// and an `expect` of what the page showed at each point the person marks.
///
/// Every id and text is written through ``scalar(_:)`` or ``quoted(_:)``,
/// so whatever a brand names its fields and whatever a person types, each
/// step reads back as one step with the same values.
///
/// A password is never written: a secure field's text is replaced by a
/// stand-in that keeps the field's outcome (a strong one where the typed
/// password was accepted, a short one where it was not), so the recorded
/// file replays the same.
struct ScenarioRecorder: Equatable {
    /// One recorded line: a step, or a secure field's text to be stood in for.
    enum Entry: Equatable {
        case step(String)
        case secret(field: String)
    }

    /// The `given:` lines the recording started from.
    private(set) var given: [String]
    /// The steps so far.
    private(set) var entries: [Entry] = []
    /// The input being typed into, so keystrokes become one `type` step.
    private var typing: String?
    /// Whether each secure field's newest text was accepted.
    private var secretAccepted: [String: Bool] = [:]

    /// A recording from a world described by `given` lines (without the `given:` key).
    init(given: [String]) {
        self.given = given
    }

    /// Number of steps recorded.
    var count: Int { entries.count }

    /// Records `step`, ending any typing.
    mutating func add(_ step: String) {
        typing = nil
        entries.append(.step(step))
    }

    /// Records `text` typed into `input` with `verb` (`type`, `searchAddress`…):
    /// keystrokes into the same input make one step holding the newest text.
    mutating func typed(_ text: String, into input: String, verb: StepVerb, secure: Bool) {
        let entry: Entry =
            secure
            ? .secret(field: input)
            : .step(
                verb == .type || verb == .choose
                    ? verb.line("{ \(Self.scalar(input)): \(Self.quoted(text)) }") : verb.line(Self.quoted(text)))
        if typing == input, !entries.isEmpty {
            entries[entries.count - 1] = entry
        } else {
            entries.append(entry)
        }
        typing = verb == .choose ? nil : input
    }

    /// Notes whether the secure field `input`'s text was accepted (its status when checked).
    mutating func secret(_ input: String, accepted: Bool) {
        secretAccepted[input] = accepted
    }

    /// Records an expectation made of `lines` (each `key: value`).
    mutating func expect(_ lines: [String]) {
        typing = nil
        entries.append(.step("expect:\n" + lines.map { "      " + $0 }.joined(separator: "\n")))
    }

    /// The scenario file.
    func file(title: String) -> String {
        var text = "scenario: \(Self.quoted(title))\n"
        text += "description: Recorded in livery preview.\n"
        if !given.isEmpty { text += "given:\n" + given.map { "  " + $0 + "\n" }.joined() }
        text += "steps:\n"
        for entry in entries {
            switch entry {
            case .step(let step): text += "  - \(step)\n"
            case .secret(let field):
                let standIn = secretAccepted[field] == true ? "Recorded-Pass-42" : "short"
                text +=
                    "  - \(StepVerb.type.line("{ \(Self.scalar(field)): \(Self.quoted(standIn)) }"))   # the typed password is never recorded\n"
            }
        }
        return text
    }

    /// `text` as a double-quoted YAML scalar.
    static func quoted(_ text: String) -> String { JSONValue.quoted(text) }

    /// An id as a YAML scalar: plain when it is a simple name YAML reads as
    /// that text (`firstName`, `address.street`), double-quoted otherwise
    /// (spaces, punctuation, line breaks, or a word YAML reads as a boolean or null).
    static func scalar(_ text: String) -> String {
        let simple =
            text.utf8.count <= 80 && text.utf8.first.map { isLetter($0) } == true
            && text.utf8.allSatisfy {
                isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2E || $0 == 0x2D
            }
            && !["true", "false", "yes", "no", "on", "off", "null", "y", "n"].contains(text.lowercased())
        return simple ? text : quoted(text)
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}
