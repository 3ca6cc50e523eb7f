import AppBarFeature
import JoinFormFeature
import Testing

@testable import LiveryPreview

@Suite("Preview messages: every message from a page is checked before anything happens")
struct PreviewMessageTests {
    @Test("the page's messages read as the intents a head sends")
    func reads() throws {
        #expect(try PreviewMessage.read(#"{"type":"focus","input":"email"}"#) == .join(.focus(.field("email"))))
        #expect(
            try PreviewMessage.read(#"{"type":"change","input":"address.postcode","value":"3066"}"#)
                == .join(.change(.child("address", "postcode"), "3066")))
        #expect(
            try PreviewMessage.read(#"{"type":"change","input":"email","value":""}"#)
                == .join(.change(.field("email"), "")))
        #expect(try PreviewMessage.read(#"{"type":"addressSelect","position":2}"#) == .selectAddress(position: 2))
        #expect(try PreviewMessage.read(#"{"type":"appBarTap","item":"locker"}"#) == .appBar(.tap("locker")))
        #expect(
            try PreviewMessage.read(#"{"type":"depositLimit","decision":"declined"}"#)
                == .join(.chooseDepositLimit(.declined)))
        #expect(
            try PreviewMessage.read(#"{"type":"signIn","balance":"125.50","pendingBets":2,"promotionsBalance":3}"#)
                == .signIn(balance: 125.5, pendingBets: 2, promotionsBalance: 3))
        #expect(
            try PreviewMessage.read(#"{"type":"flag","name":"login-native","on":false}"#) == .flag(.loginNative, false))
    }

    @Test(
        "a bad message is an error saying what is wrong, with a suggestion where one fits",
        arguments: [
            ("not json", "not a JSON object"),
            (#"[1,2]"#, "not a JSON object"),
            (#"{"type":"focs","input":"email"}"#, "unknown message type 'focs' (did you mean 'focus'?)"),
            (#"{"type":"focus"}"#, "'input' must be text"),
            (#"{"type":"focus","input":""}"#, "'input' must not be empty"),
            (#"{"type":"addressSelect","position":0}"#, "'position' must be a whole number from 1 to 100"),
            (#"{"type":"addressSelect","position":true}"#, "'position' must be a whole number"),
            (#"{"type":"betslip","count":1e9}"#, "'count' must be a whole number from 0 to 999"),
            (#"{"type":"signIn","balance":"-5","pendingBets":0,"promotionsBalance":0}"#, "balance must be an amount"),
            (
                #"{"type":"signIn","balance":"1.2.3","pendingBets":0,"promotionsBalance":0}"#,
                "balance must be an amount"
            ),
            (#"{"type":"flag","name":"login-natve","on":true}"#, "(did you mean 'login-native'?)"),
            (#"{"type":"depositLimit","decision":"declned"}"#, "(did you mean 'declined'?)"),
            (#"{"type":"appBarEvent","event":"apeared"}"#, "(did you mean 'appeared'?)"),
        ] as [(String, String)])
    func refused(_ text: String, _ message: String) {
        #expect { try PreviewMessage.read(text) } throws: { error in "\(error)".contains(message) }
    }

    @Test("oversized messages and overlong texts are refused")
    func bounded() {
        let huge = #"{"type":"change","input":"email","value":""# + String(repeating: "a", count: 20_000) + #""}"#
        #expect(throws: PreviewMessageError.self) { try PreviewMessage.read(huge) }
        let long = #"{"type":"change","input":"email","value":""# + String(repeating: "a", count: 1_001) + #""}"#
        #expect { try PreviewMessage.read(long) } throws: { "\($0)".contains("longer than 1000") }
    }
}

@Suite("The recorder: steps in the scenario vocabulary, no password ever written")
struct ScenarioRecorderTests {
    @Test("keystrokes into one input make one type step holding the newest text; a new input starts another")
    func typing() {
        var recorder = ScenarioRecorder(given: ["betslip: 2"])
        recorder.add("focus: firstName")
        recorder.typed("A", into: "firstName", verb: .type, secure: false)
        recorder.typed("Al", into: "firstName", verb: .type, secure: false)
        recorder.add("next")
        recorder.typed("12 Smith", into: "address", verb: .searchAddress, secure: false)
        recorder.typed("Mx", into: "title", verb: .choose, secure: false)
        let file = recorder.file(title: "Typed")
        #expect(
            file == """
                scenario: "Typed"
                description: Recorded in livery preview.
                given:
                  betslip: 2
                steps:
                  - focus: firstName
                  - type: { firstName: "Al" }
                  - next
                  - searchAddress: "12 Smith"
                  - choose: { title: "Mx" }

                """)
    }

    @Test("a typed password is replaced by a stand-in with the same outcome")
    func secrets() {
        var recorder = ScenarioRecorder(given: [])
        recorder.typed("My-Real-Secret-77", into: "password", verb: .type, secure: true)
        #expect(!recorder.file(title: "x").contains("My-Real-Secret-77"))
        #expect(recorder.file(title: "x").contains(#"password: "short""#))
        recorder.secret("password", accepted: true)
        #expect(recorder.file(title: "x").contains(#"password: "Recorded-Pass-42""#))
    }

    @Test("hostile text is quoted so YAML reads it back as written")
    func quoting() {
        #expect(ScenarioRecorder.quoted("a\"b\\c\nd") == #""a\"b\\c\nd""#)
        #expect(ScenarioRecorder.quoted("x\u{202E}y\u{0}") == #""x\u202Ey\u0000""#)
        #expect(ScenarioRecorder.quoted("' OR 1=1 --: {x}") == #""' OR 1=1 --: {x}""#)
    }
}
