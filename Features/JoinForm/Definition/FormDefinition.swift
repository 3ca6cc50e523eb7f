import LiveryCore

/// A join form described as data: its fields in order, and the pages and
/// rows they are laid out in.
///
/// It reads (and writes) the server-driven registration shape:
///
/// ```json
/// { "fields": [ { "name": "Mobile", "inputType": "Tel", "defaultValue": "",
///                 "validate": { "mandatory": true, "minLength": 8, "maxLength": 15,
///                               "custom": [ { "rule": "regex", "pattern": "^04[0-9]{8}$",
///                                             "errorMessage": "Invalid phone format" } ] } } ],
///   "pages": [ { "name": "details", "rows": [ ["Title", "FirstName"], ["Mobile"] ] } ] }
/// ```
///
/// `pages` is optional: without it every field is on one page, one per row.
/// Loading checks everything a running form relies on and reports the first
/// problem naming the field: see ``DefinitionError``.
public struct FormDefinition: Hashable, Sendable, Codable {
    /// The fields, in form order.
    public var fields: [FieldDefinition]
    /// The pages, in order; each field appears on exactly one.
    public var pages: [PageDefinition]

    /// A definition; `pages` defaults to one page with a row per field.
    /// - Throws: ``DefinitionError`` when names repeat or pages do not match the fields.
    public init(fields: [FieldDefinition], pages: [PageDefinition]? = nil) throws(DefinitionError) {
        self.fields = fields
        self.pages = pages ?? [PageDefinition(name: "main", rows: fields.map { [$0.name] })]
        try checkLayout()
    }

    /// The names of the `Password` fields: values never kept, logged or sent to analytics.
    public var secretFieldNames: Set<String> {
        Set(fields.filter { $0.inputType == .password }.map(\.name.rawValue))
    }

    /// The field called `name`, if any.
    public func field(_ name: FieldName) -> FieldDefinition? {
        fields.first { $0.name == name }
    }

    private enum CodingKeys: String, CodingKey { case fields, pages }

    /// Decodes the JSON shape above; a problem is a ``DefinitionError`` naming the field.
    public init(from decoder: any Decoder) throws {
        try KnownKeys.check(decoder, known: ["fields", "pages"], place: "form definition")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            fields: container.decode([FieldDefinition].self, forKey: .fields),
            pages: container.decodeIfPresent([PageDefinition].self, forKey: .pages))
    }

    private func checkLayout() throws(DefinitionError) {
        var seen: Set<FieldName> = []
        for field in fields where !seen.insert(field.name).inserted { throw .duplicateField(field.name) }
        var placed: Set<FieldName> = []
        for page in pages {
            guard !page.rows.isEmpty else { throw .emptyPage(page.name) }
            for row in page.rows {
                guard !row.isEmpty else { throw .emptyRow(page: page.name) }
                for name in row {
                    guard seen.contains(name) else {
                        throw .unknownFieldOnPage(
                            name, page: page.name,
                            suggestion: NameSuggestion.closest(to: name.rawValue, in: fields.map(\.name.rawValue)))
                    }
                    guard placed.insert(name).inserted else { throw .fieldOnTwoPlaces(name) }
                }
            }
        }
        if let missing = fields.first(where: { !placed.contains($0.name) }) { throw .fieldNotOnAnyPage(missing.name) }
    }
}

/// One page of the form: rows of one or more fields (several fields share a
/// row as columns, e.g. title and first name).
public struct PageDefinition: Hashable, Sendable, Codable {
    /// The page's name, e.g. `details`.
    public var name: String
    /// The rows top to bottom, each listing its fields left to right.
    public var rows: [[FieldName]]

    /// A page.
    public init(name: String, rows: [[FieldName]]) {
        self.name = name
        self.rows = rows
    }

    private enum CodingKeys: String, CodingKey { case name, rows }

    /// Decodes a page; an unknown key names the page.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        try KnownKeys.check(decoder, known: ["name", "rows"], place: "page '\(name)'")
        self.init(name: name, rows: try container.decode([[FieldName]].self, forKey: .rows))
    }

    /// The page's fields in reading order (row by row, left to right).
    public var fieldNames: [FieldName] { rows.flatMap { $0 } }

    /// Whether the field `name` is on this page (without making the list of its fields).
    public func contains(_ name: FieldName) -> Bool { rows.contains { $0.contains(name) } }
}
