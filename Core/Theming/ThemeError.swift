/// A theme value that cannot be read or exported.
public enum ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Text that is not a colour in `#rrggbb` or `#rrggbbaa` form; carries the
    /// text exactly as given.
    case invalidHexColor(String)
    /// A number that cannot be written as a design token (infinite or not a
    /// number); carries the token's path, e.g. `spacing.m`.
    case nonFiniteValue(token: String)
    /// The design-token document could not be encoded; carries the encoder's
    /// explanation.
    case exportFailed(reason: String)

    /// What is wrong, naming the offending text or token.
    public var description: String {
        switch self {
        case .invalidHexColor(let text):
            "\(text.debugDescription) is not a hex colour (expected #rrggbb or #rrggbbaa)"
        case .nonFiniteValue(let token):
            "design token \(token) is not a finite number"
        case .exportFailed(let reason):
            "design tokens could not be exported: \(reason)"
        }
    }
}
