import LiveryCore

extension Runtime {
    /// A new app bar for one screen, with this runtime's brand settings,
    /// theme, flags and services. Every bar of a runtime shares its client
    /// details and betslip count, so a new one starts from the latest data.
    public func appBar(options: AppBarOptions = AppBarOptions()) -> AppBar {
        AppBar(runtime: self, options: options)
    }
}
