import Foundation
import LiveryConsole
import LiveryScenarios
import LiveryTesting
import Testing

/// A CI fleet on one team sandbox, proven with network namespaces as
/// separate machines: two sandbox instances on one PostgreSQL in a server
/// namespace, serving HTTPS on an address other machines reach, and four
/// runner namespaces, each joined to it by a veth pair of its own. Root only,
/// and only when asked for with `LIVERY_FLEET=1`, since it fills both cores
/// for a while and would slow the tests beside it (`.ci/run` runs it alone,
/// as root); every namespace and link is removed at the end, also when the
/// test fails, and no traffic leaves the namespaces.
///
/// For the load figure in BENCHMARKS.md: `LIVERY_FLEET_TOOLS=.build/release`
/// runs the release `livery` and `livery-server` instead of those beside the
/// tests, and `LIVERY_FLEET_BASELINE=1` first runs every brand from one
/// runner against one instance, the same run's baseline.
@Suite("A CI fleet on one sandbox", .serialized, .enabled(if: Fleet.canRun, Comment(rawValue: Fleet.whyNot)))
struct FleetTests {
    static let token = "fleet-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()

    @Test(
        "four runner machines, each running a shard of every brand's folder with two jobs over HTTPS against two sandbox instances on one PostgreSQL: every shard green, their JUnit files name every file exactly once, no world is left, and a runner without the token is refused"
    )
    func fleet() async throws {
        let fleet = try await Fleet.make(runners: 4)
        do {
            try await run(on: fleet)
        } catch {
            await fleet.remove()
            throw error
        }
        await fleet.remove()
        #expect(Fleet.leftovers().isEmpty, "namespaces left behind: \(Fleet.leftovers())")
    }

    private func run(on fleet: Fleet) async throws {
        let certificates = try await ThrowawayCertificates.make(for: fleet.runners.map(\.serverAddress))
        defer { certificates.remove() }
        let database = try await fleet.startPostgres()
        let instances = try await (0..<2).asyncMap { index in
            try await SandboxProcess(
                sandbox: [
                    "--host", "0.0.0.0", "--port", "\(8443 + index)", "--database", database, "--allow-seeding",
                    "--tls-certificate", certificates.certificate, "--tls-key", certificates.key,
                ],
                namespace: fleet.server, environment: ["LIVERY_SANDBOX_SEEDING_TOKENS": Self.token],
                executable: try Fleet.tool("livery-server"))
        }
        let livery = try Fleet.tool("livery")
        if ProcessInfo.processInfo.environment["LIVERY_FLEET_BASELINE"] == "1" {
            let started = ContinuousClock.now
            let one = try await fleet.run(
                livery,
                [
                    "run", "--every-brand", "--jobs", "2", "--backend",
                    "https://\(fleet.runners[0].serverAddress):8443",
                    "--ca-certificate", certificates.authority, "--no-colour",
                ], in: fleet.runners[0].namespace, environment: ["LIVERY_SEEDING_TOKEN": Self.token])
            #expect(one.status == 0, "\(one.output.suffix(2000))")
            print("baseline: every brand from one runner × 2 jobs against one instance: \(Fleet.rate(since: started))")
        }
        for instance in instances {
            #expect(!instance.stderr.contains("in clear"), "HTTPS is served: no warning")
        }
        let reports = fleet.folder.appendingPathComponent("junit")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let cpuBefore = instances.compactMap(\.cpuSeconds).reduce(0, +)
        let started = ContinuousClock.now
        let runs = try await withThrowingTaskGroup(of: (Int, ToolRun).self) { group in
            for (index, runner) in fleet.runners.enumerated() {
                let url = "https://\(runner.serverAddress):\(8443 + index / 2)"
                group.addTask {
                    let run = try await fleet.run(
                        livery,
                        [
                            "run", "--every-brand", "--shard", "\(index + 1)/4", "--jobs", "2", "--backend", url,
                            "--ca-certificate", certificates.authority, "--no-colour", "--junit",
                            reports.appendingPathComponent("shard-\(index + 1).xml").path,
                        ], in: runner.namespace, environment: ["LIVERY_SEEDING_TOKEN": Self.token])
                    return (index, run)
                }
            }
            var runs: [Int: ToolRun] = [:]
            for try await (index, run) in group { runs[index] = run }
            return runs
        }
        let rate = Fleet.rate(since: started)
        for (index, run) in runs.sorted(by: { $0.key < $1.key }) {
            #expect(run.status == 0, "shard \(index + 1)/4: \(run.output.suffix(2000))\(run.errors.suffix(2000))")
        }
        let expected = Fleet.everyFile
        var named: [String] = []
        for shard in 1...4 {
            let xml = try String(
                contentsOf: reports.appendingPathComponent("shard-\(shard).xml"), encoding: .utf8)
            named += Fleet.files(inJUnit: xml)
        }
        #expect(named.count == expected.count, "every file once: \(named.count) named, \(expected.count) files")
        #expect(Set(named) == Set(expected))
        let cpu = instances.compactMap(\.cpuSeconds).reduce(0, +) - cpuBefore
        print(
            "fleet: every brand by 4 runners × 2 jobs against 2 instances: \(rate); the instances' CPU: "
                + String(format: "%.2f s, %.1f ms a file", cpu, cpu * 1000 / Double(expected.count)))
        #expect(try await fleet.liveWorlds(in: database) == 0, "no world left behind")

        let refused = try await fleet.run(
            livery,
            [
                "run", "neds", "--backend", "https://\(fleet.runners[0].serverAddress):8443", "--ca-certificate",
                certificates.authority, "--no-colour",
            ], in: fleet.runners[0].namespace, environment: ["LIVERY_SEEDING_TOKEN": ""])
        #expect(refused.status == 2, "\(refused.output)\(refused.errors)")
        #expect(refused.errors.contains("LIVERY_SEEDING_TOKEN"), "\(refused.errors)")
        let wrong = try await fleet.run(
            livery,
            [
                "run", "neds", "--backend", "https://\(fleet.runners[1].serverAddress):8443", "--ca-certificate",
                certificates.authority, "--no-colour",
            ], in: fleet.runners[1].namespace, environment: ["LIVERY_SEEDING_TOKEN": "not-the-fleet-token-0000"])
        #expect(wrong.status == 2 && wrong.errors.contains("not one this sandbox accepts"), "\(wrong.errors)")
        for instance in instances {
            instance.send(SIGTERM)
            #expect(try await instance.exitStatus() == 0)
        }
    }
}

