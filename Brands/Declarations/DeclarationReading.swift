import Foundation
import JoinFormFeature
import LiveryCore

/// What the readers of declaration files (a brand file, a market pack) share:
/// values read by key path, every error naming the file, the path and the problem.
protocol DeclarationReading {
    /// The file, as named to the person.
    var file: String { get }
}

extension DeclarationReading {
    /// An object with the keys `shape` lists (and `also`, which are ignored), every required one given.
    func object(
        _ value: JSONValue?, at path: String, shape: DeclarationShape?, also: [String] = []
    ) throws(DeclarationError) -> [String: JSONValue] {
        let properties = shape?.properties ?? []
        var found = try object(
            value, at: path, known: properties.map(\.name) + also,
            required: properties.filter(\.isRequired).map(\.name))
        for key in also { found[key] = nil }
        return found
    }

    func object(
        _ value: JSONValue?, at path: String, known: [String],
        required: [String]
    ) throws(DeclarationError) -> [String: JSONValue] {
        guard case .object(let members)? = value else {
            throw fail(path, value.map { "expected an object, found \($0.kind)" } ?? "missing")
        }
        var found: [String: JSONValue] = [:]
        for member in members {
            guard known.contains(member.key) else {
                throw fail(
                    path.isEmpty ? member.key : "\(path).\(member.key)",
                    "unknown key '\(member.key)'\(NameSuggestion.hint(for: member.key, in: known))")
            }
            found[member.key] = member.value
        }
        for key in required where found[key] == nil {
            throw fail(path, "missing key '\(key)'")
        }
        return found
    }

    func string(_ value: JSONValue?, at path: String) throws(DeclarationError) -> String {
        guard case .string(let text)? = value else {
            throw fail(path, "expected text, found \(value?.kind ?? "nothing")")
        }
        guard !text.allSatisfy(\.isWhitespace) else { throw fail(path, "is blank") }
        guard text.count <= 2_000 else { throw fail(path, "is \(text.count) characters; at most 2000") }
        return text
    }

    func bool(_ value: JSONValue?, at path: String) throws(DeclarationError) -> Bool {
        guard case .bool(let flag)? = value else {
            throw fail(path, "expected true or false, found \(value?.kind ?? "nothing")")
        }
        return flag
    }

    func number(_ value: JSONValue?, at path: String, in range: ClosedRange<Double>) throws(DeclarationError)
        -> Double
    {
        guard case .number(let number)? = value else {
            throw fail(path, "expected a number, found \(value?.kind ?? "nothing")")
        }
        guard range.contains(number) else {
            throw fail(path, "\(number) is outside \(Int(range.lowerBound))…\(Int(range.upperBound))")
        }
        return number
    }

