import AppBarFeature
import JoinFormFeature
import LiveryCore

/// A brand as data: everything that makes one brand differ from another,
/// read from the brand's `brand.json` (see ``DeclaredBrand``) and checked as
/// it is read. It is the plugin the composition root registers.
public struct BrandDefinition: BrandPlugin, Equatable {
    /// Identity, market, currency and locale.
    public let manifest: BrandManifest
    /// Colours, type, spacing and icons.
    public let theme: Theme
    /// The brand's own words for rule codes, replacing the features' defaults.
    public let messageTemplates: [RuleCode: String]
    /// The flags the brand starts with.
    public let featureFlagDefaults: [FeatureFlag: Bool]
    /// The app bar: promotions entry, its badge, the pot icon.
    public let appBar: AppBarSettings
    /// The join form the brand starts from and how it amends it.
    public let form: BrandForm
    /// The join form the brand ships, when it differs from its market's
    /// standard form (worked out and checked when the definition is made).
    public let formDefinition: FormDefinition?

    /// A brand.
    /// - Throws: `DefinitionError` when the form's amendments do not apply.
    public init(
        manifest: BrandManifest, theme: Theme, messageTemplates: [RuleCode: String] = [:],
        featureFlagDefaults: [FeatureFlag: Bool] = [:], appBar: AppBarSettings = AppBarSettings(),
        form: BrandForm = BrandForm()
    ) throws(DefinitionError) {
        self.manifest = manifest
        self.theme = theme
        self.messageTemplates = messageTemplates
        self.featureFlagDefaults = featureFlagDefaults
        self.appBar = appBar
        self.form = form
        formDefinition = try form.definition(in: manifest.market)
    }

    /// The rule messages as a catalogue.
    public var messages: MessageCatalogue { MessageCatalogue(messageTemplates) }

    /// None: a brand as data names its events as every brand does (the
    /// runtime tags each with the brand and market).
    public var analyticsTransforms: [any AnalyticsTransform] { [] }

    /// Sets the app bar and, where the brand declares them, its join form and register check.
    public func configure(_ settings: inout FeatureSettings) {
        settings[AppBarSettings.Key.self] = appBar
        settings[JoinFormSettings.Key.self].definition = formDefinition
        settings[JoinFormSettings.Key.self].checksSelfExclusionRegister = form.checksSelfExclusionRegister
    }

    /// Two definitions are equal when every declared value is.
    public static func == (lhs: BrandDefinition, rhs: BrandDefinition) -> Bool {
        lhs.manifest == rhs.manifest && lhs.theme == rhs.theme && lhs.messageTemplates == rhs.messageTemplates
            && lhs.featureFlagDefaults == rhs.featureFlagDefaults && lhs.appBar == rhs.appBar && lhs.form == rhs.form
    }
}

/// The join form a brand declares: its market's standard form or one of its
/// own, amended; and whether creating a client checks the self-exclusion register.
public struct BrandForm: Hashable, Sendable {
    /// A whole form replacing the market's standard one, or `nil` for the standard one.
    public var replacement: FormDefinition?
    /// Fields removed from the form it starts from.
    public var removedFields: [FieldName]
    /// Fields added, each on a row of its own below the row of its anchor.
    public var addedFields: [AddedField]
    /// Whether creating a client checks the self-exclusion register; `nil`
    /// means where the market has one.
    public var checksSelfExclusionRegister: Bool?

    /// A field added after another.
    public struct AddedField: Hashable, Sendable {
        /// The new field.
        public var field: FieldDefinition
        /// The field it follows.
        public var after: FieldName

        /// `field` after `after`.
        public init(_ field: FieldDefinition, after: FieldName) {
            self.field = field
            self.after = after
        }
    }

    /// A form declaration; by default the market's standard form, unchanged.
    public init(
        replacement: FormDefinition? = nil, removedFields: [FieldName] = [], addedFields: [AddedField] = [],
        checksSelfExclusionRegister: Bool? = nil
    ) {
        self.replacement = replacement
        self.removedFields = removedFields
        self.addedFields = addedFields
        self.checksSelfExclusionRegister = checksSelfExclusionRegister
    }

    /// Whether the form is the market's standard one, unchanged.
    public var isStandard: Bool { replacement == nil && removedFields.isEmpty && addedFields.isEmpty }

    /// The form the brand ships in `market`, or `nil` when it is the standard one.
    /// - Throws: `DefinitionError` when an amendment does not apply.
    public func definition(in market: Market) throws(DefinitionError) -> FormDefinition? {
        guard !isStandard else { return nil }
        var amendments: [FormAmendment] = removedFields.isEmpty ? [] : [.remove(removedFields)]
        amendments += addedFields.map { .add($0.field, after: $0.after) }
        let base: FormDefinition
        if let replacement { base = replacement } else { base = try FormDefinition.standard(for: market) }
        return try base.amended(by: amendments)
    }
}
