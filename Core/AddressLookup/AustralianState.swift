/// The states and territories of Australia: the fixed list a manual
/// Australian address chooses from.
public enum AustralianState: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Australian Capital Territory.
    case act = "ACT"
    /// New South Wales.
    case nsw = "NSW"
    /// Northern Territory.
    case nt = "NT"
    /// Queensland.
    case qld = "QLD"
    /// South Australia.
    case sa = "SA"
    /// Tasmania.
    case tas = "TAS"
    /// Victoria.
    case vic = "VIC"
    /// Western Australia.
    case wa = "WA"

    /// The full name, e.g. "New South Wales".
    public var name: String {
        switch self {
        case .act: "Australian Capital Territory"
        case .nsw: "New South Wales"
        case .nt: "Northern Territory"
        case .qld: "Queensland"
        case .sa: "South Australia"
        case .tas: "Tasmania"
        case .vic: "Victoria"
        case .wa: "Western Australia"
        }
    }

    /// The abbreviation, e.g. "NSW".
    public var description: String { rawValue }
}
