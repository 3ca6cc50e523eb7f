/// The kind of input a field is, as a form definition names it (`inputType`).
///
/// The first seven names come from the server-driven registration shape:
/// `Tel`, `Password`, `Checkbox`, `Email`, `Select`, `Date`, `Text`. Livery
/// adds two composite inputs whose value is a child form: `Address` (search
/// with suggestions, or a manual address) and `DepositLimit` (a decision, and
/// when a limit is set its amount and period). A composite field is valid
/// only when every child present is valid.
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
    /// An address: a search field with suggestions, or a manual child form.
    case address = "Address"
    /// A deposit limit decision: declined, or an amount and a period (a child form).
    case depositLimit = "DepositLimit"

    /// Whether the field holds a tick (`Bool`) rather than text.
    public var holdsTick: Bool { self == .checkbox }

    /// Whether the field itself takes keyboard focus (drop-downs, tick boxes
    /// and the deposit-limit decision do not; the address takes it in its search field).
    public var isFocusable: Bool {
        switch self {
        case .select, .checkbox, .depositLimit: false
        case .tel, .password, .email, .date, .text, .address: true
        }
    }

    /// Whether the field's value is a child form rather than one value.
    public var isComposite: Bool { self == .address || self == .depositLimit }
}
