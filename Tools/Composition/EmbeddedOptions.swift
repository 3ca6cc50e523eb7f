import JoinFormFeature
import LiveryCore

/// What the embedded services start with.
public struct EmbeddedOptions: Sendable {
    /// Usernames already registered.
    public var takenUsernames: Set<String>
    /// The people on the national self-exclusion register (used where the brand checks it).
    public var selfExclusionRegister: [SelfExcludedPerson]
    /// The address service; `nil` means the bundled offline index.
    public var addresses: (any AddressLookupService)?

    /// The defaults: two taken usernames and one registered person, so that
    /// journeys can show both outcomes.
    public init(takenUsernames: Set<String> = EmbeddedOptions.sampleTakenUsernames,
                selfExclusionRegister: [SelfExcludedPerson] = EmbeddedOptions.sampleRegister,
                addresses: (any AddressLookupService)? = nil) {
        self.takenUsernames = takenUsernames
        self.selfExclusionRegister = selfExclusionRegister
        self.addresses = addresses
    }

    /// `punter` and `taken_name`.
    public static let sampleTakenUsernames: Set<String> = ["punter", "taken_name"]

    /// Sam Excluded, born 1 January 1990.
    public static let sampleRegister = [SelfExcludedPerson(firstName: "Sam", lastName: "Excluded",
                                                           dateOfBirth: CalendarDay(year: 1990, month: 1, day: 1)!)]
}
