/// A value that can be "empty" in the sense a required-field check needs.
///
/// Conform an enum with a "none" case to make a required picker reject it:
///
/// ```swift
/// enum Title: Emptiable { case none, mr, ms
///     var isEmptyValue: Bool { self == .none } }
/// ```
public protocol Emptiable {
    /// Whether the value counts as not filled in.
    var isEmptyValue: Bool { get }
}

extension String: Emptiable {
    /// A string is empty when it has no characters other than white space and
    /// line breaks (Unicode White_Space): a field holding only spaces is not
    /// filled in.
    public var isEmptyValue: Bool {
        for byte in utf8 {
            switch byte {
            case 0x09...0x0D, 0x20: continue  // ASCII white space and line breaks
            case 0x80...: return allSatisfy(\.isWhitespace)  // non-ASCII: ask Unicode
            default: return false
            }
        }
        return true
    }
}

extension Substring: Emptiable {
    /// Empty when it has no characters other than white space and line breaks.
    public var isEmptyValue: Bool { allSatisfy(\.isWhitespace) }
}

extension Optional: Emptiable {
    /// `nil` is empty; a present value is not (whatever it wraps).
    public var isEmptyValue: Bool { self == nil }
}

extension Array: Emptiable {
    /// Empty when it has no elements.
    public var isEmptyValue: Bool { isEmpty }
}

extension Set: Emptiable {
    /// Empty when it has no elements.
    public var isEmptyValue: Bool { isEmpty }
}

extension Dictionary: Emptiable {
    /// Empty when it has no entries.
    public var isEmptyValue: Bool { isEmpty }
}
