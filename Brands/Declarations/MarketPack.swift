import AddressLookupFeature
import Foundation
import JoinFormFeature
import LiveryCore
import LiveryWire

/// Market packs: a country's rules as a JSON file (`Brands/Markets/<code>.json`),
/// read into a `LiveryCore/Market` with every value checked, so that a brand in
/// a new market needs a pack and no Swift.
public enum MarketPack {
    /// The largest pack read: a whole join form and a state list fit in a few dozen kilobytes.
    public static let maximumFileSize = 256 * 1024
    /// The longest postcode pattern a pack may give, in characters (the schema says the same).
    public static let maximumPatternLength = 200
    /// The longest postcode example, in characters (the schema says the same).
    public static let maximumPostcodeLength = 12
    /// The most characters a pack may let an address part hold (`address.parts[].maxLength`).
    public static let maximumPartLength = 200
    /// The largest address file a pack names (a few thousand addresses).
    public static let maximumAddressFileSize = 2 * 1024 * 1024
    /// The deepest its values nest.
    public static let maximumNesting = 32

    /// Reads a market from the JSON of a pack.
    ///
    /// - Parameters:
    ///   - data: The pack's bytes.
    ///   - file: How errors name the file.
    ///   - folder: The files beside the pack (its addresses, when it names them).
    ///   - known: Markets already read, for a join form that starts from another market's (`like`).
    /// - Throws: ``DeclarationError`` naming the file, the key path and the problem.
    public static func read(
        json data: Data, file: String, folder: BrandFileFolder = .unavailable, known: [String: Market] = [:]
    ) throws(DeclarationError) -> Market {
        try DeclarationDocument.read(
            data, file: file, kind: "market pack", maximumSize: maximumFileSize, maximumNesting: maximumNesting
        ) { document throws(DeclarationError) in
            try MarketPackReader(file: file, folder: folder, known: known).market(document)
        }
    }
}

/// Reads a pack's JSON value by value, every error naming its key path.
struct MarketPackReader: DeclarationReading {
    let file: String
    let folder: BrandFileFolder
    let known: [String: Market]
    private let shape = DeclarationShape.marketPack

