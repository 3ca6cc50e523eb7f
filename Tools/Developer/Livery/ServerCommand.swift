import ArgumentParser
import Foundation
import LiveryConsole
import LiveryWorkshop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `livery sandbox …`, `livery preview …` and `livery gallery …`: the commands that serve HTTP
/// live in `livery-server`, so that building `livery` to run or test brands
/// never compiles the server stack (Hummingbird, NIO, SQLite, hashing). These
/// hand every argument over to it unchanged, `--help` included. Inside a
/// checkout it is built beside this executable first, unless it is newer
/// than every source it is built from (``ServerBuildStamp``): then the hand-over
/// is immediate, without asking SwiftPM.
enum ServerCommand {
    /// `livery sandbox`.
    struct Sandbox: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sandbox",
            abstract: "Serve the sandbox backend for every brand (see `livery sandbox --help`).",
            helpNames: [])

        @Argument(parsing: .captureForPassthrough, help: "The sandbox's options.")
        var arguments: [String] = []

        func run() throws {
            try ServerCommand.handOver(["sandbox"] + arguments)
        }
    }

    /// `livery preview`.
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview",
            abstract: "Serve the live web preview of the brands (see `livery preview --help`).",
            helpNames: [])

        @Argument(parsing: .captureForPassthrough, help: "The preview's options.")
        var arguments: [String] = []

        func run() throws {
            try ServerCommand.handOver(["preview"] + arguments)
        }
    }

    /// `livery gallery`.
    struct Gallery: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "gallery",
            abstract: "Draw every brand's screens into a folder of pictures (see `livery gallery --help`).",
            helpNames: [])

        @Argument(parsing: .captureForPassthrough, help: "The gallery's options.")
        var arguments: [String] = []

        func run() throws {
            try ServerCommand.handOver(["gallery"] + arguments)
        }
    }

    /// Replaces this process with `livery-server arguments…`, built first
    /// when this executable sits in a checkout's build folder.
    /// - Throws: ``ToolError`` when it cannot be built or started.
    static func handOver(_ arguments: [String]) throws {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else {
            throw ToolError("cannot tell where livery is installed, so cannot find livery-server beside it")
        }
        let products = executable.deletingLastPathComponent()
        let server = products.appendingPathComponent("livery-server")
        if let checkout = try? PackageCheckout.enclosing(), products.path.hasPrefix(checkout.root.path) {
            let stamp = ServerBuildStamp(server: server, checkout: checkout.root)
            let missing = !FileManager.default.isExecutableFile(atPath: server.path)
            if missing || !stamp.isUpToDate {
                try build(in: checkout, products: products, missing: missing)
                stamp.record()
            }
        }
        guard FileManager.default.isExecutableFile(atPath: server.path) else {
            throw ToolError(
                "livery-server is not built beside \(executable.path): run `swift build --product livery-server` in the checkout"
            )
        }
        fflush(nil)
        let argv = ([server.path] + arguments).map { strdup($0) } + [nil]
        execv(server.path, argv)
        throw ToolError("could not start \(server.path): \(String(cString: strerror(errno)))")
    }

    /// `swift build --product livery-server` into the build folder `products`
    /// came from (its configuration and scratch path), saying so when it is
    /// `missing` (a first build takes minutes) and showing swift's output
    /// only when the build fails.
    private static func build(in checkout: PackageCheckout, products: URL, missing: Bool) throws {
        let configuration = products.lastPathComponent == "release" ? "release" : "debug"
        let scratch = products.deletingLastPathComponent().deletingLastPathComponent()
        FileHandle.standardError.write(
            Data(
                (missing
                    ? "building livery-server (the HTTP server stack; the first build takes a few minutes)…\n"
                    : "livery-server is older than its sources: building it…\n").utf8))
        let run = try ChildProcess.run(
            ["swift", "build", "--product", "livery-server", "-c", configuration, "--scratch-path", scratch.path],
            in: checkout.root, limit: .seconds(3600), attempts: 3)
        guard run.succeeded else {
            FileHandle.standardError.write(Data((run.output + run.errors).utf8))
            throw ToolError("livery-server did not build (swift's output is above)")
        }
    }
}