    func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue, at path: String)
        throws(DeclarationError) -> Value
    {
        do {
            return try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
        } catch let error as DefinitionError {
            throw fail(path, error.description)
        } catch {
            throw fail(path, BrandDefinition.reason(error))
        }
    }

    /// A join form declaration (a whole form, fields removed and added) at `path`, keyed as `shape` says.
    func formDeclaration(_ value: JSONValue?, at path: String, shape: DeclarationShape?, also: [String] = [])
        throws(DeclarationError) -> BrandForm
    {
        guard let value else { return BrandForm() }
        let form = try object(value, at: path, shape: shape, also: also)
        var declared = BrandForm()
        if let definition = form["definition"] {
            do {
                declared.replacement = try FormDefinition.load(json: JSONEncoder().encode(definition))
            } catch let error as DefinitionError {
                throw fail("\(path).definition", error.description)
            } catch {
                throw fail("\(path).definition", BrandDefinition.reason(error))
            }
        }
        if let removed = form["removeFields"] {
            guard case .array(let names) = removed else {
                throw fail("\(path).removeFields", "expected a list of field names, found \(removed.kind)")
            }
            declared.removedFields = try names.enumerated().map { item throws(DeclarationError) in
                FieldName(rawValue: try string(item.element, at: "\(path).removeFields[\(item.offset)]"))
            }
        }
        if let added = form["addFields"] {
            guard case .array(let items) = added else {
                throw fail("\(path).addFields", "expected a list, found \(added.kind)")
            }
            declared.addedFields = try items.enumerated().map { item throws(DeclarationError) in
                let path = "\(path).addFields[\(item.offset)]"
                let entry = try object(item.element, at: path, shape: shape?["addFields"]?.item)
                let after = try string(entry["after"], at: "\(path).after")
                let field = try decode(FieldDefinition.self, from: entry["field"] ?? .null, at: "\(path).field")
                return BrandForm.AddedField(field, after: FieldName(rawValue: after))
            }
        }
        if let register = form["selfExclusionRegister"] {
            declared.checksSelfExclusionRegister = try bool(register, at: "\(path).selfExclusionRegister")
        }
        return declared
    }

    func localeName(_ value: JSONValue?, at path: String) throws(DeclarationError) -> String {
        let name = try string(value, at: path)
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
            parts[0].unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }),
            parts[1].unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) })
        else {
            throw fail(path, "'\(name.prefix(20))' is not a locale such as en-GB")
        }
        return name
    }

    /// A list of `count` items at `path`, each read by `item` with its own path.
    func list<Item>(
        _ value: JSONValue?, at path: String, count: ClosedRange<Int>,
        _ item: (JSONValue, String) throws(DeclarationError) -> Item
    ) throws(DeclarationError) -> [Item] {
        guard case .array(let items)? = value else {
            throw fail(path, "expected a list, found \(value?.kind ?? "nothing")")
        }
        guard count.contains(items.count) else {
            throw fail(path, "has \(items.count) items; \(count.lowerBound)–\(count.upperBound) are allowed")
        }
        var read: [Item] = []
        for (offset, value) in items.enumerated() { read.append(try item(value, "\(path)[\(offset)]")) }
        return read
    }
    /// An ISO 4217 currency code at `path`.
    func currencyCode(_ value: JSONValue?, at path: String) throws(DeclarationError) -> String {
        let code = try string(value, at: path)
        guard code.count == 3, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }),
            isoCurrencyCodes.isEmpty || isoCurrencyCodes.contains(code)
        else {
            throw fail(path, "'\(code.prefix(20))' is not an ISO 4217 currency code such as AUD or GBP")
        }
        return code
    }

    func fail(_ path: String, _ message: String) -> DeclarationError {
        DeclarationError(file: file, path: path, message: message)
    }
}

/// The ISO 4217 codes Foundation knows (empty where it knows none: then any three capitals pass).
private let isoCurrencyCodes = Set(Locale.commonISOCurrencyCodes)

/// A declaration file's bytes as a JSON value, once they pass the checks every
/// declaration file gets: its size, how deep it nests, valid JSON, no key given twice.
enum DeclarationDocument {
    /// `data` parsed and checked, then read by `reader`; an error of the reader gets the line its key path stands on.
    static func read<Value>(
        _ data: Data, file: String, kind: String, maximumSize: Int, maximumNesting: Int,
        _ reader: (JSONValue) throws(DeclarationError) -> Value
    ) throws(DeclarationError) -> Value {
        let document = try parse(
            data, file: file, kind: kind, maximumSize: maximumSize, maximumNesting: maximumNesting)
        do throws(DeclarationError) {
            return try reader(document)
        } catch {
            throw error.located(in: data)
        }
    }

    static func parse(
        _ data: Data, file: String, kind: String, maximumSize: Int, maximumNesting: Int
    ) throws(DeclarationError) -> JSONValue {
        guard data.count <= maximumSize else {
            throw DeclarationError(
                file: file, path: "", message: "the file is \(data.count) bytes; a \(kind) is at most \(maximumSize)")
        }
        let depth = JSONValue.nestingDepth(of: data)
        guard depth <= maximumNesting else {
            throw DeclarationError(
                file: file, path: "", message: "values nest \(depth) deep; a \(kind) nests at most \(maximumNesting)")
        }
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw DeclarationError(file: file, path: "", message: "not valid JSON: \(BrandDefinition.reason(error))")
        }
        if let repeated = JSONKeyScan.firstDuplicate(in: data) {
            throw DeclarationError(
                file: file, path: repeated.path,
                message: "'\(repeated.key)' is given twice; give each key once (which one was meant?)"
            ).located(in: data)
        }
        return document
    }
}
