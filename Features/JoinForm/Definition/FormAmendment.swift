import LiveryCore

/// A change a brand makes to the form it starts from (its market's standard
/// form, or its own): fields removed, or a field added on a row of its own.
public enum FormAmendment: Hashable, Sendable {
    /// Removes these fields from the fields and the pages; a row left empty goes.
    case remove([FieldName])
    /// Adds `field` on a new row right below the row holding `after`, and
    /// right after `after` in the form's field order.
    case add(FieldDefinition, after: FieldName)
}

extension FormDefinition {
    /// This definition with `amendments` applied in order.
    /// - Throws: ``DefinitionError/unknownFieldOnPage(_:page:suggestion:)``
    ///   naming the amendment when a removed field or an anchor does not exist;
    ///   any layout error of the result (such as a field added twice).
    public func amended(by amendments: [FormAmendment]) throws(DefinitionError) -> FormDefinition {
        var fields = self.fields
        var pages = self.pages
        for amendment in amendments {
            switch amendment {
            case .remove(let names):
                for name in names where !fields.contains(where: { $0.name == name }) {
                    throw .unknownFieldOnPage(
                        name, page: "removeFields",
                        suggestion: NameSuggestion.closest(to: name.rawValue, in: fields.map(\.name.rawValue)))
                }
                let removed = Set(names)
                fields.removeAll { removed.contains($0.name) }
                pages = pages.map { page in
                    PageDefinition(
                        name: page.name,
                        rows: page.rows.map { $0.filter { !removed.contains($0) } }.filter { !$0.isEmpty })
                }
            case .add(let field, let anchor):
                guard let index = fields.firstIndex(where: { $0.name == anchor }),
                    let page = pages.firstIndex(where: { $0.contains(anchor) }),
                    let row = pages[page].rows.firstIndex(where: { $0.contains(anchor) })
                else {
                    throw .unknownFieldOnPage(
                        anchor, page: "addFields (after)",
                        suggestion: NameSuggestion.closest(to: anchor.rawValue, in: fields.map(\.name.rawValue)))
                }
                fields.insert(field, at: index + 1)
                pages[page].rows.insert([field.name], at: row + 1)
            }
        }
        return try FormDefinition(fields: fields, pages: pages)
    }
}
