import LiveryCore

/// How a field's text is shown as it is typed.
public enum DisplayFormat: String, Hashable, Sendable, Codable, CaseIterable {
    /// As typed.
    case plain
    /// Digits only, shown `dd/mm/yyyy` (at most eight digits).
    case dateOfBirth
    /// A mobile number grouped the way the region writes it.
    case mobile

    /// `text` as it should be shown and stored after a keystroke.
    ///
    /// - `dateOfBirth`: everything but digits is dropped, digits beyond eight
    ///   are ignored, and slashes are inserted after the day and the month:
    ///   `2111` → `21/11`, `21112008` → `21/11/2008`. Deleting a slash
    ///   therefore deletes nothing but the slash; the digits re-flow.
    /// - `mobile`: spaces and other separators are dropped and the digits are
    ///   grouped per region: Australia `0412 345 678` (`+61 412 345 678`);
    ///   New Zealand `021 123 4567` (`+64 21 123 4567`). Digits beyond the
    ///   longest valid number are ignored. A leading `+` is kept.
    /// - `plain`: unchanged.
    public func format(_ text: String, region: Region) -> String {
        switch self {
        case .plain: text
        case .dateOfBirth: Self.dateOfBirth(text)
        case .mobile: Self.mobile(text, plan: .plan(for: region))
        }
    }

    private static func digits(of text: String, limit: Int) -> [Character] {
        Array(text.filter { $0.isASCII && $0.isNumber }.prefix(limit))
    }

    private static func dateOfBirth(_ text: String) -> String {
        let digits = digits(of: text, limit: 8)
        return group(digits, sizes: [2, 2, 4], separator: "/")
    }

    private static func mobile(_ text: String, plan: MobileNumberPlan) -> String {
        let international = text.trimmingCharacters(in: .whitespaces).hasPrefix("+")
        let longest = plan.subscriberDigits.upperBound
        if international {
            let all = digits(of: text, limit: plan.countryCode.count + longest)
            guard all.count > plan.countryCode.count else { return "+" + String(all) }
            let subscriber = Array(all.dropFirst(plan.countryCode.count))
            let leading = plan.region == .australia ? [3, 3, 3] : [2, 3, 4]
            return "+" + String(all.prefix(plan.countryCode.count)) + " " + group(subscriber, sizes: leading, separator: " ")
        }
        let national = digits(of: text, limit: longest + 1)
        let sizes = plan.region == .australia ? [4, 3, 3] : [3, 3, 4]
        return group(national, sizes: sizes, separator: " ")
    }

    /// Splits `digits` into groups of `sizes` (the last group takes the rest).
    private static func group(_ digits: [Character], sizes: [Int], separator: Character) -> String {
        var result = ""
        var rest = digits[...]
        for (index, size) in sizes.enumerated() where !rest.isEmpty {
            if index > 0 { result.append(separator) }
            let take = index == sizes.count - 1 ? rest.count : min(size, rest.count)
            result += String(rest.prefix(take))
            rest = rest.dropFirst(take)
        }
        return result
    }
}
