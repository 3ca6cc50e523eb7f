import LiveryCore

// Old spellings kept so that an app's code still compiles, with a warning
// naming the new one. The migration article says when each went and why.

extension BrandConfiguration {
    /// The name ``market`` had before 0.10.
    @available(*, deprecated, renamed: "market")
    public var region: Market { market }
}
