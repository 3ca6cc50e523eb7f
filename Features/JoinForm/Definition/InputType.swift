/// The kind of input a field is, as a form definition names it (`inputType`).
///
/// The seven names come from the server-driven registration shape: `Tel`,
/// `Password`, `Checkbox`, `Email`, `Select`, `Date`, `Text`.
public enum InputType: String, Hashable, Sendable, Codable, CaseIterable {
    /// A telephone number.
    case tel = "Tel"
    /// A password (never logged, persisted or sent to analytics).
    case password = "Password"
    /// A tick box.
    case checkbox = "Checkbox"
    /// An e-mail address.
    case email = "Email"
    /// A choice from a list (a drop-down; not focusable).
    case select = "Select"
    /// A date typed as digits and shown `dd/mm/yyyy`.
    case date = "Date"
    /// Free text.
    case text = "Text"

    /// Whether the field holds a tick (`Bool`) rather than text.
    public var holdsTick: Bool { self == .checkbox }

    /// Whether the field takes keyboard focus (drop-downs and tick boxes do not).
    public var isFocusable: Bool {
        switch self {
        case .select, .checkbox: false
        case .tel, .password, .email, .date, .text: true
        }
    }
}