/// Network namespaces standing in for machines: a server and runners,
/// each runner joined to the server by a veth pair on a /24 of its own
/// (10.231.<n>.1 the server's end, .2 the runner's).
struct Fleet: Sendable {
    /// A runner machine.
    struct Runner: Sendable {
        let namespace: String
        /// The server's address as this runner reaches it.
        let serverAddress: String
    }

    /// The prefix of every namespace a fleet makes.
    static let prefix = "lvfleet-"

    let server: String
    let runners: [Runner]
    /// A temporary folder for the database and reports, removed with the fleet.
    let folder: URL

    /// The tool `name`: from `LIVERY_FLEET_TOOLS` when set, else beside the tests.
    static func tool(_ name: String) throws -> URL {
        guard let folder = ProcessInfo.processInfo.environment["LIVERY_FLEET_TOOLS"] else {
            return try SandboxProcess.tool(name)
        }
        return URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL
    }

    /// Every brand's scenario files.
    static var everyFile: [String] {
        ((try? SandboxHarness.brands) ?? []).flatMap { ScenarioLibrary.files(for: $0.manifest.id.rawValue) }
    }

    /// Every brand's files over the time since `start`, as files a second.
    static func rate(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let files = Fleet.everyFile.count
        return
            "\(files) files in \(String(format: "%.1f", seconds)) s, \(String(format: "%.1f", Double(files) / seconds)) files/s"
    }

    /// Whether this process may make namespaces and has what the fleet needs.
    static var canRun: Bool { whyNot.isEmpty }

    /// Why the fleet cannot be made here ("" when it can).
    static var whyNot: String {
        if ProcessInfo.processInfo.environment["LIVERY_FLEET"] != "1" {
            return "the fleet test runs alone: LIVERY_FLEET=1 swift test --filter FleetTests, as root (.ci/run does)"
        }
        if getuid() != 0 { return "the fleet test makes network namespaces: run it as root (.ci/run does)" }
        if !ToolRun.exists("ip") { return "iproute2's `ip` is not installed" }
        if !ThrowawayCertificates.canMake { return "openssl is not installed" }
        if !FileManager.default.fileExists(atPath: "/usr/lib/postgresql") { return "PostgreSQL is not installed" }
        if !canMakeNamespaces { return "network namespaces cannot be made here (a container without CAP_SYS_ADMIN?)" }
        return ""
    }

    /// Whether `ip netns add` works here: one is made and deleted at once.
    private static var canMakeNamespaces: Bool {
        let probe = "\(prefix)probe-\(getpid())"
        func ip(_ arguments: [String]) -> Bool {
            (try? ChildProcess.run(["ip"] + arguments, limit: .seconds(30)))?.succeeded == true
        }
        let made = ip(["netns", "add", probe])
        if made { _ = ip(["netns", "delete", probe]) }
        return made
    }

