import LiveryComposition
import ArgumentParser
import Foundation
import LiverySandbox

extension Livery {
    /// `livery sandbox`: the local backend, serving every registered brand.
    struct SandboxCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sandbox",
            abstract: "Serve the sandbox backend (HTTP on loopback, SQLite) for every registered brand.",
            discussion: """
            Then run scenarios against it: livery run neds --backend http://127.0.0.1:8080
            Faults: --fault check-username=500@0.3 answers 500 to 30% of username checks; \
            --fault create-client=timeout answers 504 at once; --latency address=200ms delays address answers. \
            Routes: check-username, create-client, address, client-details, betslip-count, registration-config. \
            --allow-seeding lets scenario runs (livery run --backend) seed the world their `given:` describes.
            """)

        @Option(help: "The port to listen on (0: any free port).")
        var port = 8080

        @Option(help: "The address to listen on (loopback by default).")
        var host = "127.0.0.1"

        @Option(help: "The SQLite file (created and migrated if missing).")
        var database = ".build/sandbox.sqlite"

        @Flag(help: "Start from an empty database (deletes the SQLite file first), so scenario runs that create clients can repeat.")
        var fresh = false

        @Option(help: "An injected fault: <route>=<status>@<rate>, <route>=timeout or '<route>=latency <N>ms', e.g. check-username=500@0.3. Repeatable.")
        var fault: [String] = []

        @Option(help: "Added latency: <route>=<N>ms, e.g. address=200ms. Repeatable.")
        var latency: [String] = []

        @Flag(help: "Serve POST /sandbox/seed (to this machine only), which scenarios with a `given:` use to set up existing accounts, usernames, the register, today and faults.")
        var allowSeeding = false

        func run() async throws {
            let faults: FaultPlan
            do {
                faults = try FaultPlan.parse(faults: fault, latencies: latency)
            } catch {
                throw ValidationError("\(error)")
            }
            if fresh {
                for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: database + suffix) {
                    do {
                        try FileManager.default.removeItem(atPath: database + suffix)
                    } catch {
                        throw ToolError("cannot delete \(database + suffix): \(error.localizedDescription)")
                    }
                }
            }
            let configuration = SandboxConfiguration(host: host, port: port, databasePath: database, faults: faults,
                                                     allowsSeeding: allowSeeding)
            print(Terminal.bold("sandbox") + " serving \(registeredBrands.count) brands from \(database) on http://\(host):\(port) (Ctrl-C stops)")
            do {
                try await Sandbox.run(brands: registeredBrands, configuration: configuration)
            } catch {
                throw ToolError("\(error)")
            }
        }
    }
}
