import LiveryCore

/// How a field's text is shown as it is typed.
public enum DisplayFormat: String, Hashable, Sendable, Codable, CaseIterable {
    /// As typed.
    case plain
    /// Digits only, shown `dd/mm/yyyy` (at most eight digits).
    case dateOfBirth
    /// A mobile number grouped the way the market writes it.
    case mobile

    /// What a head shows beside the field before anything is typed, so the
    /// format is known before a first error: `DD/MM/YYYY` for a date of birth,
    /// none for the others (a mobile number takes any grouping).
    public var hint: String? {
        switch self {
        case .dateOfBirth: "DD/MM/YYYY"
        case .plain, .mobile: nil
        }
    }

    /// `text` as it should be shown and stored after a keystroke.
    ///
    /// - `dateOfBirth`: everything but digits is dropped, digits beyond eight
    ///   are ignored, and slashes are inserted after the day and the month:
    ///   `2111` → `21/11`, `21112008` → `21/11/2008`. Deleting a slash
    ///   therefore deletes nothing but the slash; the digits re-flow.
    /// - `mobile`: spaces and other separators are dropped and the digits are
    ///   grouped as the market's `MobileNumberPlan` says (`0412 345 678`,
    ///   `+61 412 345 678`). Digits beyond the longest valid number are
    ///   ignored. A leading `+` is kept.
    /// - `plain`: unchanged.
    public func format(_ text: String, market: Market) -> String {
        switch self {
        case .plain: text
        case .dateOfBirth: Self.dateOfBirth(text)
        case .mobile: Self.mobile(text, plan: market.mobile)
        }
    }

    /// Calls `body` with the ASCII digits of `text`, at most `limit` of
    /// them (a character that is not a plain digit, such as a digit with a
    /// combining mark, is dropped whole). The digits live on the stack.
    private static func withDigits<Result>(
        of text: String, limit: Int,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: limit) { buffer in
            var count = 0
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                for byte in text.utf8 where count < limit && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    buffer[count] = byte
                    count += 1
                }
            } else {
                for character in text where count < limit && character.isASCII && character.isNumber {
                    buffer[count] = character.asciiValue!
                    count += 1
                }
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    private static let dateGroups = [2, 2, 4]

    private static func dateOfBirth(_ text: String) -> String {
        withDigits(of: text, limit: 8) { group($0, sizes: dateGroups, separator: UInt8(ascii: "/")) }
    }

    private static func mobile(_ text: String, plan: MobileNumberPlan) -> String {
        let longest = plan.subscriberDigits.upperBound
        let codeLength = plan.countryCode.utf8.count
        if startsWithPlus(text) {
            return withDigits(of: text, limit: codeLength + longest) { all in
                guard all.count > codeLength else { return "+" + String(decoding: all, as: UTF8.self) }
                let subscriber = UnsafeBufferPointer(rebasing: all[codeLength...])
                return "+" + String(decoding: all.prefix(codeLength), as: UTF8.self) + " "
                    + group(
                        subscriber, sizes: plan.internationalGroups, separator: UInt8(ascii: " "))
            }
        }
        return withDigits(of: text, limit: longest + 1) { national in
            group(national, sizes: plan.nationalGroups, separator: UInt8(ascii: " "))
        }
    }

    /// Whether the first character that is not a space or a tab is `+`.
    private static func startsWithPlus(_ text: String) -> Bool {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            case UInt8(ascii: "+"): return true
            case ..<0x80: return false
            default: break  // a non-ASCII character: ask Unicode below
            }
            break
        }
        let first = text.unicodeScalars.first { $0 != "\t" && $0.properties.generalCategory != .spaceSeparator }
        return first == "+"
    }

    /// Splits `digits` into groups of `sizes` (the last group takes the rest).
    private static func group(_ digits: UnsafeBufferPointer<UInt8>, sizes: [Int], separator: UInt8) -> String {
        String(unsafeUninitializedCapacity: digits.count + sizes.count) { output in
            var written = 0
            var rest = digits[...]
            for (index, size) in sizes.enumerated() where !rest.isEmpty {
                if index > 0 {
                    output[written] = separator
                    written += 1
                }
                let take = index == sizes.count - 1 ? rest.count : min(size, rest.count)
                for byte in rest.prefix(take) {
                    output[written] = byte
                    written += 1
                }
                rest = rest.dropFirst(take)
            }
            return written
        }
    }
}
