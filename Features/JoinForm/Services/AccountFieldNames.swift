import Foundation
import LiveryCore

/// Which fields of a join form the account service reads beyond validating
/// them: the username to reserve, the email and mobile that tell an existing
/// client, and the name and date of birth to match against the
/// self-exclusion register.
public struct AccountFieldNames: Hashable, Sendable {
    /// The username field.
    public var username: FieldName
    /// The first name field.
    public var firstName: FieldName
    /// The last name field.
    public var lastName: FieldName
    /// The date of birth field (typed `dd/mm/yyyy`).
    public var dateOfBirth: FieldName
    /// The email field.
    public var email: FieldName
    /// The mobile number field.
    public var mobile: FieldName

    /// Field names.
    public init(
        username: FieldName, firstName: FieldName, lastName: FieldName, dateOfBirth: FieldName,
        email: FieldName = "email", mobile: FieldName = "mobile"
    ) {
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.dateOfBirth = dateOfBirth
        self.email = email
        self.mobile = mobile
    }

    /// `username`, `firstName`, `lastName`, `dateOfBirth`, `email`, `mobile`.
    public static let standard = AccountFieldNames(
        username: "username", firstName: "firstName",
        lastName: "lastName", dateOfBirth: "dateOfBirth")
}

/// Someone who already has an account with a brand, known by email and/or
/// mobile number, and optionally the username they took.
public struct ExistingAccount: Hashable, Sendable {
    /// Their email.
    public var email: String?
    /// Their mobile number, as written.
    public var mobile: String?
    /// Their username, if known (it is taken).
    public var username: String?

    /// An existing account; give an email, a mobile or both.
    public init(email: String? = nil, mobile: String? = nil, username: String? = nil) {
        self.email = email
        self.mobile = mobile
        self.username = username
    }
}

/// How an account service tells a person who already has an account: the
/// same email (ignoring case and surrounding spaces) or the same mobile
/// number however it is written (`0412 345 678`, `+61412345678`).
public struct AccountIdentity: Hashable, Sendable {
    /// The email as compared, if any.
    public let emailKey: String?
    /// The mobile number as compared: the market's code and the digits after
    /// the trunk 0 (`AU:412345678`), if it is a mobile number of the market.
    public let mobileKey: String?

    /// The identity of `email` and `mobile` of an account in `market`.
    public init(email: String?, mobile: String?, in market: Market) {
        let email = email?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        emailKey = email?.isEmpty == false ? email : nil
        mobileKey = mobile.flatMap { market.mobile.subscriberNumber(of: $0) }.map { "\(market.code):\($0)" }
    }

    /// The identity of an existing account in `market`.
    public init(_ account: ExistingAccount, in market: Market) {
        self.init(email: account.email, mobile: account.mobile, in: market)
    }

    /// Whether the two share an email or a mobile number.
    public func matches(_ other: AccountIdentity) -> Bool {
        (emailKey != nil && emailKey == other.emailKey) || (mobileKey != nil && mobileKey == other.mobileKey)
    }
}

/// A person on the national self-exclusion register, matched by name
/// (ignoring case and surrounding spaces) and date of birth.
public struct SelfExcludedPerson: Hashable, Sendable {
    /// First name.
    public var firstName: String
    /// Last name.
    public var lastName: String
    /// Date of birth.
    public var dateOfBirth: CalendarDay

    /// A register entry.
    public init(firstName: String, lastName: String, dateOfBirth: CalendarDay) {
        self.firstName = firstName
        self.lastName = lastName
        self.dateOfBirth = dateOfBirth
    }

    func matches(firstName: String, lastName: String, dateOfBirth: CalendarDay) -> Bool {
        func same(_ a: String, _ b: String) -> Bool {
            a.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(b.trimmingCharacters(in: .whitespaces))
                == .orderedSame
        }
        return self.dateOfBirth == dateOfBirth && same(self.firstName, firstName) && same(self.lastName, lastName)
    }
}