    /// The namespaces of fleets that are still there.
    static func leftovers() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/var/run/netns")) ?? []
        return names.filter { $0.hasPrefix(prefix) }
    }

    /// A server namespace and `count` runner namespaces, linked and up (namespaces of an earlier, killed run removed first).
    static func make(runners count: Int) async throws -> Fleet {
        for stale in leftovers() { _ = try? await ip(["netns", "delete", stale]) }
        let id = String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(6)).lowercased()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)\(id)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fleet = Fleet(
            server: "\(prefix)\(id)-server",
            runners: (1...count).map {
                Runner(namespace: "\(prefix)\(id)-runner\($0)", serverAddress: "10.231.\($0).1")
            },
            folder: folder)
        do {
            try await ip(["netns", "add", fleet.server])
            try await ip(["-n", fleet.server, "link", "set", "lo", "up"])
            for (index, runner) in fleet.runners.enumerated() {
                let (serverEnd, runnerEnd) = ("lf\(id)s\(index + 1)", "lf\(id)r\(index + 1)")
                try await ip(["netns", "add", runner.namespace])
                try await ip(["-n", runner.namespace, "link", "set", "lo", "up"])
                try await ip(["link", "add", serverEnd, "type", "veth", "peer", "name", runnerEnd])
                try await ip(["link", "set", serverEnd, "netns", fleet.server])
                try await ip(["link", "set", runnerEnd, "netns", runner.namespace])
                try await ip(["-n", fleet.server, "addr", "add", "\(runner.serverAddress)/24", "dev", serverEnd])
                try await ip(["-n", runner.namespace, "addr", "add", "10.231.\(index + 1).2/24", "dev", runnerEnd])
                try await ip(["-n", fleet.server, "link", "set", serverEnd, "up"])
                try await ip(["-n", runner.namespace, "link", "set", runnerEnd, "up"])
            }
        } catch {
            await fleet.remove()
            throw error
        }
        return fleet
    }

    /// PostgreSQL 15 on the server namespace's loopback (`Tools/Servers/Postgres/start`): its URL.
    func startPostgres() async throws -> String {
        let run = try await ToolRun.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["ip", "netns", "exec", server, Self.postgresScript("start"), "--dir", postgresFolder, "--port", "55440"],
            limit: .seconds(120))
        guard run.status == 0, let url = run.output.split(separator: "\n").last.map(String.init) else {
            throw SandboxProcess.Failure("PostgreSQL did not start in \(server): \(run.errors)")
        }
        return url
    }

    /// How many worlds the database holds besides the default one, read with psql inside the server namespace.
    func liveWorlds(in database: String) async throws -> Int {
        let run = try await ToolRun.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "ip", "netns", "exec", server, "psql", database, "-tAc",
                "SELECT count(*) FROM world WHERE id <> '' AND NOT expired",
            ], limit: .seconds(60))
        guard run.status == 0, let count = Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw SandboxProcess.Failure("psql in \(server): \(run.errors)")
        }
        return count
    }

    /// Runs `executable` inside `namespace`, outside the checkout (so a hand-over never asks SwiftPM to build).
    func run(_ executable: URL, _ arguments: [String], in namespace: String, environment: [String: String])
        async throws -> ToolRun
    {
        try await ToolRun.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["ip", "netns", "exec", namespace, executable.path] + arguments,
            environment: environment, in: folder, limit: .seconds(600))
    }

    /// Stops PostgreSQL and deletes every namespace (their links go with them) and the folder.
    func remove() async {
        _ = try? await ToolRun.run(
            URL(fileURLWithPath: "/usr/bin/env"), [Self.postgresScript("stop"), "--dir", postgresFolder],
            limit: .seconds(60))
        for namespace in [server] + runners.map(\.namespace) {
            _ = try? await Self.ip(["netns", "delete", namespace])
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The `<testcase file="…">` paths of a JUnit report.
    static func files(inJUnit xml: String) -> [String] {
        xml.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("<testcase "), let start = line.range(of: " file=\"") else { return nil }
            let rest = line[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
    }

    private var postgresFolder: String { folder.appendingPathComponent("postgres").path }

    private static func postgresScript(_ name: String) -> String {
        SourceTree.url("Tools/Servers/Postgres/\(name)").path
    }

    @discardableResult
    private static func ip(_ arguments: [String]) async throws -> ToolRun {
        let run = try await ToolRun.run(URL(fileURLWithPath: "/usr/bin/env"), ["ip"] + arguments, limit: .seconds(30))
        guard run.status == 0 else {
            throw SandboxProcess.Failure("ip \(arguments.joined(separator: " ")): \(run.errors)")
        }
        return run
    }
}

extension Sequence where Element: Sendable {
    /// `transform` applied to each element in turn.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
