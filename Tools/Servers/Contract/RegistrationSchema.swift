import BrandDeclarations
import JoinFormFeature
import LiveryCore

/// The `fields` of one brand's registration as JSON Schema: every key its
/// form takes (composites as `address.<part>`, `depositLimit` with its
/// amount and period), which are required, and each value's rule, written
/// so that whatever the schema allows the brand's own checks accept. Where a
/// rule cannot be said exactly the schema says less than the server takes,
/// never more, and the description says so:
///
/// - lengths count code points where the form counts characters as a person
///   sees them, so a text with combining marks may hold more than `maxLength`;
/// - a date of birth is a day first, `dd/mm/yyyy`, on which the person had
///   reached the minimum age by the request's day; the pattern says the
///   day, the description the age, which depends on the request's day;
/// - a password's letters of each case may be of any script; the pattern
///   asks for ASCII ones and printable ASCII throughout.
struct RegistrationSchema {
    let brand: ContractScope.Brand

    /// The schema of `fields`; a long pattern shared by fields and brands is a component of `schemas`.
    func fields(in schemas: inout WireSchemas) -> JSONValue {
        var properties: [(key: String, value: JSONValue)] = []
        var required: [String] = []
        var depositLimit: FieldName?
        var dependencies: [(key: String, value: JSONValue)] = []
        for field in brand.definition.fields {
            let name = field.name.rawValue
            switch field.inputType {
            case .address:
                let parts = brand.market.address.parts
                for part in parts {
                    properties.append(("address.\(part.part.rawValue)", addressPart(part)))
                }
                let needed = parts.filter(\.isRequired).map { "address.\($0.part.rawValue)" }
                if field.validate.mandatory {
                    required += needed
                } else {
                    // An address given at all is checked whole.
                    for part in parts { dependencies.append(("address.\(part.part.rawValue)", strings(needed))) }
                }
            case .depositLimit:
                depositLimit = field.name
                let decisions =
                    field.validate.mandatory ? ["declined", "limited"] : ["undecided", "declined", "limited"]
                properties.append(
                    (
                        name,
                        described(
                            "Whether the person sets a deposit limit: `limited` with `\(name).amount` and "
                                + "`\(name).period`, which are sent with no other decision.",
                            ["type": .string("string"), "enum": strings(decisions)])
                    ))
                properties.append(
                    (
                        "\(name).amount",
                        described(
                            "The limit in whole currency units, 1 to 999999.",
                            ["type": .string("string"), "pattern": .string("^[1-9][0-9]{0,5}$")])
                    ))
                properties.append(
                    (
                        "\(name).period",
                        described(
                            "How often the limit starts again.",
                            [
                                "type": .string("string"),
                                "enum": strings(["daily", "weekly", "fortnightly", "monthly"]),
                            ])
                    ))
                if field.validate.mandatory { required.append(name) }
            case .checkbox:
                properties.append(
                    (
                        name,
                        described(
                            field.validate.mandatory ? "Ticked: `true`." : "`true` or `false`.",
                            [
                                "type": .string("string"),
                                "enum": strings(field.validate.mandatory ? ["true"] : ["true", "false"]),
                            ])
                    ))
                if field.validate.mandatory { required.append(name) }
            default:
                properties.append((name, text(field, in: &schemas)))
                if field.validate.mandatory { required.append(name) }
            }
        }
        var members: [(key: String, value: JSONValue)] = [
            (
                "description",
                .string(
                    "The values of \(brand.id)'s join form by field name, as typed; a key the form has not is refused "
                        + "(422 `field.unknown`). Lengths count code points where the form counts characters as a "
                        + "person sees them.")
            ),
            ("type", .string("object")), ("properties", .object(properties)),
        ]
        if !required.isEmpty { members.append(("required", strings(required))) }
        members.append(("additionalProperties", .bool(false)))
        if !dependencies.isEmpty { members.append(("dependentRequired", .object(dependencies))) }
        if let depositLimit {
            // A limit's amount and period come with a limit, and with nothing else.
            let name = depositLimit.rawValue
            members += [
                (
                    "if",
                    .object([
                        ("properties", .object([(name, .object([("const", .string("limited"))]))])),
                        ("required", strings([name])),
                    ])
                ),
                ("then", .object([("required", strings(["\(name).amount", "\(name).period"]))])),
                (
                    "else",
                    .object([
                        ("properties", .object([("\(name).amount", .bool(false)), ("\(name).period", .bool(false))]))
                    ])
                ),
            ]
        }
        return .object(members)
    }

