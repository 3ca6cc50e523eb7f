import LiveryCore

/// The join form's settings: what a brand plugin may change. Every value has
/// a default; market-dependent defaults follow the runtime's market.
///
/// ```swift
/// func configure(_ settings: inout FeatureSettings) {
///     settings[JoinFormSettings.Key.self].alerts.byKind[.signUpFailed]?.title = "Sign-up hiccup"
/// }
/// ```
public struct JoinFormSettings: Sendable {
    /// The form definition; `nil` means the standard one of the runtime's
    /// market (``FormDefinition/standard(for:)``). A brand may replace it or
    /// amend the standard one.
    public var definition: FormDefinition?
    /// The system alerts' texts and the market's extra alert situations.
    public var alerts: JoinAlerts
    /// Whether creating a client checks the national self-exclusion register
    ///; `nil` means: where the market's pack names one. Read by the
    /// composition root when it assembles the account service.
    public var checksSelfExclusionRegister: Bool?
    /// Which fields the journey and the account service read beyond validating them.
    public var fieldNames: AccountFieldNames
    /// Messages for the journey's own rule codes, under the brand's catalogue.
    public var messages: MessageCatalogue

    /// Settings with every default.
    public init(
        definition: FormDefinition? = nil, alerts: JoinAlerts = JoinAlerts(),
        checksSelfExclusionRegister: Bool? = nil, fieldNames: AccountFieldNames = .standard,
        messages: MessageCatalogue = MessageCatalogue()
    ) {
        self.definition = definition
        self.alerts = alerts
        self.checksSelfExclusionRegister = checksSelfExclusionRegister
        self.fieldNames = fieldNames
        self.messages = messages
    }

    /// The form a brand with these settings uses in `market`: its own
    /// ``definition``, or else the market's standard one. The one answer to
    /// "which form does this brand use".
    /// - Throws: ``DefinitionError`` when the standard definition cannot be read.
    public func form(in market: Market) throws(DefinitionError) -> FormDefinition {
        if let definition { return definition }
        return try FormDefinition.standard(for: market)
    }

    /// Whether client creation checks the self-exclusion register in `market`.
    public func checksSelfExclusionRegister(in market: Market) -> Bool {
        checksSelfExclusionRegister ?? (market.selfExclusionRegister != nil)
    }

    /// The key the settings are stored under in `FeatureSettings`.
    public enum Key: FeatureSettingKey {
        /// Every default.
        public static let defaultValue = JoinFormSettings()
    }
}

extension BrandPlugin {
    /// This brand with `definition` as its join form (a server's, a test's),
    /// every other part of it kept: a `LiveryCore/BrandVariant`.
    public func with(definition: FormDefinition) -> BrandVariant {
        configuring { $0[JoinFormSettings.Key.self].definition = definition }
    }
}
