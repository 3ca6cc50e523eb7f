import LiveryCore

/// What a head needs to draw an input, derived from its definition.
public struct FieldTraits: Hashable, Sendable {
    /// The keyboard a head should show.
    public enum Keyboard: String, Hashable, Sendable, Codable, CaseIterable {
        /// Letters.
        case text
        /// Letters with `@` and `.` at hand.
        case email
        /// A phone pad.
        case phone
        /// Digits only.
        case number
    }

    /// How a head should capitalise typed text.
    public enum Capitalisation: String, Hashable, Sendable, Codable, CaseIterable {
        /// Never.
        case none
        /// The first letter of each word (names).
        case words
        /// The first letter of each sentence.
        case sentences
    }

    /// Whether the field must be filled in.
    public var isRequired: Bool
    /// Whether the field takes keyboard focus (drop-downs and tick boxes do not).
    public var isFocusable: Bool
    /// Whether typed text is hidden (passwords).
    public var isSecure: Bool
    /// The most characters a head lets a person type, after formatting, if limited.
    public var inputLimit: Int?
    /// How text is shown as it is typed.
    public var format: DisplayFormat
    /// Which keyboard a head shows (e.g. digits for a mobile number).
    public var keyboard: Keyboard
    /// How a head capitalises typed text (none for usernames and emails).
    public var capitalisation: Capitalisation
}

extension FieldDefinition {
    /// The field's traits: the definition's own `format`, `keyboard` and
    /// `capitalisation` where given, otherwise what its input type implies
    /// (`Date` → `dd/mm/yyyy` digits on a number pad; `Tel` → phone pad;
    /// `Email` → e-mail keyboard, no capitals; `Password` → secure, no
    /// capitals; `Text` → words capitalised). The input limit is `maxLength`,
    /// or for formatted fields the longest formatted value (`dd/mm/yyyy` is 10).
    public func traits(in market: Market) -> FieldTraits {
        let format = self.format ?? (inputType == .date ? .dateOfBirth : .plain)
        let formattedLimit: Int? =
            switch format {
            case .plain: nil
            case .dateOfBirth: 10
            case .mobile: DisplayFormat.mobile.format("+" + String(repeating: "9", count: 20), market: market).count
            }
        return FieldTraits(
            isRequired: validate.mandatory, isFocusable: inputType.isFocusable,
            isSecure: inputType == .password, inputLimit: validate.maxLength ?? formattedLimit,
            format: format, keyboard: keyboard ?? impliedKeyboard,
            capitalisation: capitalisation ?? impliedCapitalisation)
    }

    private var impliedKeyboard: FieldTraits.Keyboard {
        switch inputType {
        case .date: .number
        case .tel: .phone
        case .email: .email
        case .text, .password, .select, .checkbox, .address, .depositLimit: .text
        }
    }

    private var impliedCapitalisation: FieldTraits.Capitalisation {
        switch inputType {
        case .text, .address: .words
        case .tel, .password, .email, .select, .checkbox, .date, .depositLimit: .none
        }
    }
}
