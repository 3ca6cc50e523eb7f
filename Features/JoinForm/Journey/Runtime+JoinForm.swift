import LiveryCore

extension Runtime {
    /// The join journey's logic for this runtime's brand: the brand's
    /// definition if its settings give one, otherwise the standard definition
    /// of its region.
    /// - Throws: ``DefinitionError`` when the standard definition cannot be read.
    public func joinJourney() throws(DefinitionError) -> JoinJourney {
        if let definition = settings[JoinFormSettings.Key.self].definition {
            return JoinJourney(definition: definition, runtime: self)
        }
        return JoinJourney(definition: try FormDefinition.standard(for: region), runtime: self)
    }

    /// The join form a head holds: ``joinJourney()`` in a main-actor store.
    /// - Throws: ``DefinitionError`` when the standard definition cannot be read.
    @MainActor
    public func joinForm() throws(DefinitionError) -> JoinFormStore {
        Store(try joinJourney())
    }
}
