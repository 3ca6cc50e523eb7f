import LiveryCore

/// One input a head draws: a field of the form, or a child input of a
/// composite field (a manual address line, the deposit-limit amount).
public enum InputID: Hashable, Sendable, CustomStringConvertible {
    /// The field's own input (for an `Address` field: its search box).
    case field(FieldName)
    /// The child input `child` of the composite field `parent`, e.g. `.child("address", "postcode")`.
    case child(FieldName, String)

    /// The field the input belongs to.
    public var field: FieldName {
        switch self {
        case .field(let name), .child(let name, _): name
        }
    }

    /// `name` or `parent.child`, as used in analytics and registrations.
    public var description: String {
        switch self {
        case .field(let name): name.rawValue
        case .child(let parent, let child): "\(parent).\(child)"
        }
    }
}