    // MARK: Text fields

    /// A text field's value: its rules, and for an optional field nothing but white space besides.
    private func text(_ field: FieldDefinition, in schemas: inout WireSchemas) -> JSONValue {
        var constraints: [[String: JSONValue]] = []
        var words: [String] = []
        var value: [String: JSONValue] = ["type": .string("string")]
        if let minimum = field.validate.minLength { value["minLength"] = .number(Double(minimum)) }
        if let maximum = field.validate.maxLength { value["maxLength"] = .number(Double(maximum)) }
        for rule in field.validate.custom {
            switch rule.kind {
            case .regex?:
                guard let pattern = rule.pattern, rule.caseInsensitive != true,
                    let spelled = PatternRule.spelledOut(pattern)
                else { continue }
                words.append("matches `\(pattern)`")
                guard spelled != pattern else {
                    constraints.append(["pattern": .string("^(?:\(pattern))$")])
                    continue
                }
                // Unicode classes written out are long: once, as a component the fields refer to.
                let shared = JSONValue.object([
                    (
                        "description",
                        .string("Text matching `\(pattern)`, its Unicode property classes written out as ranges.")
                    ),
                    ("type", .string("string")), ("pattern", .string("^(?:\(spelled))$")),
                ])
                constraints.append(["allOf": .array([schemas.share(shared, named: Self.componentName(rule, field))])])
            case .email?:
                constraints.append([
                    "pattern": .string(Self.email), "maxLength": .number(Double(EmailRule.maximumLength)),
                ])
                words.append("an e-mail address (ASCII, at most 254 characters)")
            case .mobile?:
                constraints.append(["pattern": .string(Self.mobile(brand.market.mobile))])
                words.append(
                    "a mobile number of \(brand.market.code) written nationally or with +\(brand.market.mobile.countryCode) "
                        + "(spaces and hyphens anywhere), e.g. \(brand.market.mobile.example)")
            case .postcode?:
                constraints.append(["pattern": .string("^(?:\(postcodePattern))$")])
                words.append("a postcode of \(brand.market.code), e.g. \(brand.market.postcode.example)")
            case .minimumAge?:
                let years = rule.years ?? brand.market.minimumAge
                constraints.append(["pattern": .string(Self.dateOfBirth)])
                words.append(
                    "a day that exists, day first (`dd/mm/yyyy`), on which the person had turned \(years) by the "
                        + "request's day (in a world a run drives, the run's day; else the world's seeded day, or "
                        + "the server's UTC date), which no pattern can say: a younger person's day is 422 "
                        + "`age.minimum`")
            case .passwordStrength?:
                let policy = PasswordPolicy(
                    minimumLength: rule.minLength ?? PasswordPolicy.standard.minimumLength,
                    maximumLength: PasswordPolicy.standard.maximumLength,
                    requiredClasses: PasswordPolicy.standard.requiredClasses)
                var strength: [String: JSONValue] = [
                    "pattern": .string(Self.password(policy)), "minLength": .number(Double(policy.minimumLength)),
                ]
                if let maximum = policy.maximumLength { strength["maxLength"] = .number(Double(maximum)) }
                constraints.append(strength)
                words.append(
                    "\(policy.minimumLength) to \(policy.maximumLength ?? policy.minimumLength) characters with a "
                        + "lower-case and an upper-case letter and a digit (letters of any script; the pattern asks "
                        + "for ASCII)")
            case .oneOf?:
                if let options = field.options {
                    constraints.append(["enum": strings(options)])
                    words.append("one of " + options.map { "`\($0)`" }.joined(separator: ", "))
                }
            case .usernameAvailable?, nil:
                continue
            }
        }
        if constraints.isEmpty, field.validate.mandatory {
            constraints.append(["pattern": .string(Self.notBlank)])
        }
        for constraint in constraints {
            for (key, schema) in constraint.sorted(by: { $0.key < $1.key }) {
                if value[key] == nil {
                    value[key] = schema
                } else if key == "maxLength", case .number(let old) = value[key]!, case .number(let new) = schema {
                    value[key] = .number(min(old, new))
                } else if key == "minLength", case .number(let old) = value[key]!, case .number(let new) = schema {
                    value[key] = .number(max(old, new))
                } else if key == "allOf", case .array(let more) = schema {
                    value["allOf"] = .array(allOf(value["allOf"]) + more)
                } else {
                    value["allOf", default: .array([])] = .array(allOf(value["allOf"]) + [.object([(key, schema)])])
                }
            }
        }
        var description = words.isEmpty ? "Text." : words.joined(separator: "; ").capitalisedFirst + "."
        guard !field.validate.mandatory else { return described(description, value) }
        description += " Optional: may be left out, or blank (white space only)."
        return .object([
            ("description", .string(description)),
            (
                "anyOf",
                .array([ordered(value), .object([("type", .string("string")), ("pattern", .string(Self.blank))])])
            ),
        ])
    }

