import LiveryCore

extension Runtime {
    /// The address lookup logic for the runtime's market on its address service and clock.
    public func addressLookupLogic(settings: AddressLookupSettings = AddressLookupSettings()) -> AddressLookup {
        AddressLookup(market: market, service: services.addressLookup, clock: services.clock, settings: settings)
    }

    /// A stand-alone address field for the runtime's market: a store a head holds.
    @MainActor
    public func addressLookup(settings: AddressLookupSettings = AddressLookupSettings()) -> AddressLookupStore {
        Store(AddressLookupSession(addressLookupLogic(settings: settings)), clock: services.clock)
    }
}
