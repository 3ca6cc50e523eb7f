import Foundation
import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("The standard AU and NZ definitions: every field's rules at their edges")
struct StandardDefinitionTests {
    /// 21 November 2026, so 18 years ago is 21 November 2008.
    private let today = WallClock.fixed(CalendarDay(year: 2026, month: 11, day: 21)!)

    private func codes(_ name: FieldName, _ value: String, market: Market = .australia) throws -> [RuleCode] {
        var form = try FormDefinition.standard(for: market).makeForm(
            in: RuleEnvironment(market: market, wallClock: today))
        form.setValue(value, for: FieldKey<String>(name))
        form.validate([name])
        return form.status(of: name)?.violations.map(\.code) ?? []
    }

    @Test("both markets' definitions load, with the same two pages")
    func load() throws {
        for market in [Market.australia, .newZealand] {
            let definition = try FormDefinition.standard(for: market)
            #expect(definition.pages.map(\.name) == ["details", "account"])
            #expect(definition.fields.count == 11)
        }
        #expect(try FormDefinition.standard(for: .australia).field("depositLimit")?.validate.mandatory == true)
        #expect(try FormDefinition.standard(for: .newZealand).field("depositLimit")?.validate.mandatory == false)
    }

    @Test("New Zealand's form is Australia's, field for field and row for row, but for an optional deposit limit")
    func newZealandAmendsAustralia() throws {
        let australian = try FormDefinition.standard(for: .australia)
        let newZealand = try FormDefinition.standard(for: .newZealand)
        #expect(newZealand.pages == australian.pages)
        #expect(newZealand.fields.map(\.name) == australian.fields.map(\.name))
        for (au, nz) in zip(australian.fields, newZealand.fields) where au.name != "depositLimit" {
            #expect(au == nz, "\(au.name) differs")
        }
        var optional = try #require(australian.field("depositLimit"))
        optional.validate.mandatory = false
        #expect(newZealand.field("depositLimit") == optional)
    }

    @Test("names: letters, spaces, hyphens and apostrophes, at most 50 characters")
    func names() throws {
        #expect(try codes("firstName", "Zoë-Anne O'Neil").isEmpty)
        #expect(try codes("lastName", "R2D2") == ["name.characters"])
        #expect(try codes("firstName", String(repeating: "a", count: 50)).isEmpty)
        #expect(try codes("firstName", String(repeating: "a", count: 51)) == [.lengthMax])
        #expect(try codes("firstName", "   ") == [.required])
    }

    @Test("date of birth: 18 today is old enough, a day younger is not, and the date must be real")
    func dateOfBirth() throws {
        #expect(try codes("dateOfBirth", "21/11/2008").isEmpty)
        #expect(try codes("dateOfBirth", "22/11/2008") == [.ageMinimum])
        #expect(try codes("dateOfBirth", "31/02/2000") == ["date.invalid"])
        #expect(try codes("dateOfBirth", "21/11/08") == ["date.invalid"])
    }

    @Test("email: the HTML rule with a dot in the domain, at most 254 characters")
    func email() throws {
        #expect(try codes("email", "pat@example.com").isEmpty)
        #expect(try codes("email", "pat@localhost") == [.emailFormat])
        let domain = Array(repeating: String(repeating: "b", count: 61), count: 3).joined(separator: ".") + ".com"
        let long = String(repeating: "a", count: 64) + "@" + domain
        #expect(long.count == 254)
        #expect(try codes("email", long).isEmpty)
        #expect(try codes("email", "a" + long).contains(.lengthMax))
    }

    @Test("mobile: AU 04 and nine digits after the 0 (+61 accepted); NZ 02 with 8 to 10 digits")
    func mobile() throws {
        #expect(try codes("mobile", "0412 345 678").isEmpty)
        #expect(try codes("mobile", "+61 412 345 678").isEmpty)
        #expect(try codes("mobile", "0412 345 67") == [.mobileFormat])
        #expect(try codes("mobile", "0312 345 678") == [.mobileFormat])
        #expect(try codes("mobile", "021 123 45", market: .newZealand).isEmpty)
        #expect(try codes("mobile", "021 123 4567", market: .newZealand).isEmpty)
        #expect(try codes("mobile", "021 1234 5678", market: .newZealand) == [.mobileFormat])
        #expect(try codes("mobile", "021 123 4", market: .newZealand) == [.mobileFormat])
    }

    @Test("username: 6 to 20 letters, digits or underscores")
    func username() throws {
        #expect(try codes("username", "abc_12").isEmpty)
        #expect(try codes("username", "abc12") == [.lengthRange])
        #expect(try codes("username", String(repeating: "u", count: 20)).isEmpty)
        #expect(try codes("username", String(repeating: "u", count: 21)) == [.lengthRange])
        #expect(try codes("username", "alex c!") == ["username.characters"])
    }

    @Test("password: at least 8 with lower and upper case letters and a digit")
    func password() throws {
        #expect(try codes("password", "Abcdefg1").isEmpty)
        #expect(try codes("password", "Abcdef1") == [.passwordStrength])
        #expect(try codes("password", "abcdefg1") == [.passwordStrength])
    }

    @Test("title: one of the listed titles")
    func title() throws {
        #expect(try codes("title", "Dr").isEmpty)
        #expect(try codes("title", "Sir") == [.choiceInvalid])
    }
}
