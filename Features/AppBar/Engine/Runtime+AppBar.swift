import LiveryCore

extension Runtime {
    /// A new app bar for one screen, in a store a head holds, with this
    /// runtime's brand settings, theme, flags and services. Every bar of a
    /// runtime shares its client details and betslip count, so a new one
    /// starts from the latest data.
    @MainActor
    public func appBar(options: AppBarOptions = AppBarOptions()) -> AppBarStore {
        Store(AppBar(runtime: self, options: options), clock: services.clock)
    }
}
