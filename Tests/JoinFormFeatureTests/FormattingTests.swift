import Foundation
import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("Display formats and field traits")
struct FormattingTests {
    @Test(
        "date of birth: typed digits are shown dd/mm/yyyy",
        arguments: [
            ("2", "2"), ("21", "21"), ("211", "21/1"), ("2111", "21/11"), ("21112", "21/11/2"),
            ("21112008", "21/11/2008"), ("211120089", "21/11/2008"), ("21/11/2008", "21/11/2008"),
            ("21/1", "21/1"), ("21-11-2008", "21/11/2008"), ("ab", ""), ("", ""),
        ])
    func dateOfBirth(typed: String, shown: String) {
        #expect(DisplayFormat.dateOfBirth.format(typed, market: .australia) == shown)
    }

    @Test(
        "Australian mobiles group 4-3-3, or +61 then 3-3-3",
        arguments: [
            ("04", "04"), ("04123", "0412 3"), ("0412345678", "0412 345 678"), ("0412 345 678", "0412 345 678"),
            ("041234567890", "0412 345 678"), ("+61412345678", "+61 412 345 678"), ("+61", "+61"), ("+6141", "+61 41"),
        ])
    func australianMobile(typed: String, shown: String) {
        #expect(DisplayFormat.mobile.format(typed, market: .australia) == shown)
    }

    @Test(
        "New Zealand mobiles group 3-3-4, or +64 then 2-3-4",
        arguments: [
            ("021", "021"), ("0211234567", "021 123 4567"), ("021123456", "021 123 456"),
            ("+64211234567", "+64 21 123 4567"), ("02112345678", "021 123 4567"),
        ])
    func newZealandMobile(typed: String, shown: String) {
        #expect(DisplayFormat.mobile.format(typed, market: .newZealand) == shown)
    }

    @Test(
        "formatting keeps only plain ASCII digits, wherever the text came from",
        arguments: [
            ("  +61412345678", "+61 412 345 678"), ("\u{00A0}+61 412", "+61 412"), ("٣٠٠٠0412", "0412"),
            ("0\u{301}412345678", "4123 456 78"), ("04🙂12 345 678", "0412 345 678"), ("x+61412", "6141 2"),
        ])
    func pastedMobile(typed: String, shown: String) {
        #expect(DisplayFormat.mobile.format(typed, market: .australia) == shown)
    }

    @Test(
        "typed dates of birth are read as dd/mm/yyyy or not at all",
        arguments: [
            ("21/11/2008", CalendarDay(year: 2008, month: 11, day: 21)),
            ("29/02/2008", CalendarDay(year: 2008, month: 2, day: 29)),
            ("29/02/2007", nil), ("21/11/208", nil), ("21-11-2008", nil), ("2/11/20081", nil), ("21/11/２008", nil),
            ("21/13/2008", nil), ("00/11/2008", nil), ("", nil), ("21/11/2008 ", nil),
        ])
    func dateOfBirthText(typed: String, day: CalendarDay?) {
        #expect(DateOfBirthText.day(from: typed) == day)
    }

    @Test("a typed country code is kept, even when it is not the market's")
    func foreignCountryCode() {
        #expect(DisplayFormat.mobile.format("+64211234567", market: .australia) == "+64 211 234 567")
    }

    @Test("a formatted mobile passes the market's mobile rule")
    func formattedIsValid() {
        for (market, typed) in [
            (Market.australia, "0412345678"), (.australia, "+61412345678"), (.newZealand, "0211234567"),
        ] {
            let shown = DisplayFormat.mobile.format(typed, market: market)
            #expect(MobileNumberRule(market: market).check(shown, in: .standalone) == nil, "\(shown)")
        }
    }

    private func field(_ json: String) throws -> FieldDefinition {
        try #require(try FormDefinition.load(json: Data(#"{"fields": [\#(json)]}"#.utf8)).fields.first)
    }

    @Test("traits follow the input type unless the definition says otherwise")
    func traits() throws {
        let dob = try field(#"{"name": "dateOfBirth", "inputType": "Date", "validate": {"mandatory": true}}"#).traits(
            in: .australia)
        #expect(
            dob
                == FieldTraits(
                    isRequired: true, isFocusable: true, isSecure: false, inputLimit: 10,
                    format: .dateOfBirth, keyboard: .number, capitalisation: .none))
        let mobile = try field(#"{"name": "mobile", "inputType": "Tel", "format": "mobile"}"#).traits(in: .australia)
        #expect(mobile.keyboard == .phone && mobile.format == .mobile && mobile.inputLimit == 15)
        let password = try field(#"{"name": "password", "inputType": "Password", "validate": {"maxLength": 64}}"#)
            .traits(in: .australia)
        #expect(password.isSecure && password.capitalisation == .none && password.inputLimit == 64)
        let name = try field(#"{"name": "firstName", "inputType": "Text"}"#).traits(in: .australia)
        #expect(name.capitalisation == .words && !name.isRequired)
        let username = try field(#"{"name": "username", "inputType": "Text", "capitalisation": "none"}"#).traits(
            in: .australia)
        #expect(username.capitalisation == .none)
        let title = try field(#"{"name": "title", "inputType": "Select", "options": ["Mr", "Ms"]}"#).traits(
            in: .australia)
        #expect(!title.isFocusable)
    }

    @Test("an unknown format, keyboard or capitalisation names the field and suggests the known one")
    func unknownOptions() {
        do {
            _ = try FormDefinition.load(
                json: Data(#"{"fields": [{"name": "mobile", "inputType": "Tel", "format": "mobil"}]}"#.utf8))
            Issue.record("an unknown format loaded")
        } catch {
            #expect(
                error.description
                    == "field 'mobile': unknown format 'mobil' (did you mean 'mobile'?); known: plain, dateOfBirth, mobile"
            )
        }
    }
}