    /// The name of a shared pattern: its rule's code in words (`name.characters`: `NameCharacters`), or the field's.
    private static func componentName(_ rule: RuleDefinition, _ field: FieldDefinition) -> String {
        let words = (rule.code ?? "\(field.name.rawValue).pattern").split(whereSeparator: {
            !$0.isLetter && !$0.isNumber
        })
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    // MARK: Address parts

    /// An address part: trimmed of white space at either end, then its choices, its pattern or its length.
    private func addressPart(_ part: AddressShape.Part) -> JSONValue {
        let space = Self.trimmedSpace
        let body: String
        var words: [String] = []
        if let options = part.options {
            body = "(?:" + options.map(Self.escaped).joined(separator: "|") + ")"
            words.append("one of " + options.map { "`\($0)`" }.joined(separator: ", "))
        } else if part.part == .postcode {
            body = "(?:\(postcodePattern))"
            words.append("a postcode of \(brand.market.code), e.g. \(brand.market.postcode.example)")
        } else {
            let maximum = part.part.maximumLength
            let ends = "[^\(Self.trimmedSpaceClass)]"
            body = "\(ends)(?:[\\s\\S]{0,\(maximum - 2)}\(ends))?"
            words.append("at most \(maximum) characters")
            if part.part == .streetNumber { words.append("with a digit 0-9 in it") }
        }
        let pattern = part.isRequired ? "^\(space)*\(body)\(space)*$" : "^\(space)*(?:\(body))?\(space)*$"
        let description =
            "The address's \(part.part.rawValue), "
            + (part.isRequired ? "required" : "optional") + ": " + words.joined(separator: ", ")
            + "; white space around it is ignored."
        var members: [String: JSONValue] = ["type": .string("string"), "pattern": .string(pattern)]
        if part.part == .streetNumber {
            let digit = JSONValue.object([("pattern", .string("[0-9]"))])
            let empty = JSONValue.object([("pattern", .string("^\(space)*$"))])
            members["allOf"] = .array([part.isRequired ? digit : .object([("anyOf", .array([empty, digit]))])])
        }
        return described(description, members)
    }

    /// The market's postcode pattern, letters in either case where the market upper-cases them as typed.
    private var postcodePattern: String {
        let pattern = brand.market.postcode.pattern
        return brand.market.postcode.upperCased ? pattern.replacingOccurrences(of: "A-Z", with: "A-Za-z") : pattern
    }

    // MARK: Patterns

    /// What the e-mail rule takes: an ASCII local part and dotted domain labels of letters, digits and hyphens.
    static let email =
        "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
        + "(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$"

    /// A mobile number of `plan`: `0` or `+<calling code>`, a prefix and the
    /// rest of the subscriber digits, with spaces and hyphens anywhere.
    static func mobile(_ plan: MobileNumberPlan) -> String {
        let gap = "[ -]*"
        let code = plan.countryCode.map { String($0) }.joined(separator: gap)
        let numbers = plan.prefixes.map { prefix -> String in
            let fixed = prefix.map { String($0) }.joined(separator: gap)
            let low = max(0, plan.subscriberDigits.lowerBound - prefix.count)
            let high = plan.subscriberDigits.upperBound - prefix.count
            return "\(fixed)(?:\(gap)[0-9]){\(low),\(high)}"
        }
        return "^\(gap)(?:0|\\+\(gap)\(code))\(gap)(?:\(numbers.joined(separator: "|")))\(gap)$"
    }

    /// `dd/mm/yyyy` of a day that exists (years 0000–9999, the Gregorian calendar carried back).
    static let dateOfBirth =
        "^(?:(?:(?:0[1-9]|1[0-9]|2[0-8])/(?:0[1-9]|1[0-2])|(?:29|30)/(?:0[13-9]|1[0-2])|31/(?:0[13578]|1[02]))"
        + "/[0-9]{4}|29/02/(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00))$"

    /// A password of `policy`'s classes, in printable ASCII: a lower-case
    /// letter, an upper-case letter and a digit in any order.
    static func password(_ policy: PasswordPolicy) -> String {
        let classes: [String] = PasswordPolicy.CharacterClass.allCases.filter(policy.requiredClasses.contains).map {
            switch $0 {
            case .lowercase: "[a-z]"
            case .uppercase: "[A-Z]"
            case .digit: "[0-9]"
            case .symbol: "[!-/:-@\\[-`{-~]"
            }
        }
        let any = "[ -~]*"
        let orders = permutations(classes).map { order in any + order.joined(separator: any) + any }
        return "^(?:" + orders.joined(separator: "|") + ")$"
    }

    private static func permutations(_ items: [String]) -> [[String]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index -> [[String]] in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }

    /// White space as the form reads it blank: Unicode's `White_Space`.
    static let whiteSpaceClass = "\\t-\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000"
    /// Text with something besides white space in it.
    static let notBlank = "[^\(whiteSpaceClass)]"
    /// Nothing but white space.
    static let blank = "^[\(whiteSpaceClass)]*$"
    /// What an address part is trimmed of: white space and line ends, and the zero-width space.
    static let trimmedSpaceClass =
        "\\t-\\r \\u0085\\u00A0\\u1680\\u2000-\\u200B\\u2028\\u2029\\u202F\\u205F\\u3000"
    static let trimmedSpace = "[\(trimmedSpaceClass)]"
    /// Text with something left once trimmed.
    static let trimmedNotBlank = "[^\(trimmedSpaceClass)]"

    /// `text` with the characters a regular expression gives meaning escaped.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\^$.|?*+()[]{}/-".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    // MARK: JSON

    private func described(_ description: String, _ members: [String: JSONValue]) -> JSONValue {
        .object([("description", .string(description))] + ordered(members).members)
    }

    private func ordered(_ members: [String: JSONValue]) -> JSONValue {
        let order = ["type", "enum", "const", "minLength", "maxLength", "pattern", "allOf"]
        return .object(
            members.sorted {
                (order.firstIndex(of: $0.key) ?? 99, $0.key) < (order.firstIndex(of: $1.key) ?? 99, $1.key)
            }
            .map { ($0.key, $0.value) })
    }

    private func allOf(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let items)? = value { return items }
        return []
    }

    private func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
}

extension JSONValue {
    /// An object's members (none for another value).
    fileprivate var members: [(key: String, value: JSONValue)] {
        if case .object(let members) = self { return members }
        return []
    }
}

extension String {
    /// The text with its first letter upper case.
    fileprivate var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}
