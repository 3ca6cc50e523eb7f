import LiveryCore
import LiveryWire

extension DeclarationShape {
    /// Where a market pack (`Brands/Markets/<code>.json`) finds its schema.
    public static let marketSchemaReference = "market.schema.json"

    /// The shape of a market pack: what a country's rules are, as data.
    public static var marketPack: DeclarationShape {
        .object(
            "One market the brands trade in: everything that makes a country differ from the others.",
            [
                .required("code", .text("The ISO 3166-1 alpha-2 code, upper case, e.g. GB.", pattern: "^[A-Z]{2}$")),
                .required("name", .text("The country's name in English.")),
                .required(
                    "locale",
                    .text("The locale brands speak here by default, e.g. en-GB.", pattern: "^[a-z]{2}-[A-Z]{2}$")),
                .required(
                    "currency",
                    .object(
                        "The currency brands trade in here and how an amount is written.",
                        [
                            .required("code", .text("The ISO 4217 code, e.g. GBP.", pattern: "^[A-Z]{3}$")),
                            .required("symbol", .text("The sign written before an amount, e.g. £.")),
                        ])),
                .required(
                    "mobile",
                    .object(
                        "The mobile number plan.",
                        [
                            .required(
                                "callingCode",
                                .text("The international calling code without +, e.g. 44.", pattern: "^[0-9]{1,3}$")),
                            .required(
                                "prefixes",
                                .list(
                                    "What the digits after the trunk 0 start with for a mobile number (any one).",
                                    of: .text("Digits, e.g. 7.", pattern: "^[0-9]{1,4}$"))),
                            .required("minimumDigits", .number("The fewest digits after the trunk 0.", range: 4...13)),
                            .required("maximumDigits", .number("The most digits after the trunk 0.", range: 4...13)),
                            .required(
                                "nationalGroups",
                                .list(
                                    "Group sizes of a number written nationally, the 0 included; the last takes the rest: [5, 6] writes 07700 900123.",
                                    of: .number("A group size.", range: 1...8))),
                            .required(
                                "internationalGroups",
                                .list(
                                    "Group sizes of the digits after the calling code written internationally: [4, 6] writes +44 7700 900123.",
                                    of: .number("A group size.", range: 1...8))),
                            .required("example", .text("A mobile number of the plan as people write it.")),
                        ])),
                .required(
                    "postcode",
                    .object(
                        "How postcodes are written.",
                        [
                            .required(
                                "pattern",
                                .text(
                                    "A regular expression the whole postcode matches.",
                                    maximumLength: MarketPack.maximumPatternLength)),
                            .required(
                                "example",
                                .text(
                                    "A postcode of the market; it must match the pattern.",
                                    maximumLength: MarketPack.maximumPostcodeLength)),
                            .required("message", .text("The message of a postcode that does not match.")),
                            .optional("upperCase", .flag("Whether letters are upper-cased as typed.")),
                        ])),
                .required(
                    "address",
                    .object(
                        "The parts of an address.",
                        [
                            .required(
                                "parts",
                                .list(
                                    "The parts in the order a form asks for them: unit, streetNumber, street and postcode, and the places the market uses.",
                                    of: .object(
                                        "One part.",
                                        [
                                            .required(
                                                "part",
                                                .text(
                                                    "Which part.", choices: AddressPart.allCases.map(\.rawValue))),
                                            .optional("required", .flag("Whether it must be filled in.")),
                                            .optional(
                                                "options",
                                                .list("Its fixed choices (a state list).", of: .text("A choice."))),
                                            .optional(
                                                "wireKeys",
                                                .list(
                                                    "The keys an address API's retrieve answer gives it under, the first the one written.",
                                                    of: .text("A key.", choices: AddressRecord.placeKeys))),
                                            .optional(
                                                "maxLength",
                                                .number(
                                                    "The most characters it holds (a unit's 10, a street's 100, a place's 60 unless told).",
                                                    range: 1...Double(MarketPack.maximumPartLength))),
                                        ]))),
                            .optional(
                                "unitStyle",
                                .text(
                                    "How a unit is written: slash (7/2 Harbour Quay, the default) or first (Flat 3, 12 High Street).",
                                    choices: AddressShape.UnitStyle.allCases.map(\.rawValue))),
                            .required(
                                "line",
                                .list(
                                    "The groups after the street on one line, joined by commas, a group's parts by spaces: [[\"town\"], [\"county\"], [\"postcode\"]] writes 12 High Street, Ambridge, Borsetshire, BS12 3AB.",
                                    of: .list("A group.", of: .text("A place or postcode.")))),
                            .required("sampleSearch", .text("What previews type into an address search.")),
                            .required(
                                "samples",
                                .list(
                                    "Addresses previews suggest for the sample search.",
                                    of: .textByKey("An address: id and its parts by name."))),
                            .optional(
                                "addresses",
                                .text(
                                    "A tab-separated file beside the pack of the market's addresses for lookups that work offline (embedded and in the sandbox): id, code, unit, number, street, the places in parts order, postcode; at most 2 MiB. Without it the bundled index must hold the market.",
                                    pattern: "^[a-z0-9][a-z0-9.-]{0,63}\\.tsv$")),
                        ])),
                .required(
                    "dateOrder",
                    .text("The order a date is shown in (dates of birth are typed day first).", choices: ["DMY"])),
                .required(
                    "minimumAge", .number("The age a person must have reached to open an account.", range: 16...25)),
                .optional(
                    "selfExclusionRegister",
                    .text("The national self-exclusion register checked at sign-up, by name and date of birth.")),
                .required("timeZone", .text("The IANA time zone a day is counted in, e.g. Europe/London.")),
                .required(
                    "joinForm",
                    .object(
                        "The standard join form: a whole definition, or another market's amended.",
                        [
                            .optional(
                                "like", .text("The market whose form this one starts from.", pattern: "^[A-Z]{2}$")),
                            .optional("definition", .formValue("A whole form (a form definition).")),
                        ] + formAmendments)),
            ])
    }

    /// The JSON Schema (draft 2020-12) of a market pack, as `Brands/Markets/market.schema.json` holds it.
    public static var marketJSONSchema: JSONValue {
        documentSchema(
            of: marketPack, id: marketSchemaReference, title: "A Livery market pack (Brands/Markets/Packs/<code>.json)")
    }
}
