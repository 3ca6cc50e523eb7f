import ArgumentParser
import LiveryComposition
import LiveryConsole
import LiveryCore
import LiveryWorkshop

/// A command-line tool that runs and explores scenarios: `livery`, and
/// `livery-server`, which links TLS and so can trust a private certificate
/// authority for an https backend.
public protocol ScenarioTool: SendableMetatype {
    /// Every brand the tool registers.
    static func composition() throws(ToolError) -> Composition
    /// The transport `--ca-certificate` asks for, trusting the authority in
    /// the PEM file at `path`. A tool that does not link TLS hands the whole
    /// command over to one that does instead, and does not return.
    static func authorityTransport(_ path: String) throws(ToolError) -> any HTTPTransport
}

/// `run <brand> [files…]`: a brand's scenarios, headlessly, on the embedded backend or a server.
public struct RunScenarios<Tool: ScenarioTool>: AsyncParsableCommand {
    /// The command's name, abstract and exit statuses.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "run",
            abstract: "Run a brand's scenario files headlessly and print a transcript.",
            discussion:
                "Without files, runs every scenario in Tests/Scenarios/<brand>/, side by side in --jobs processes (each transcript printed whole, in name order); --every-brand runs every brand's in turn; --shard I/N runs a stable share (with --every-brand, of every brand's files: N runners with I = 1…N run each file once), --junit PATH also writes JUnit XML (a suite per brand). Exit status: 0 all passed, 1 a scenario failed, 2 bad input (including a sandbox that does not allow the worlds a scenario's `given:` needs or refuses the seeding token, or a --junit path that cannot be written)."
        )
    }

    /// The brand, as typed.
    @Argument(help: "The brand, e.g. neds (see `livery brands`); none with --every-brand.")
    var brand: String?

    /// Every brand's scenarios instead of one brand's.
    @Flag(help: "Run every brand's scenarios, one brand after another (no brand or files then).")
    var everyBrand = false

    /// A brand file to run on instead of the built-in brand of its id.
    @Option(
        help:
            "Run on the brand declared in this brand.json (its logo beside it) instead of the built-in one of its id, e.g. after an edit, before a build."
    )
    var brandFile: String?

    @OptionGroup var options: ScenarioRunOptions

    @OptionGroup var output: OutputOptions

    /// Options as parsed.
    public init() {}

    /// Refuses a brand with `--every-brand`, neither of them, and files, a brand file or `--json` with `--every-brand`.
    public func validate() throws {
        guard everyBrand else {
            if brand == nil { throw ValidationError("name a brand (see `livery brands`), or give --every-brand") }
            return
        }
        guard brand == nil, options.files.isEmpty else {
            throw ValidationError("--every-brand runs every brand's folder: name no brand or files with it")
        }
        guard brandFile == nil, !options.json else {
            throw ValidationError("--every-brand goes with neither --brand-file nor --json")
        }
    }

    /// Runs the scenarios; throws the exit status when it is not 0.
    @MainActor
    public func run() async throws {
        var composition = try Tool.composition()
        let authority: AuthorityTransport = { path throws(ToolError) in try Tool.authorityTransport(path) }
        guard let brand else {
            try await options.runEveryBrand(
                of: composition, terminal: output.terminal, command: ["run"], authority: authority)
            return
        }
        var command = ["run", brand]
        if let brandFile {
            composition = try ToolBrands.composition(composition, withBrandFile: brandFile)
            command += ["--brand-file", brandFile]
        }
        try await options.run(
            brand, of: composition, terminal: output.terminal, command: command, authority: authority)
    }
}

/// `explore <brand>`: random journeys checked by invariants and against each other.
public struct ExploreJourneys<Tool: ScenarioTool>: AsyncParsableCommand {
    /// The command's name, abstract and exit statuses.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "explore",
            abstract: "Explore a brand's journeys at random; hand back any failure as a scenario file.",
            discussion:
                "Draws journeys a person could take (only the steps the screen shown allows), checks the invariants after every step, runs each journey again with its waits cut at other points (and against --backend when given) and compares what each step shows; with --beyond-reach it also sends intents no person can make and checks the engines ignore them. The lowest-numbered failing journey is shrunk and saved (--save DIR) or printed as a scenario file that `livery run` fails on in the same way. The same --seed draws the same journeys, whatever --jobs. --every-brand explores every brand in turn; --shard I/N draws a stable share of the journeys (a fleet of N runners with one --seed draws each once); --junit PATH writes a JUnit report, a suite per brand. Exit status: 0 every journey checked held, 1 one failed or none was checked, 2 bad input (an unknown brand, a bad number, a folder that cannot be written, a server that cannot be reached or does not allow seeding); nothing is run on bad input."
        )
    }

    /// The brand, as typed.
    @Argument(help: "The brand, e.g. neds (see `livery brands`); none with --every-brand.")
    var brand: String?

    /// Every brand instead of one.
    @Flag(help: "Explore every brand, one after another (no brand then).")
    var everyBrand = false

    @OptionGroup var options: ExploreOptions

    @OptionGroup var output: OutputOptions

    /// Options as parsed.
    public init() {}

    /// Refuses a brand with `--every-brand`, and neither of them.
    public func validate() throws {
        if everyBrand, brand != nil { throw ValidationError("--every-brand explores every brand: name none with it") }
        if !everyBrand, brand == nil {
            throw ValidationError("name a brand (see `livery brands`), or give --every-brand")
        }
    }

    /// Explores; throws the exit status when it is not 0.
    @MainActor
    public func run() async throws {
        let authority: AuthorityTransport = { path throws(ToolError) in try Tool.authorityTransport(path) }
        guard let brand else {
            try await options.runEveryBrand(
                of: try Tool.composition(), terminal: output.terminal, command: ["explore"], authority: authority)
            return
        }
        try await options.run(
            brand, of: try Tool.composition(), terminal: output.terminal, command: ["explore", brand],
            authority: authority)
    }
}