    func market(_ document: JSONValue) throws(DeclarationError) -> Market {
        let root = try object(document, at: "", shape: shape, also: [DeclarationShape.schemaKey])
        let code = try string(root["code"], at: "code")
        guard code.count == 2, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            throw fail("code", "'\(code.prefix(20))' is not an ISO 3166 code such as GB (two upper-case letters)")
        }
        let name = try string(root["name"], at: "name")
        guard name.count <= 60 else { throw fail("name", "is \(name.count) characters; at most 60") }
        let locale = try localeName(root["locale"], at: "locale")
        let currency = try currency(root["currency"])
        let mobile = try mobile(root["mobile"], code: code)
        let postcode = try postcode(root["postcode"], code: code)
        let address = try address(root["address"], code: code, postcode: postcode)
        let dateOrderText = try string(root["dateOrder"], at: "dateOrder")
        guard let dateOrder = DateOrder(rawValue: dateOrderText), dateOrder == .dayMonthYear else {
            throw fail(
                "dateOrder",
                "'\(dateOrderText.prefix(20))' is not an order the join form reads; dates of birth are typed day first (DMY)"
            )
        }
        let minimumAge = Int(try number(root["minimumAge"], at: "minimumAge", in: 16...25))
        guard Double(minimumAge) == (try number(root["minimumAge"], at: "minimumAge", in: 16...25)) else {
            throw fail("minimumAge", "is not a whole number of years")
        }
        let register = try root["selfExclusionRegister"].map { value throws(DeclarationError) in
            try string(value, at: "selfExclusionRegister")
        }
        let zone = try string(root["timeZone"], at: "timeZone")
        guard TimeZone(identifier: zone) != nil else {
            throw fail("timeZone", "'\(zone.prefix(60))' is not an IANA time zone such as Europe/London")
        }
        let addresses = try addressFile(root["address"], shape: address)
        let form = try joinForm(root["joinForm"], code: code, minimumAge: minimumAge)
        return Market(
            code: code, name: name, locale: locale, currency: currency, mobile: mobile, postcode: postcode,
            address: address, dateOrder: dateOrder, minimumAge: minimumAge, selfExclusionRegister: register,
            timeZone: zone, standardJoinForm: form, addresses: addresses)
    }

    // MARK: Sections

    private func currency(_ value: JSONValue?) throws(DeclarationError) -> CurrencyFormat {
        let currency = try object(value, at: "currency", shape: shape["currency"])
        let code = try currencyCode(currency["code"], at: "currency.code")
        let symbol = try string(currency["symbol"], at: "currency.symbol")
        guard symbol.count <= 4 else { throw fail("currency.symbol", "is \(symbol.count) characters; at most 4") }
        return CurrencyFormat(code: code, symbol: symbol)
    }

    private func mobile(_ value: JSONValue?, code: String) throws(DeclarationError) -> MobileNumberPlan {
        let path = "mobile"
        let mobile = try object(value, at: path, shape: shape[path])
        let calling = try digits(mobile["callingCode"], at: "\(path).callingCode", length: 1...3)
        let prefixes = try list(mobile["prefixes"], at: "\(path).prefixes", count: 1...20) {
            value, at throws(DeclarationError) in try digits(value, at: at, length: 1...4)
        }
        let fewest = try wholeNumber(mobile["minimumDigits"], at: "\(path).minimumDigits", in: 4...13)
        let most = try wholeNumber(mobile["maximumDigits"], at: "\(path).maximumDigits", in: 4...13)
        guard fewest <= most else {
            throw fail("\(path).minimumDigits", "\(fewest) is more than maximumDigits (\(most))")
        }
        guard calling.count + most <= MobileNumberPlan.maximumDigits else {
            throw fail(
                "\(path).maximumDigits",
                "+\(calling) and \(most) digits is longer than any number (\(MobileNumberPlan.maximumDigits) digits)")
        }
        for (offset, prefix) in prefixes.enumerated() where prefix.count > fewest {
            throw fail("\(path).prefixes[\(offset)]", "is longer than the shortest number (\(fewest) digits)")
        }
        let national = try groups(mobile["nationalGroups"], at: "\(path).nationalGroups")
        let international = try groups(mobile["internationalGroups"], at: "\(path).internationalGroups")
        let example = try string(mobile["example"], at: "\(path).example")
        let plan = MobileNumberPlan(
            marketCode: code, countryCode: calling, prefixes: prefixes, subscriberDigits: fewest...most,
            nationalGroups: national, internationalGroups: international, example: example)
        guard plan.isMobileNumber(example) else {
            throw fail(
                "\(path).example",
                "'\(example.prefix(30))' is not a number of this plan (0 or +\(calling), then \(fewest)–\(most) digits starting \(prefixes.joined(separator: " or ")))"
            )
        }
        return plan
    }

    private func postcode(_ value: JSONValue?, code: String) throws(DeclarationError) -> PostcodeFormat {
        let postcode = try object(value, at: "postcode", shape: shape["postcode"])
        let pattern = try string(postcode["pattern"], at: "postcode.pattern")
        guard pattern.count <= MarketPack.maximumPatternLength else {
            throw fail(
                "postcode.pattern", "is \(pattern.count) characters; at most \(MarketPack.maximumPatternLength)")
        }
        let example = try string(postcode["example"], at: "postcode.example")
        guard example.count <= MarketPack.maximumPostcodeLength else {
            throw fail(
                "postcode.example", "is \(example.count) characters; at most \(MarketPack.maximumPostcodeLength)")
        }
        let message = try string(postcode["message"], at: "postcode.message")
        let upper = try postcode["upperCase"].map { value throws(DeclarationError) in
            try bool(value, at: "postcode.upperCase")
        }
        let format: PostcodeFormat
        do throws(InvalidPatternError) {
            format = try PostcodeFormat(
                pattern: pattern, example: example, message: message, upperCased: upper ?? false, marketCode: code)
        } catch {
            throw fail("postcode.pattern", "'\(pattern)' does not compile: \(error.reason)")
        }
        guard format.matches(example) else {
            throw fail("postcode.example", "'\(example)' does not match the pattern '\(pattern)'")
        }
        return format
    }

    private func address(_ value: JSONValue?, code: String, postcode: PostcodeFormat) throws(DeclarationError)
        -> AddressShape
    {
        let shape = self.shape["address"]
        let address = try object(value, at: "address", shape: shape)
        let parts = try list(address["parts"], at: "address.parts", count: 1...AddressPart.allCases.count) {
            value, at throws(DeclarationError) in try part(value, at: at)
        }
        var seen: Set<AddressPart> = []
        for (offset, part) in parts.enumerated() where !seen.insert(part.part).inserted {
            throw fail("address.parts[\(offset)]", "'\(part.part.rawValue)' is listed twice")
        }
        for part in [AddressPart.streetNumber, .street, .postcode] where !seen.contains(part) {
            throw fail(
                "address.parts", "has no '\(part.rawValue)': every address has a street number, a street and a postcode"
            )
        }
        guard parts.contains(where: \.part.isPlace) else {
            throw fail(
                "address.parts", "names no place (\(AddressPart.places.map(\.rawValue).joined(separator: ", ")))")
        }
        for (offset, part) in parts.enumerated() where part.part == .unit && part.isRequired {
            throw fail("address.parts[\(offset)].required", "a unit is never required")
        }
        let line = try list(address["line"], at: "address.line", count: 1...6) { value, at throws(DeclarationError) in
            try list(value, at: at, count: 1...6) { item, itemPath throws(DeclarationError) in
                let name = try string(item, at: itemPath)
                guard let part = AddressPart(rawValue: name), part.isPlace || part == .postcode else {
                    throw fail(itemPath, "'\(name.prefix(30))' is not a place or the postcode")
                }
                guard seen.contains(part) else {
                    throw fail(itemPath, "'\(name)' is not one of the market's parts (address.parts)")
                }
                return part
            }
        }
        for place in parts where place.part.isPlace || place.part == .postcode {
            guard line.contains(where: { $0.contains(place.part) }) else {
                throw fail(
                    "address.line", "leaves out '\(place.part.rawValue)': every place and the postcode appear once")
            }
        }
        let style = try address["unitStyle"].map { value throws(DeclarationError) in
            let name = try string(value, at: "address.unitStyle")
            guard let style = AddressShape.UnitStyle(rawValue: name) else {
                throw fail(
                    "address.unitStyle",
                    "'\(name.prefix(30))' is not a unit style: \(AddressShape.UnitStyle.allCases.map(\.rawValue).joined(separator: " or "))"
                )
            }
            return style
        }
        let plain = AddressShape(marketCode: code, parts: parts, line: line, unitStyle: style ?? .slash)
        let search = try string(address["sampleSearch"], at: "address.sampleSearch")
        let samples = try list(address["samples"], at: "address.samples", count: 1...10) {
            value, at throws(DeclarationError) in try sample(value, at: at, shape: plain, postcode: postcode)
        }
        return plain.withSamples(search: search, addresses: samples)
    }

    private func part(_ value: JSONValue?, at path: String) throws(DeclarationError) -> AddressShape.Part {
        let entry = try object(value, at: path, shape: shape["address"]?["parts"]?.item)
        let name = try string(entry["part"], at: "\(path).part")
        guard let part = AddressPart(rawValue: name) else {
            let names = AddressPart.allCases.map(\.rawValue)
            throw fail("\(path).part", "unknown part '\(name.prefix(30))'\(NameSuggestion.hint(for: name, in: names))")
        }
        let required = try entry["required"].map { value throws(DeclarationError) in
            try bool(value, at: "\(path).required")
        }
        let limit = try entry["maxLength"].map { value throws(DeclarationError) in
            try wholeNumber(value, at: "\(path).maxLength", in: 1...MarketPack.maximumPartLength)
        }
        let maximumLength = limit ?? part.maximumLength
        let options = try entry["options"].map { value throws(DeclarationError) in
            try list(value, at: "\(path).options", count: 1...100) { item, itemPath throws(DeclarationError) in
                let option = try string(item, at: itemPath)
                guard option.count <= maximumLength else {
                    throw fail(itemPath, "is longer than a \(part.rawValue) (\(maximumLength) characters)")
                }
                return option
            }
        }
        if options != nil, !part.isPlace { throw fail("\(path).options", "only a place has fixed choices") }
        let keys = try entry["wireKeys"].map { value throws(DeclarationError) in
            try list(value, at: "\(path).wireKeys", count: 1...AddressRecord.placeKeys.count) {
                item, itemPath throws(DeclarationError) in
                let key = try string(item, at: itemPath)
                guard AddressRecord.placeKeys.contains(key) else {
                    throw fail(
                        itemPath,
                        "'\(key.prefix(30))' is not a key of an address answer\(NameSuggestion.hint(for: key, in: AddressRecord.placeKeys))"
                    )
                }
                return key
            }
        }
        if keys != nil, !part.isPlace { throw fail("\(path).wireKeys", "only a place has wire keys") }
        if keys == nil, part.isPlace, !AddressRecord.placeKeys.contains(part.rawValue) {
            throw fail(path, "give wireKeys: '\(part.rawValue)' is not a key of an address answer")
        }
        return AddressShape.Part(
            part, required: required ?? false, options: options, wireKeys: keys, maximumLength: limit)
    }

    private func sample(_ value: JSONValue?, at path: String, shape: AddressShape, postcode: PostcodeFormat)
        throws(DeclarationError) -> PostalAddress
    {
        guard case .object(let members)? = value else {
            throw fail(path, "expected an address (an object of its parts), found \(value?.kind ?? "nothing")")
        }
        var texts: [String: String] = [:]
        for member in members {
            guard member.key == "id" || shape.contains(AddressPart(rawValue: member.key) ?? .unit) else {
                throw fail(path, "'\(member.key.prefix(30))' is not one of the market's parts")
            }
            texts[member.key] = try string(member.value, at: "\(path).\(member.key)")
        }
        for part in shape.parts where part.isRequired && texts[part.part.rawValue] == nil {
            throw fail(path, "has no \(part.part.rawValue)")
        }
        for part in shape.parts {
            guard let text = texts[part.part.rawValue] else { continue }
            if let options = part.options, !options.contains(text) {
                throw fail("\(path).\(part.part.rawValue)", "'\(text.prefix(30))' is not one of its choices")
            }
        }
        if let code = texts["postcode"], !postcode.matches(code) {
            throw fail("\(path).postcode", "'\(code.prefix(20))' does not match the postcode pattern")
        }
        var places: [AddressPart: String] = [:]
        for place in shape.places { places[place.part] = texts[place.part.rawValue] }
        return PostalAddress(
            id: texts["id"], unit: texts["unit"], streetNumber: texts["streetNumber"] ?? "",
            street: texts["street"] ?? "", places: places, postcode: texts["postcode"] ?? "", in: shape)
    }

    private func addressFile(_ value: JSONValue?, shape: AddressShape) throws(DeclarationError) -> [PostalAddress] {
        guard case .object(let members)? = value, let named = members.first(where: { $0.key == "addresses" })
        else { return [] }
        let name = try string(named.value, at: "address.addresses")
        guard name.hasSuffix(".tsv"), !name.contains("/"), !name.hasPrefix("."), name.count <= 64 else {
            throw fail(
                "address.addresses", "'\(name.prefix(64))' is not a file name beside the pack, such as gb-addresses.tsv"
            )
        }
        let data: Data
        do throws(FileInput.Refusal) {
            data = try folder.read(name)
        } catch {
            throw fail("address.addresses", "\(name) \(error.description)")
        }
        guard data.count <= MarketPack.maximumAddressFileSize else {
            throw fail(
                "address.addresses", "\(name) is \(data.count) bytes; at most \(MarketPack.maximumAddressFileSize)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw fail("address.addresses", "\(name) is not UTF-8 text")
        }
        do throws(AddressLookupError) {
            return try AddressDataset.parse(text, shapes: [shape.marketCode: shape])
        } catch {
            let reason: String
            if case .invalidResponse(let why) = error { reason = why } else { reason = error.description }
            throw fail("address.addresses", "\(name): \(reason)")
        }
    }

    private func joinForm(_ value: JSONValue?, code: String, minimumAge: Int) throws(DeclarationError) -> Data {
        let path = "joinForm"
        let declared = try formDeclaration(value, at: path, shape: shape[path], also: ["like"])
        guard case .object(let members)? = value else { throw fail(path, "missing") }
        let like = try members.first(where: { $0.key == "like" }).map { member throws(DeclarationError) in
            try string(member.value, at: "\(path).like")
        }
        let base: FormDefinition
        switch (like, declared.replacement) {
        case (let like?, nil):
            guard let market = known[like] else {
                let codes = known.keys.sorted().joined(separator: ", ")
                throw fail(
                    "\(path).like",
                    "no market '\(like.prefix(20))' is read before this one (known: \(codes.isEmpty ? "none" : codes))")
            }
            do throws(DefinitionError) {
                base = try FormDefinition.standard(for: market)
            } catch {
                throw fail("\(path).like", error.description)
            }
        case (nil, let definition?):
            base = definition
        case (.some, .some):
            throw fail(path, "give either like or definition, not both")
        case (nil, nil):
            throw fail(path, "give a definition, or like naming the market it starts from")
        }
        let form: FormDefinition
        do throws(DefinitionError) {
            form = try base.amended(
                by: (declared.removedFields.isEmpty ? [] : [.remove(declared.removedFields)])
                    + declared.addedFields.map { .add($0.field, after: $0.after) })
        } catch {
            throw fail(path, error.description)
        }
        for field in form.fields {
            for rule in field.validate.custom where rule.rule == RuleDefinition.Kind.minimumAge.rawValue {
                if let years = rule.years, years < minimumAge {
                    throw fail(
                        path,
                        "field '\(field.name.rawValue)' asks an age of \(years); the market's minimum is \(minimumAge)")
                }
            }
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try encoder.encode(form)
        } catch {
            throw fail(path, "cannot be written back: \(error)")
        }
    }

    // MARK: Values

    private func digits(_ value: JSONValue?, at path: String, length: ClosedRange<Int>) throws(DeclarationError)
        -> String
    {
        let text = try string(value, at: path)
        guard length.contains(text.count), text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
            throw fail(path, "'\(text.prefix(20))' is not \(length.lowerBound)–\(length.upperBound) digits")
        }
        return text
    }

    private func wholeNumber(_ value: JSONValue?, at path: String, in range: ClosedRange<Int>) throws(DeclarationError)
        -> Int
    {
        let number = try number(value, at: path, in: Double(range.lowerBound)...Double(range.upperBound))
        guard number == number.rounded() else { throw fail(path, "\(number) is not a whole number") }
        return Int(number)
    }

    private func groups(_ value: JSONValue?, at path: String) throws(DeclarationError) -> [Int] {
        try list(value, at: path, count: 1...6) { item, itemPath throws(DeclarationError) in
            try wholeNumber(item, at: itemPath, in: 1...8)
        }
    }

}
