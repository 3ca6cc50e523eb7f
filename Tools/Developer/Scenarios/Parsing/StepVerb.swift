import AddressLookupFeature

/// The words that start a scenario step, spelled once for the parser that
/// reads them and for the explorer and the recorder that write them.
public enum StepVerb: String, Hashable, Sendable, CaseIterable {
    case focus, type, fill, choose, toggle, tap, depositLimit, searchAddress, selectAddress, open, alert
    case tapAppBar, appBar, wait, signIn, signOut, betslip, flag, journey, faults
    case next, unfocus, leave, dismissAlert, routeHandled, settle
    case submitAddress, enterAddressManually, clearAddress, closeAddressList, backToAddressSearch

    /// Whether the step may be written as the bare word (`- next`).
    public var standsAlone: Bool {
        switch self {
        case .next, .unfocus, .leave, .dismissAlert, .routeHandled, .settle, .signIn, .signOut, .submitAddress,
            .enterAddressManually, .clearAddress, .closeAddressList, .backToAddressSearch:
            true
        default: false
        }
    }

    /// Whether the step may be written with a value (`- focus: email`).
    public var takesValue: Bool {
        switch self {
        case .next, .unfocus, .leave, .dismissAlert, .routeHandled, .settle, .signOut, .submitAddress,
            .enterAddressManually, .clearAddress, .closeAddressList, .backToAddressSearch:
            false
        default: true
        }
    }

    /// The address lookup's action a bare address step sends, if it is one.
    public var addressAction: AddressLookupIntent? {
        switch self {
        case .submitAddress: .submit
        case .enterAddressManually: .enterManually
        case .clearAddress: .clear
        case .closeAddressList: .tapBackground
        case .backToAddressSearch: .backToSearch
        default: nil
        }
    }

    /// The bare step that sends the address lookup's `action`, if a scenario can write it alone.
    public static func sending(_ action: AddressLookupIntent) -> StepVerb? {
        allCases.first { $0.addressAction == action }
    }

    /// The step's line: the bare word, or `verb: value`.
    public func line(_ value: String? = nil) -> String {
        value.map { "\(rawValue): \($0)" } ?? rawValue
    }
}
