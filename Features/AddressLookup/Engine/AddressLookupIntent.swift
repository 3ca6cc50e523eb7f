import LiveryCore

/// What a user does to the address lookup.
public enum AddressLookupIntent: Hashable, Sendable {
    /// The search text changed. A search starts after the debounce once the
    /// trimmed text has at least ``AddressLookupSettings/minimumQueryLength``
    /// characters; each change cancels the pending search and any request in flight.
    case typeText(String)
    /// The return key: searches for the current text at once, without the
    /// debounce, when it is long enough to search as you type (a shorter
    /// text is never sent).
    case submit
    /// Chooses the suggestion `id`: fills the search text, closes the list
    /// and retrieves the full address.
    case select(id: String)
    /// Switches to the manual form, pre-filled from the chosen address if any.
    case enterManually
    /// Leaves the manual form for the search.
    case backToSearch
    /// A tap outside the suggestion list: closes it.
    case tapBackground
    /// The clear button: empties the search text, suggestions, selection and address.
    case clear
    /// A manual child's text (or drop-down choice) changed.
    case changeManual(AddressPart, String)
    /// A manual child lost focus: it is validated.
    case leaveManual(AddressPart)
    /// Validates every manual child (the "continue" walk).
    case validateManual
}

extension AddressLookupIntent {
    /// The address lookup's intents by name (the one table tools read).
    public enum Name: String, Hashable, Sendable, CaseIterable {
        case typeText, submit, select, enterManually, backToSearch, tapBackground, clear, changeManual
        case leaveManual, validateManual
    }

    /// This intent's name, without what it carries.
    public var name: Name {
        switch self {
        case .typeText: .typeText
        case .submit: .submit
        case .select: .select
        case .enterManually: .enterManually
        case .backToSearch: .backToSearch
        case .tapBackground: .tapBackground
        case .clear: .clear
        case .changeManual: .changeManual
        case .leaveManual: .leaveManual
        case .validateManual: .validateManual
        }
    }
}
