import LiveryComposition
import LiveryCore

/// A change made to every runtime a run assembles, before the run drives it, and how its join form is then
/// started: the seam through which tests of the runner and the explorer plant the defects those must find.
/// Nothing a person runs sets one.
package struct RuntimeAlteration: Sendable {
    /// The runtime the run drives, made from the one assembled, whose time is the world's.
    package let runtime: @Sendable (Runtime, EmbeddedWorld) -> Runtime
    /// How a join form is started on the runtime; `nil` for the runtime's own store.
    package let journey: (@MainActor @Sendable (Runtime) throws -> any JourneyDriver)?

    /// A change to the runtime, and how its join form is started (`nil`: the runtime's own store).
    package init(
        runtime: @escaping @Sendable (Runtime, EmbeddedWorld) -> Runtime,
        journey: (@MainActor @Sendable (Runtime) throws -> any JourneyDriver)? = nil
    ) {
        self.runtime = runtime
        self.journey = journey
    }
}
