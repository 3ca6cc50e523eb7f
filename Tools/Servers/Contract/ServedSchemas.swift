import BrandDeclarations
import LiveryComposition
import LiveryCore
import LiveryWire

/// The schemas of what depends on the server's scope: a registration and a
/// seed per brand served (its form, its market's mobile numbers), the brand
/// a request names and the markets an address is looked up in. Each is the
/// wire type's own schema with the scope's rules put in.
extension WireSchemas {
    /// `brand` as the server reads it: the id of a brand served, its letters in any case.
    func brandSchema(_ ids: [BrandID]) -> JSONValue {
        .object([
            ("description", .string("A brand served, by id; its letters in any case.")),
            ("type", .string("string")),
            ("pattern", .string("^(?:" + ids.map { Self.anyCase($0.rawValue) }.joined(separator: "|") + ")$")),
        ])
    }

    /// A market's code as the address API reads it: one served, in any case.
    var countrySchema: JSONValue {
        .object([
            (
                "description",
                .string("A market served, by its ISO 3166 code (any case): \(scope.markets.joined(separator: ", ")).")
            ),
            ("type", .string("string")),
            ("pattern", .string("^(?:" + scope.markets.map(Self.anyCase).joined(separator: "|") + ")$")),
        ])
    }

    /// The registration body: one of the brands' registrations.
    mutating func registration() throws -> JSONValue {
        try perBrand(RegistrationRequest.self, suffix: "Registration") { schemas, brand, members in
            let fields = RegistrationSchema(brand: brand).fields(in: &schemas)
            members.updateProperty("fields") { _ in fields }
        }
    }

    /// The seed body: one of the brands' seeds (an existing account's mobile number is of the brand's market).
    mutating func seed() throws -> JSONValue {
        let account = try inlined(SeedRequest.Account.self)
        let username = JSONValue.object([
            ("type", .string("string")), ("maxLength", .number(Double(WireLimits.text))),
        ])
        let faults = JSONValue.object([
            ("type", .string("string")), ("pattern", .string(FaultPlan.pattern)),
        ])
        return try perBrand(SeedRequest.self, suffix: "Seed") { schemas, brand, members in
            let mobile = RegistrationSchema.mobile(brand.market.mobile)
            var item = account
            item.append(
                "anyOf",
                .array([
                    .object([
                        ("required", .array([.string("email")])),
                        (
                            "properties",
                            .object([
                                (
                                    "email",
                                    .object([
                                        ("type", .string("string")),
                                        ("pattern", .string(RegistrationSchema.trimmedNotBlank)),
                                    ])
                                )
                            ])
                        ),
                    ]),
                    .object([
                        ("required", .array([.string("mobile")])),
                        (
                            "properties",
                            .object([("mobile", .object([("type", .string("string")), ("pattern", .string(mobile))]))])
                        ),
                    ]),
                ]))
            members.updateProperty("existingAccounts") { $0?.replacingItems(with: item) ?? .null }
            members.updateProperty("faults") { $0?.replacingItems(with: faults) ?? .null }
            members.updateProperty("takenUsernames") { $0?.replacingItems(with: username) ?? .null }
        }
    }

    /// `type`'s body for each brand served (its `brand` the brand's id, the
    /// rest as `refine` makes it) as components named `<Brand><suffix>`,
    /// and the schema of one of them.
    private mutating func perBrand<Value: Decodable>(
        _ type: Value.Type, suffix: String,
        refine: (inout WireSchemas, ContractScope.Brand, inout JSONValue) throws -> Void
    ) throws -> JSONValue {
        let base = try inlined(type)
        var references: [JSONValue] = []
        for brand in scope.brands {
            var members = base
            members.updateProperty("brand") { _ in brandSchema([brand.id]) }
            try refine(&self, brand, &members)
            let name =
                brand.id.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
                .joined() + suffix
            references.append(define(name, members))
        }
        return .object([("oneOf", .array(references))])
    }

    /// `text` with each ASCII letter as a class of both its cases.
    static func anyCase(_ text: String) -> String {
        text.map { character in
            guard character.isASCII, character.isLetter else { return RegistrationSchema.escaped(String(character)) }
            return "[\(character.uppercased())\(character.lowercased())]"
        }.joined()
    }
}

extension JSONValue {
    /// An object with property `name`'s schema replaced by `transform` of it.
    mutating func updateProperty(_ name: String, _ transform: (JSONValue?) -> JSONValue) {
        guard case .object(var members) = self, let index = members.firstIndex(where: { $0.key == "properties" }),
            case .object(var properties) = members[index].value
        else { return }
        if let at = properties.firstIndex(where: { $0.key == name }) {
            properties[at].value = transform(properties[at].value)
        } else {
            properties.append((name, transform(nil)))
        }
        members[index].value = .object(properties)
        self = .object(members)
    }

    /// An object with `value` under `key` (added last, or replacing the one there).
    mutating func append(_ key: String, _ value: JSONValue) {
        guard case .object(var members) = self else { return }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
        self = .object(members)
    }

    /// The object with `value` under `key`.
    func adding(_ key: String, _ value: JSONValue) -> JSONValue {
        var copy = self
        copy.append(key, value)
        return copy
    }

    /// A list's schema with its `items` replaced by `items`; a list allowing `null` keeps allowing it.
    func replacingItems(with items: JSONValue) -> JSONValue {
        var copy = self
        if case .object(let members) = self, let anyOf = members.first(where: { $0.key == "anyOf" })?.value,
            case .array(var branches) = anyOf
        {
            branches = branches.map { $0["items"] == nil ? $0 : $0.adding("items", items) }
            copy.append("anyOf", .array(branches))
            return copy
        }
        copy.append("items", items)
        return copy
    }
}
