import LiveryCore
import Testing

@Suite("Did-you-mean suggestions")
struct NameSuggestionTests {
    @Test("a misspelling within the allowed edits is suggested, ignoring case")
    func suggests() {
        #expect(NameSuggestion.closest(to: "mandatroy", in: ["mandatory", "maxLength"]) == "mandatory")
        #expect(NameSuggestion.closest(to: "TXT", in: ["Text", "Email"]) == "Text")
        #expect(NameSuggestion.closest(to: "zzzzzz", in: ["Text", "Email"]) == nil)
    }

    @Test("a name of hundreds of characters gets no suggestion, however it starts")
    func hostileLength() {
        let long = "inputType" + String(repeating: "ype", count: 17_000)
        #expect(NameSuggestion.closest(to: long, in: ["inputType", "name", "validate"]) == nil)
        #expect(NameSuggestion.hint(for: long, in: ["inputType", "name"]) == " (known: inputType, name)")
    }
}
