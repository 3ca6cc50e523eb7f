import Foundation
import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

/// A definition's form is made once per process and copied into every runtime: what each runtime's copy must
/// still take from its own environment (its clock, its account service).
@Suite("One form per definition, shared by runtimes")
struct SharedFormTests {
    static let definition = try! FormDefinition.load(
        json: Data(
            #"""
            {"fields": [
                {"name": "dateOfBirth", "inputType": "Date", "validate": {"mandatory": true, "custom": [{"rule": "minimumAge", "years": 18}]}},
                {"name": "username", "inputType": "Text", "validate": {"mandatory": true, "minLength": 6, "custom": [{"rule": "usernameAvailable", "code": "username.gone"}]}}
            ]}
            """#.utf8))
    static let brand = BrandID(rawValue: "test-brand")!

    private static func environment(on day: CalendarDay, accounts: (any AccountBackend)? = nil) -> RuleEnvironment {
        guard let accounts else { return RuleEnvironment(market: .australia, wallClock: .fixed(day)) }
        return RuleEnvironment(market: .australia, wallClock: .fixed(day), accounts: accounts, brand: brand)
    }

    private static func ageCodes(born text: String, on day: CalendarDay) -> [RuleCode]? {
        var form = definition.makeForm(in: environment(on: day))
        form.setValue(text, for: FieldKey<String>("dateOfBirth"))
        form.leave("dateOfBirth")
        return form.status(of: "dateOfBirth")?.violations.map(\.code)
    }

    @Test("each runtime's copy judges an age on its own clock, whichever runtime made the form first")
    func agesOnEachClock() {
        let early = CalendarDay(year: 2026, month: 11, day: 21)!
        let late = CalendarDay(year: 2030, month: 1, day: 1)!
        #expect(Self.ageCodes(born: "01/01/2010", on: early) == [.ageMinimum], "16 in 2026")
        #expect(Self.ageCodes(born: "01/01/2010", on: late) == [], "20 in 2030")
        #expect(Self.ageCodes(born: "01/01/2010", on: early) == [.ageMinimum], "the late copy changed nothing shared")
        #expect(Self.ageCodes(born: "21/11/2008", on: early) == [], "18 on the birthday itself")
    }

    @Test("each runtime's copy asks its own account service whether a username is free")
    func usernameOnEachService() async throws {
        let today = CalendarDay(year: 2026, month: 11, day: 21)!
        let accountsEnvironment = Self.environment(on: today)
        let taken = EmbeddedAccountBackend(
            definition: Self.definition, environment: accountsEnvironment, takenUsernames: ["alex_c"])
        let free = EmbeddedAccountBackend(definition: Self.definition, environment: accountsEnvironment)
        func codes(asking accounts: (any AccountBackend)?) async throws -> [RuleCode]? {
            var form = Self.definition.makeForm(in: Self.environment(on: today, accounts: accounts))
            form.setValue("alex_c", for: FieldKey<String>("username"))
            let update = form.leave("username")
            if let check = update.checks.first {
                #expect(form.isValidating("username"))
                form.complete(await check.perform())
            }
            return form.status(of: "username")?.violations.map(\.code)
        }
        #expect(try await codes(asking: taken) == ["username.gone"])
        #expect(try await codes(asking: free) == [])
        #expect(
            try await codes(asking: nil) == [], "without a service the name is checked only when the client is made")
        #expect(try await codes(asking: taken) == ["username.gone"])
    }
}
