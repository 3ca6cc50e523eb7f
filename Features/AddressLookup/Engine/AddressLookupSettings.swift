/// How the address lookup searches; brands may override the defaults.
public struct AddressLookupSettings: Hashable, Sendable {
    /// How long after the last keystroke a search starts.
    public var debounce: Duration
    /// The fewest characters (after trimming) that start a search as the
    /// user types: 4, i.e. "longer than 3 characters". A smaller number
    /// searches from `AddressQuery.minimumCharacters` all the same: no
    /// service spends a request on shorter text.
    public var minimumQueryLength: Int
    /// The most suggestions asked for.
    public var suggestionLimit: Int

    /// Settings; the defaults are a 300 ms debounce, 4 characters and 8 suggestions.
    public init(debounce: Duration = .milliseconds(300), minimumQueryLength: Int = 4, suggestionLimit: Int = 8) {
        self.debounce = debounce
        self.minimumQueryLength = minimumQueryLength
        self.suggestionLimit = suggestionLimit
    }
}
