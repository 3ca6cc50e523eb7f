/// A form that cannot be built.
public enum FormDefinitionError: Error, Equatable, CustomStringConvertible {
    /// Two fields have the same name.
    case duplicateField(FieldName)
    /// A rule of the first field reads the second, which the form does not have.
    case unknownDependency(FieldName, FieldName)

    /// What is wrong, naming the fields.
    public var description: String {
        switch self {
        case .duplicateField(let name): "the form has two fields named '\(name)'"
        case .unknownDependency(let field, let other):
            "a rule of field '\(field)' reads field '\(other)', which the form does not have"
        }
    }
}
