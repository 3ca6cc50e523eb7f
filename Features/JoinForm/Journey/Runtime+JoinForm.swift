import LiveryCore

extension Runtime {
    /// The join journey for this runtime's brand: the brand's definition if
    /// its settings give one, otherwise the standard definition of its region.
    /// - Throws: ``DefinitionError`` when the standard definition cannot be read.
    public func joinForm() throws(DefinitionError) -> JoinJourney {
        if let definition = settings[JoinFormSettings.Key.self].definition {
            return JoinJourney(definition: definition, runtime: self)
        }
        return JoinJourney(definition: try FormDefinition.standard(for: region), runtime: self)
    }
}
