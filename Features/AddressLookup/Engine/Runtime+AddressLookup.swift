import LiveryCore

extension Runtime {
    /// An address lookup for the runtime's region on its address service and clock.
    public func addressLookup(settings: AddressLookupSettings = AddressLookupSettings()) -> AddressLookupEngine {
        AddressLookupEngine(region: region, service: services.addressLookup, clock: services.clock, settings: settings)
    }
}
