import Foundation
import LiveryCore

/// Which fields of a join form the account service reads beyond validating
/// them: the username to reserve, and the name and date of birth to match
/// against the self-exclusion register.
public struct AccountFieldNames: Hashable, Sendable {
    /// The username field.
    public var username: FieldName
    /// The first name field.
    public var firstName: FieldName
    /// The last name field.
    public var lastName: FieldName
    /// The date of birth field (typed `dd/mm/yyyy`).
    public var dateOfBirth: FieldName

    /// Field names.
    public init(username: FieldName, firstName: FieldName, lastName: FieldName, dateOfBirth: FieldName) {
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.dateOfBirth = dateOfBirth
    }

    /// `username`, `firstName`, `lastName`, `dateOfBirth`.
    public static let standard = AccountFieldNames(username: "username", firstName: "firstName",
                                                   lastName: "lastName", dateOfBirth: "dateOfBirth")
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
            a.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(b.trimmingCharacters(in: .whitespaces)) == .orderedSame
        }
        return self.dateOfBirth == dateOfBirth && same(self.firstName, firstName) && same(self.lastName, lastName)
    }
}
