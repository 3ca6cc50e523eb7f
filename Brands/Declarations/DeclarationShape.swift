import AppBarFeature
import LiveryCore

/// The shape of a `brand.json`, said once: the reader takes every object's
/// known and required keys from it, and `Brands/brand.schema.json` (the JSON
/// Schema editors complete and check brand files with) is rendered from it
/// by ``jsonSchema``, so the two cannot disagree.
public indirect enum DeclarationShape: Sendable {
    /// An object with exactly these keys (any other is an error).
    case object(String, [Property])
    /// Text, not blank and at most `maximumLength` characters (2,000 unless told); with a pattern or a
    /// fixed set of choices when given.
    case text(String, pattern: String? = nil, choices: [String]? = nil, maximumLength: Int? = nil)
    /// `true` or `false`.
    case flag(String)
    /// A number within `range`.
    case number(String, range: ClosedRange<Double>)
    /// A list of values of one shape.
    case list(String, of: DeclarationShape)
    /// An object of text by any key (a rule code and its message).
    case textByKey(String)
    /// A value the join form's own loader checks (a whole form, or one field).
    case formValue(String)

    /// One key of an object.
    public struct Property: Sendable {
        /// The key.
        public let name: String
        /// Whether the key must be given.
        public let isRequired: Bool
        /// What its value is.
        public let shape: DeclarationShape

        /// A key that must be given.
        static func required(_ name: String, _ shape: DeclarationShape) -> Property {
            Property(name: name, isRequired: true, shape: shape)
        }

        /// A key that may be left out.
        static func optional(_ name: String, _ shape: DeclarationShape) -> Property {
            Property(name: name, isRequired: false, shape: shape)
        }
    }

    /// The keys of an object shape (none for any other shape).
    var properties: [Property] {
        if case .object(_, let properties) = self { properties } else { [] }
    }

    /// The shape of a list's items (none for any other shape).
    var item: DeclarationShape? {
        if case .list(_, let item) = self { item } else { nil }
    }

    /// The shape of the value under `key` of an object shape.
    subscript(key: String) -> DeclarationShape? {
        properties.first { $0.name == key }?.shape
    }

    /// The key `$schema`, which every brand file may give to name its schema
    /// (editors read it; the reader ignores it).
    public static let schemaKey = "$schema"

    /// Where a brand file (`Brands/<Name>/Plugin/brand.json`) finds the schema.
    public static let schemaReference = "../../brand.schema.json"

    /// The shape of a whole brand file. Made when asked (a reader asks once
    /// per file) rather than kept: a tree of indirect cases kept in a static
    /// reads as leaked memory to the fuzzers' leak checker.
    public static var brandFile: DeclarationShape {
        .object(
            "One brand of the group: everything that makes it differ from the others.",
            [
                .required(
                    "id",
                    .text(
                        "The brand's id: lower-case letters, digits and hyphens, starting with a letter.",
                        pattern: "^[a-z][a-z0-9-]*$")),
                .required("name", .text("The name shown to people.")),
                .required(
                    "market",
                    .text(
                        "The market the brand trades in: the code of a market pack (Brands/Markets), e.g. AU.",
                        pattern: "^[A-Z]{2}$")),
                .optional(
                    "currency",
                    .text("An ISO 4217 code; the market's when left out.", pattern: "^[A-Z]{3}$")),
                .optional(
                    "locale",
                    .text("A locale such as en-AU; the market's when left out.", pattern: "^[a-z]{2}-[A-Z]{2}$")),
                .required(
                    "theme",
                    .object(
                        "What the brand's heads draw with.",
                        [
                            .required("fontFamily", .text("The font family of every text style.")),
                            .optional(
                                "fontFallbacks",
                                .list(
                                    "Font families tried in order when the font family is not available, ending in a generic one such as sans-serif.",
                                    of: .text("A font family."))),
                            .optional(
                                "logo",
                                .text(
                                    "The logo: an SVG file beside the brand file (listed in the brand target's resources), drawn in the app bar. At most 64 KiB, a root svg with a viewBox, drawing elements only: no scripts, styles, event handlers, entities or references outside the file.",
                                    pattern: "^[a-z0-9][a-z0-9-]{0,63}\\.svg$")),
                            .required(
                                "icons",
                                .object(
                                    "The icon assets.",
                                    [
                                        .required(
                                            "prefix", .text("The asset name prefix, e.g. neds (neds.icon.search).")),
                                        .required("pot", .flag("Whether the brand has a pot icon.")),
                                    ])),
                            .required(
                                "colours",
                                .object(
                                    "Every colour role, as #rrggbb or #rrggbbaa; text pairs need WCAG AA contrast, and focusRing 3:1 against background, surface and appBarBackground.",
                                    ColorRole.allCases.map {
                                        .required(
                                            $0.rawValue,
                                            .text(
                                                "The \($0.rawValue) colour.",
                                                pattern: "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"))
                                    })),
                            .optional(
                                "spacing",
                                .object(
                                    "The spacing scale in points, no step smaller than the one before; 2, 4, 8, 16, 24, 32 when left out.",
                                    SpacingStep.allCases.map {
                                        .required($0.rawValue, .number("The \($0.rawValue) step.", range: 0...1_000))
                                    })),
                        ])),
                .required(
                    "appBar",
                    .object(
                        "The app bar.",
                        [
                            .required(
                                "promotions",
                                .text(
                                    "The promotions entry: a locker, a toolbox or none.",
                                    choices: ["none", "locker", "toolbox"])),
                            .optional(
                                "badge", .flag("Whether the promotions entry shows a badge (required with one).")),
                            .required("potIcon", .flag("Whether the app bar shows the pot icon.")),
                        ])),
                .optional(
                    "flags",
                    .object(
                        "The flags the brand starts with, where the app's flag service has no value; an unset flag is off.",
                        FeatureFlag.known.map { .optional($0.rawValue, .flag("The \($0.rawValue) flag.")) })),
                .optional(
                    "messages",
                    .textByKey(
                        "The brand's own words for rule codes, e.g. {\"username.taken\": \"Someone's already got that username.\"}, {placeholders} as in the defaults."
                    )),
                .optional(
                    "joinForm",
                    .object(
                        "The join form the brand starts from and how it amends it.",
                        [
                            .optional(
                                "definition",
                                .formValue("A whole form replacing the market's standard one (a form definition)."))
                        ] + formAmendments + [
                            .optional(
                                "selfExclusionRegister",
                                .flag(
                                    "Whether creating a client checks the self-exclusion register; where the market's pack names one when left out."
                                ))
                        ])),
            ])
    }

    /// The keys that amend a join form, in a brand file and a market pack alike.
    static var formAmendments: [Property] {
        [
            .optional(
                "removeFields", .list("Fields removed from the form; rows left empty go.", of: .text("A field name."))),
            .optional(
                "addFields",
                .list(
                    "Fields added, each on a row of its own.",
                    of: .object(
                        "A field and the field it follows.",
                        [
                            .required("after", .text("The field the new one follows.")),
                            .required("field", .formValue("The field (a field definition).")),
                        ]))),
        ]
    }
}
