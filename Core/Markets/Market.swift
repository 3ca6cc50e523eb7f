import Foundation

/// A market the brands trade in, as its pack describes it: codes, currency,
/// mobile numbers, postcodes, the parts of an address, the date order, the
/// minimum age, the self-exclusion register, the time zone and the standard
/// join form. Nothing in the libraries knows a market by name: each one is
/// read from its pack (a JSON file), as a brand is read from its brand file.
///
/// Two markets are equal when they carry the same pack; copies share their storage.
public struct Market: Hashable, Sendable, CustomStringConvertible {
    private let storage: Storage

    /// A market; see each property for its meaning.
    public init(
        code: String, name: String, locale: String, currency: CurrencyFormat, mobile: MobileNumberPlan,
        postcode: PostcodeFormat, address: AddressShape, dateOrder: DateOrder = .dayMonthYear, minimumAge: Int,
        selfExclusionRegister: String? = nil, timeZone: String, standardJoinForm: Data, addresses: [PostalAddress] = []
    ) {
        storage = Storage(
            contents: Contents(
                code: code, name: name, locale: locale, currency: currency, mobile: mobile, postcode: postcode,
                address: address, dateOrder: dateOrder, minimumAge: minimumAge,
                selfExclusionRegister: selfExclusionRegister, timeZone: timeZone,
                standardJoinForm: [UInt8](standardJoinForm), addresses: addresses))
    }

    /// The ISO 3166-1 alpha-2 code, upper case: `AU`, `GB`.
    public var code: String { storage.contents.code }
    /// The country's name in English, for people reading a tool's output.
    public var name: String { storage.contents.name }
    /// The locale brands speak here by default (BCP 47), e.g. `en-GB`.
    public var locale: String { storage.contents.locale }
    /// The currency brands trade in here by default and how an amount is written.
    public var currency: CurrencyFormat { storage.contents.currency }
    /// The currency's ISO 4217 code: `AUD`, `GBP`.
    public var currencyCode: String { storage.contents.currency.code }
    /// How mobile numbers are written and checked.
    public var mobile: MobileNumberPlan { storage.contents.mobile }
    /// How postcodes are written and checked.
    public var postcode: PostcodeFormat { storage.contents.postcode }
    /// The parts of an address, which are required, their choices and their order on one line.
    public var address: AddressShape { storage.contents.address }
    /// The order a date is shown in.
    public var dateOrder: DateOrder { storage.contents.dateOrder }
    /// The age in whole years a person must have reached to open an account.
    public var minimumAge: Int { storage.contents.minimumAge }
    /// The national self-exclusion register checked when a client is created
    /// (its name, e.g. `BetStop`), or `nil` where the market has none.
    public var selfExclusionRegister: String? { storage.contents.selfExclusionRegister }
    /// The IANA time zone a day is counted in by default, e.g. `Europe/London`.
    public var timeZone: String { storage.contents.timeZone }
    /// The market's standard join form as the JSON of a form definition
    /// (what the join feature's `FormDefinition.standard(for:)` reads).
    public var standardJoinForm: Data { Data(storage.contents.standardJoinForm) }
    /// The addresses the pack ships for lookups that work offline (the
    /// embedded service and the sandbox), or none where the bundled index has the market's.
    public var addresses: [PostalAddress] { storage.contents.addresses }

    /// The market's ISO 3166 code, e.g. `GB`.
    public var description: String { code }

    public static func == (lhs: Market, rhs: Market) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.contents == rhs.storage.contents
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.contents.code) }

    private struct Contents: Equatable, Sendable {
        let code: String
        let name: String
        let locale: String
        let currency: CurrencyFormat
        let mobile: MobileNumberPlan
        let postcode: PostcodeFormat
        let address: AddressShape
        let dateOrder: DateOrder
        let minimumAge: Int
        let selfExclusionRegister: String?
        let timeZone: String
        /// Kept as plain bytes: a `Data` kept for the process's life reads as leaked to the fuzzers' leak checker.
        let standardJoinForm: [UInt8]
        let addresses: [PostalAddress]
    }

    /// Immutable, so copies of a market share one.
    private final class Storage: Sendable {
        let contents: Contents
        init(contents: Contents) { self.contents = contents }
    }
}

/// How a market writes an amount of money.
public struct CurrencyFormat: Hashable, Sendable {
    /// The ISO 4217 code, e.g. `GBP`.
    public let code: String
    /// The sign written before an amount, e.g. `£`.
    public let symbol: String
    /// The digits after the decimal point (2 for every market shipped).
    public let fractionDigits: Int

    /// A currency written `symbol` then the amount with `fractionDigits` decimals.
    public init(code: String, symbol: String, fractionDigits: Int = 2) {
        self.code = code
        self.symbol = symbol
        self.fractionDigits = fractionDigits
    }

    /// `amount` as the market writes it: `£12.50`, `-$3.00`.
    public func text(_ amount: Decimal) -> String {
        var rounded = Decimal()
        var value = amount
        NSDecimalRound(&rounded, &value, fractionDigits, .bankers)
        let negative = rounded < 0
        let magnitude = negative ? -rounded : rounded
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.minimumFractionDigits = fractionDigits
        formatter.maximumFractionDigits = fractionDigits
        formatter.minimumIntegerDigits = 1
        let digits = formatter.string(from: magnitude as NSDecimalNumber) ?? "\(magnitude)"
        return (negative ? "-" : "") + symbol + digits
    }
}

/// The order of day, month and year in a date as a market shows it.
public enum DateOrder: String, Hashable, Sendable, CaseIterable {
    /// `DD/MM/YYYY`.
    case dayMonthYear = "DMY"
    /// `MM/DD/YYYY`.
    case monthDayYear = "MDY"
    /// `YYYY/MM/DD`.
    case yearMonthDay = "YMD"
}
