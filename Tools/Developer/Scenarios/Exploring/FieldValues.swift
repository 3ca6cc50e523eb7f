import AddressLookupFeature
import Foundation
import JoinFormFeature
import LiveryCore

/// What the explorer types into a field, drawn from the field's own rules:
/// values that keep every rule, values that break each rule in turn, edge
/// values (empty, each length limit and one either side of it, the day a
/// person turns 18 and the days either side) and hostile text.
struct FieldValues: Sendable {
    let market: Market
    /// The day journeys start on, for ages.
    let today: CalendarDay
    /// Addresses of the market from the bundled index: what searches are drawn from.
    let addresses: [PostalAddress]

    /// Text no field should trust: markup, injection, right-to-left and
    /// zero-width marks, combining and astral characters, blanks, long runs.
    static let hostile = [
        "<script>alert(1)</script>", "Robert'); DROP TABLE clients;--", "‮gnp.exe", "a\u{200B}b\u{200D}c",
        "Zoe\u{0301}\u{0301}\u{0301}", "👨‍👩‍👧‍👦𝕏", "   ", "\t", "{{7*7}}", "%s%n%x", "../../etc/passwd",
        String(repeating: "W", count: 300),
    ]

    /// Values for `field`: `valid` keep every rule the field declares (as far
    /// as the field alone decides), `invalid` break at least one.
    func values(for field: FieldDefinition) -> (valid: [String], invalid: [String]) {
        var valid: [String] = []
        var invalid: [String] = []
        let rules = Set(field.validate.custom.compactMap(\.kind))
        switch field.inputType {
        case .date:
            valid = [
                "01022000", "15061990", "29021996", birthday(turning: market.minimumAge, daysAfter: 0),
                birthday(turning: market.minimumAge, daysAfter: -1),
            ]
            invalid = [
                "31022000", "1234", "99999999", "00000000", birthday(turning: market.minimumAge, daysAfter: 1),
                "01012030",
            ]
        case .email:
            valid = ["alex@example.com", "pat.o-neil+bets@mail.example.org"]
            invalid = ["alex@", "@example.com", "a b@example.com", "alex@@example.com"]
        case .tel:
            valid = [market.mobile.example.filter(\.isNumber), market.mobile.example]
            invalid = ["12345", "0312345678", "phone", "+1 555 0100"]
        case .password:
            valid = ["Correct-Horse-9", "Tr0ub4dor&3x!"]
            invalid = ["short", "alllowercaseletters", "NOLOWERCASE99"]
        default:
            if rules.contains(.usernameAvailable) || field.name == "username" {
                valid = ["alex_c", "punter_2026", "wren_28"]
                invalid = ["punter", "taken_name", "bad name!", "ab"]
            } else if rules.contains(.regex) {
                valid = ["Alex", "Mary-Jane", "O'Neil", "Zoë", "Li"]
                invalid = ["4lex", "Al3x!", "-dash"]
            } else {
                valid = ["Alex", "12"]
            }
        }
        if field.validate.mandatory { invalid.append("") }
        for limit in [field.validate.minLength, field.validate.maxLength].compactMap(\.self) {
            let filler = field.inputType == .email ? nil : "a"
            if let filler {
                for length in [limit - 1, limit, limit + 1] where length > 0 {
                    invalid.append(String(repeating: filler, count: length))
                }
            }
        }
        if field.inputType == .email, let maximum = field.validate.maxLength {
            for length in [maximum - 1, maximum, maximum + 1] where length > 12 {
                invalid.append(String(repeating: "a", count: length - 12) + "@example.com")
            }
        }
        return (valid, invalid)
    }

    /// `DDMMYYYY` of the birthday on which a person turns `years`, moved by `daysAfter`.
    func birthday(turning years: Int, daysAfter: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.date(from: DateComponents(year: today.year - years, month: today.month, day: today.day))!
        let day = calendar.dateComponents(
            [.year, .month, .day], from: calendar.date(byAdding: .day, value: daysAfter, to: start)!)
        return String(format: "%02d%02d%04d", day.day!, day.month!, day.year!)
    }

    /// What a person types into the address search: the start of a real
    /// address of the market (a few letters to the whole line), its street
    /// alone, or something the index does not hold.
    func addressSearch(_ random: inout SeededGenerator) -> String {
        guard let address = addresses.randomElement(using: &random), Int.random(in: 0..<10, using: &random) > 0 else {
            return ["zzqx", "12", "Nowhere Lane", "🏠🏠🏠🏠"].randomElement(using: &random)!
        }
        let line = [address.streetNumber, address.street].filter { !$0.isEmpty }.joined(separator: " ")
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return String(line.prefix(Int.random(in: 1...max(1, line.count), using: &random)))
        case 1: return address.street
        default: return line
        }
    }

    /// A part of a manually entered address: usually one of a real address, sometimes broken.
    func addressPart(_ key: String, _ random: inout SeededGenerator) -> String {
        guard Int.random(in: 0..<5, using: &random) > 0, let address = addresses.randomElement(using: &random) else {
            return ["", "12345", "x", Self.hostile.randomElement(using: &random)!].randomElement(using: &random)!
        }
        switch key {
        case "unit": return address.unit ?? ""
        case "streetNumber": return address.streetNumber
        case "street": return address.street
        case "postcode": return address.postcode
        default: return AddressPart(rawValue: key).flatMap { address[$0] } ?? ""
        }
    }

    /// A deposit limit amount: whole dollars, zero, negative, cents, or not a number.
    func depositAmount(_ random: inout SeededGenerator) -> String {
        ["100", "5000", "1", "0", "-5", "12.50", "abc", "99999999999"].randomElement(using: &random)!
    }
}
