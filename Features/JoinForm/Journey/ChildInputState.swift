import LiveryCore

/// One child input of a composite field, as a head draws it.
public struct ChildInputState: Hashable, Sendable {
    /// The child's key within its parent, e.g. `amount` or `postcode`.
    public var key: String
    /// The text (for a drop-down: the option chosen, or empty).
    public var value: String
    /// Its validation state.
    public var status: FieldStatus
    /// The messages of its violations, in rule order.
    public var messages: [String]
    /// Whether it must be filled in.
    public var isRequired: Bool
    /// Whether it takes keyboard focus (drop-downs do not).
    public var isFocusable: Bool
    /// The choices of a drop-down, in display order.
    public var options: [String]?

    /// A child input's state.
    public init(
        key: String, value: String, status: FieldStatus, messages: [String], isRequired: Bool,
        isFocusable: Bool, options: [String]? = nil
    ) {
        self.key = key
        self.value = value
        self.status = status
        self.messages = messages
        self.isRequired = isRequired
        self.isFocusable = isFocusable
        self.options = options
    }
}
