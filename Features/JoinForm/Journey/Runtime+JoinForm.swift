import LiveryCore

extension Runtime {
    /// The join journey's logic for this runtime's brand: the brand's
    /// definition if its settings give one, otherwise the standard definition
    /// of its market.
    /// - Throws: ``DefinitionError`` when the standard definition cannot be read.
    public func joinJourney() throws(DefinitionError) -> JoinJourney {
        JoinJourney(definition: try settings[JoinFormSettings.Key.self].form(in: market), runtime: self)
    }

    /// The join form a head holds: ``joinJourney()`` in a main-actor store.
    /// - Throws: ``DefinitionError`` when the standard definition cannot be read.
    @MainActor
    public func joinForm() throws(DefinitionError) -> JoinFormStore {
        Store(try joinJourney(), clock: services.clock)
    }
}
