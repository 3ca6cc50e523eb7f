/// The numbering plan of a country's mobile numbers, as data.
public struct MobileNumberPlan: Hashable, Sendable {
    /// The region the plan belongs to.
    public let region: Region
    /// The international calling code without `+`, e.g. `61`.
    public let countryCode: String
    /// The first digit after the trunk `0` that marks a mobile number.
    public let leadingDigit: Character
    /// How many digits follow the trunk `0` (including the leading digit).
    public let subscriberDigits: ClosedRange<Int>
    /// A sample number in the usual written form, for messages.
    public let example: String

    /// Australia: `04xx xxx xxx`, nine digits after the 0, `+61 4xx xxx xxx` accepted.
    public static let australia = MobileNumberPlan(
        region: .australia, countryCode: "61", leadingDigit: "4",
        subscriberDigits: 9...9, example: "0412 345 678")
    /// New Zealand: `02x` then more digits, 8–10 digits in all, `+64 2x …` accepted.
    public static let newZealand = MobileNumberPlan(
        region: .newZealand, countryCode: "64", leadingDigit: "2",
        subscriberDigits: 7...9, example: "021 123 4567")

    /// The plan of `region`.
    public static func plan(for region: Region) -> MobileNumberPlan {
        switch region {
        case .australia: .australia
        case .newZealand: .newZealand
        }
    }

    /// The digits after the trunk `0` of `text` when it is a mobile number of
    /// this plan, written nationally (`0…`) or internationally (`+CC…`);
    /// spaces and hyphens are ignored. `nil` otherwise.
    /// `leadingDigit` as the byte it is in text.
    private var leadingByte: UInt8? { leadingDigit.utf8.count == 1 ? leadingDigit.utf8.first : nil }

    public func subscriberNumber(of text: String) -> String? {
        withSubscriberDigits(of: text) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Whether `text` is a mobile number of this plan (see ``subscriberNumber(of:)``).
    public func isMobileNumber(_ text: String) -> Bool {
        withSubscriberDigits(of: text) { $0 != nil }
    }

    /// Calls `body` with the digits after the trunk prefix, or `nil` when
    /// `text` is not a number of the plan; the digits live on the stack.
    private func withSubscriberDigits<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>?) -> Result)
        -> Result
    {
        // No number of any plan has more than 16 digits with its prefix.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
            var count = 0
            var international = false
            let readable = text.withUTF8Bytes { bytes in
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: " "), UInt8(ascii: "-"): continue
                    case UInt8(ascii: "+") where count == 0 && !international: international = true
                    case UInt8(ascii: "0")...UInt8(ascii: "9"):
                        guard count < buffer.count else { return false }
                        buffer[count] = byte
                        count += 1
                    default: return false
                    }
                }
                return true
            }
            guard readable else { return body(nil) }
            let digits = UnsafeBufferPointer(rebasing: buffer[..<count])
            let prefixLength = international ? countryCode.utf8.count : 1
            let matchesPrefix =
                international ? digits.starts(with: countryCode.utf8) : digits.first == UInt8(ascii: "0")
            guard matchesPrefix else { return body(nil) }
            let subscriber = UnsafeBufferPointer(rebasing: digits[prefixLength...])
            guard subscriber.first == leadingByte, subscriberDigits.contains(subscriber.count) else {
                return body(nil)
            }
            return body(subscriber)
        }
    }
}

/// The text must be a mobile number of a ``MobileNumberPlan``.
/// Code `mobile.format` (parameters `region`, e.g. `AU`, and `example`).
public struct MobileNumberRule: ValidationRule {
    /// The plan numbers must follow.
    public let plan: MobileNumberPlan

    private let violation: RuleViolation

    /// Numbers of `plan`.
    public init(_ plan: MobileNumberPlan) {
        self.plan = plan
        violation = RuleViolation(
            code: .mobileFormat, parameters: ["region": plan.region.code, "example": plan.example],
            template: "Enter a mobile number like {example}.")
    }

    /// Numbers of `region`'s plan.
    public init(region: Region) { self.init(.plan(for: region)) }

    /// Fails unless `value` is a number of the plan.
    public func check(_ value: String, in context: ValidationContext) -> RuleViolation? {
        plan.isMobileNumber(value) ? nil : violation
    }
}
