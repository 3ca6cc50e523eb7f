import ArgumentParser

/// The output options every command takes: `--colour` / `--no-colour`.
public struct OutputOptions: ParsableArguments {
    /// A choice given on the command line, or `nil`.
    @Flag(
        inversion: .prefixedNo, help: "Colour the output (default: when writing to a terminal and NO_COLOR is not set)."
    )
    public var colour: Bool?

    /// No choice given.
    public init() {}

    /// The terminal these options describe.
    public var terminal: Terminal { Terminal(colour: colour) }
}
