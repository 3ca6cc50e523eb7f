/// The numbering plan of a market's mobile numbers, as data: how they
/// start, how long they are, and how they are grouped as typed.
public struct MobileNumberPlan: Hashable, Sendable {
    /// The code of the market the plan belongs to, e.g. `AU`.
    public let marketCode: String
    /// The international calling code without `+`, e.g. `61`.
    public let countryCode: String
    /// What the digits after the trunk `0` start with for a mobile number,
    /// e.g. `["4"]` (any one of them).
    public let prefixes: [String]
    /// How many digits follow the trunk `0` (including the prefix).
    public let subscriberDigits: ClosedRange<Int>
    /// The group sizes of a number written nationally, trunk `0` included
    /// (`[4, 3, 3]`: `0412 345 678`); the last group takes the rest.
    public let nationalGroups: [Int]
    /// The group sizes of the digits after the calling code when written
    /// internationally (`[3, 3, 3]`: `+61 412 345 678`).
    public let internationalGroups: [Int]
    /// A sample number in the usual written form, for messages.
    public let example: String
    /// The prefixes as bytes, for the checks on every keystroke.
    private let prefixBytes: [[UInt8]]

    /// A plan; every prefix and the calling code are ASCII digits.
    public init(
        marketCode: String, countryCode: String, prefixes: [String], subscriberDigits: ClosedRange<Int>,
        nationalGroups: [Int], internationalGroups: [Int], example: String
    ) {
        self.marketCode = marketCode
        self.countryCode = countryCode
        self.prefixes = prefixes
        self.subscriberDigits = subscriberDigits
        self.nationalGroups = nationalGroups
        self.internationalGroups = internationalGroups
        self.example = example
        prefixBytes = prefixes.map { Array($0.utf8) }
    }

    /// The most digits a number of any plan has, calling code included.
    public static let maximumDigits = 16

    /// The digits after the trunk `0` of `text` when it is a mobile number of
    /// this plan, written nationally (`0…`) or internationally (`+CC…`);
    /// spaces and hyphens are ignored. `nil` otherwise.
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
        // No number of any plan has more than 16 digits with its prefix (the pack reader holds plans to it).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumDigits) { buffer in
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
            guard subscriberDigits.contains(subscriber.count), prefixBytes.contains(where: subscriber.starts(with:))
            else { return body(nil) }
            return body(subscriber)
        }
    }
}

/// The text must be a mobile number of a ``MobileNumberPlan``.
/// Code `mobile.format` (parameters `market`, e.g. `AU`, and `example`).
public struct MobileNumberRule: ValidationRule {
    /// The plan numbers must follow.
    public let plan: MobileNumberPlan

    private let violation: RuleViolation

    /// Numbers of `plan`.
    public init(_ plan: MobileNumberPlan) {
        self.plan = plan
        violation = RuleViolation(
            code: .mobileFormat, parameters: ["market": plan.marketCode, "example": plan.example],
            template: "Enter a mobile number like {example}.")
    }

    /// Numbers of `market`'s plan.
    public init(market: Market) { self.init(market.mobile) }

    /// Fails unless `value` is a number of the plan.
    public func check(_ value: String, in context: ValidationContext) -> RuleViolation? {
        plan.isMobileNumber(value) ? nil : violation
    }
}
