import ArgumentParser
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore
import LiverySandbox
import ServerInputs

extension ServerTool {
    /// `livery sandbox`: the local backend, serving every registered brand.
    struct SandboxCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sandbox",
            abstract:
                "Serve the sandbox backend (HTTP on loopback; SQLite, or PostgreSQL shared by several instances) for every registered brand.",
            discussion: """
                Then run scenarios against it: livery run neds --backend http://127.0.0.1:8080
                The database defaults to $XDG_STATE_HOME/livery/sandbox.sqlite (~/.local/state/livery/sandbox.sqlite \
                without XDG_STATE_HOME), the same from any directory; --database postgres://user@host:port/db keeps \
                it in PostgreSQL, where any number of sandbox processes share it (Tools/Servers/Postgres/start runs one on loopback). \
                SIGTERM or SIGINT stops accepting, lets requests in flight finish for up to --drain, then closes the database. \
                GET /health answers 200 while the database does, 503 otherwise; GET /metrics is Prometheus' text format. \
                Faults: --fault check-username=500@0.3 answers 500 to 30% of username checks; \
                --fault create-client=timeout answers 504 at once; --latency address=200ms delays address answers. \
                Routes: check-username, create-client, address, client-details, betslip-count, registration-config. \
                --allow-seeding lets scenario runs (livery run --backend) make worlds of their own, each seeded \
                with what its `given:` describes and timed by the run's clock; from this machine only, unless \
                --seeding-token T is given (or LIVERY_SANDBOX_SEEDING_TOKENS, comma-separated, which keeps tokens out of \
                the process list): then from any machine whose run sends one (LIVERY_SEEDING_TOKEN), and only those. \
                A non-loopback --host with --allow-seeding needs a token. --tls-certificate and --tls-key serve HTTPS \
                (runs trust a private CA with --ca-certificate); plain HTTP on a non-loopback --host is warned of. \
                --access-token T makes the account and address API ask for Authorization: Bearer T (401 without it), \
                to try an app's token refresh; LIVERY_SANDBOX_ACCESS_TOKENS (comma-separated) keeps tokens out of the process list. \
                Every option is checked before anything starts; "serving" is printed once the port is bound. \
                Exit status: 0 stopped, 2 bad options (seeding on a non-loopback --host without a token, a certificate \
                or key that cannot be used) or a port or database that cannot be used (unreachable, a wrong \
                password, a schema from a newer Livery), before anything is served.
                """)

        @Option(parsing: .unconditional, help: "The port to listen on, 0…65535 (0: any free port).")
        var port = 8080

        @Option(help: "The address to listen on (loopback by default).")
        var host = "127.0.0.1"

        @Option(
            help:
                "The SQLite file (created and migrated if missing; its folder must exist unless it is the default), or postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require]."
        )
        var database: String?

        @Flag(
            help:
                "Start from an empty database (deletes the SQLite file first), so scenario runs that create clients can repeat. SQLite only."
        )
        var fresh = false

        @Option(help: "How long requests in flight may finish after SIGTERM or SIGINT, 0s…5m.")
        var drain = "10s"

        @Option(
            help:
                "The scrypt cost of stored passwords: sandbox (N = 2^12, the default: the sandbox holds no real passwords), production (N = 2^17) or an exponent 10…20."
        )
        var passwordCost = "sandbox"

        @Option(
            help:
                "An injected fault: <route>=<status>@<rate>, <route>=timeout or '<route>=latency <N>ms', e.g. check-username=500@0.3. Repeatable."
        )
        var fault: [String] = []

        @Option(help: "Added latency: <route>=<N>ms, e.g. address=200ms. Repeatable.")
        var latency: [String] = []

        @OptionGroup var connections: ConnectionOptions

        @Flag(
            help:
                "Serve POST /sandbox/seed and the world routes (to this machine only, unless --seeding-token), which scenarios with a `given:` use to set up existing accounts, usernames, the register, today and faults."
        )
        var allowSeeding = false

        @Option(
            help:
                "With --allow-seeding: a secret that lets a run on any machine make, seed and delete its worlds (it sends it in Livery-Seeding-Token); with any, every run must send one. Repeatable; LIVERY_SANDBOX_SEEDING_TOKENS (comma-separated) keeps them out of the process list."
        )
        var seedingToken: [String] = []

        @Option(help: "Serve HTTPS with the certificate chain in this PEM file (with --tls-key).")
        var tlsCertificate: String?

        @Option(help: "The PEM private key (no passphrase) of --tls-certificate.")
        var tlsKey: String?

        @Option(
            help:
                "With --allow-seeding: the most worlds held at once (each scenario run makes one), 1…10000; one more is refused 429. With seeding tokens, each token holds at most its even share."
        )
        var maxWorlds = 256

        @Option(help: "With --allow-seeding: delete a world unused for this long, 1s…24h.")
        var worldIdleTimeout = "10m"

        @Option(
            help:
                "A bearer token the account and address API accept; with any, requests without one are answered 401. Repeatable."
        )
        var accessToken: [String] = []

        @OptionGroup var output: OutputOptions

        /// The accepted access tokens: `--access-token` and `LIVERY_SANDBOX_ACCESS_TOKENS`, checked.
        func accessTokens(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ValidationError)
            -> Set<String>
        {
            try Self.tokens(accessToken, environment["LIVERY_SANDBOX_ACCESS_TOKENS"], kind: "an access token")
        }

        /// The accepted seeding tokens: `--seeding-token` and `LIVERY_SANDBOX_SEEDING_TOKENS`, checked.
        func seedingTokens(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ValidationError)
            -> Set<String>
        {
            let tokens = try Self.tokens(
                seedingToken, environment["LIVERY_SANDBOX_SEEDING_TOKENS"], kind: "a seeding token")
            if let short = tokens.first(where: { $0.utf8.count < 16 }) {
                throw ValidationError(
                    "a seeding token must be at least 16 characters (one is \(short.utf8.count)): "
                        + "it guards the sandbox from other machines; `openssl rand -hex 32` makes one")
            }
            return tokens
        }

        /// The tokens of an option and a comma-separated environment variable: at most 64, each
        /// 1…512 visible ASCII characters (never echoed in an error).
        private static func tokens(_ given: [String], _ variable: String?, kind: String) throws(ValidationError)
            -> Set<String>
        {
            let tokens = given + (variable ?? "").split(separator: ",").map(String.init)
            guard tokens.count <= 64 else { throw ValidationError("at most 64 of \(kind)s, not \(tokens.count)") }
            for token in tokens
            where token.isEmpty || token.utf8.count > 512
                || !token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
            {
                throw ValidationError("\(kind) must be 1…512 visible ASCII characters without spaces")
            }
            return Set(tokens)
        }

        /// `--tls-certificate` and `--tls-key`, both or neither.
        func tls() throws(ValidationError) -> SandboxTLS? {
            switch (tlsCertificate, tlsKey) {
            case (nil, nil): return nil
            case (let certificate?, let key?): return SandboxTLS(certificatePath: certificate, keyPath: key)
            default: throw ValidationError("--tls-certificate and --tls-key go together: give both, or neither")
            }
        }

        func validate() throws {
            _ = try accessTokens()
            let seeding = try seedingTokens()
            if !seeding.isEmpty, !allowSeeding {
                throw ValidationError("--seeding-token is for --allow-seeding: without it the sandbox makes no worlds")
            }
            if let tls = try tls() {
                do {
                    _ = try tls.configuration()
                } catch {
                    throw ValidationError("\(error)")
                }
            }
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535, not \(port)") }
            guard !host.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("--host must not be empty")
            }
            do {
                _ = try FaultPlan.parse(faults: fault, latencies: latency)
            } catch {
                throw ValidationError("\(error)")
            }
            _ = try worldLimits()
            _ = try drainTime()
            if let refusal = try configuration(database: .sqlite(path: "")).refusal { throw ValidationError(refusal) }
            guard PasswordHasher.Cost(option: passwordCost) != nil else {
                throw ValidationError(
                    "--password-cost must be sandbox, production or an exponent 10…20, not '\(passwordCost)'")
            }
            let location: SandboxDatabase?
            do {
                location = try database.map(SandboxDatabase.parse)
            } catch {
                throw ValidationError("--database: \(error)")
            }
            if case .postgres? = location, fresh {
                throw ValidationError(
                    "--fresh deletes a SQLite file; with PostgreSQL, drop and create the database instead")
            }
            if case .sqlite(let database)? = location {
                var isFolder: ObjCBool = false
                let folder = URL(fileURLWithPath: database).deletingLastPathComponent().path
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                    throw ValidationError("--database \(database): the folder \(folder) does not exist")
                }
                if FileManager.default.fileExists(atPath: database, isDirectory: &isFolder), isFolder.boolValue {
                    throw ValidationError("--database \(database) is a folder, not a file")
                }
            }
        }

        func run() async throws {
            let terminal = output.terminal
            let location = try databaseLocation()
            if case .sqlite(let path) = location, fresh {
                for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                    do {
                        try FileManager.default.removeItem(atPath: path + suffix)
                    } catch {
                        throw ToolError("cannot delete \(path + suffix): \(error.localizedDescription)")
                    }
                }
            }
            let brands = try ServerTool.composition()
            let plugins = try brands.registry.ids.map { id throws(ToolError) in
                try ServerTool.brand(id.rawValue, in: brands)
            }
            let configuration = try configuration(database: location)
            if let warning = configuration.warning {
                ExitStatus.writeError(terminal.yellow("warning: ") + warning)
            }
            let host = self.host
            do {
                try await Sandbox.run(brands: plugins, configuration: configuration) { port in
                    print(
                        terminal.bold("sandbox")
                            + " serving \(plugins.count) brands from \(location) on \(configuration.scheme)://\(host):\(port) (Ctrl-C stops)"
                    )
                    fflush(nil)
                }
            } catch SandboxSetupError.database(let database, let reason) {
                throw ToolError("the database \(database) cannot be used: \(reason)")
            } catch let error as SandboxSetupError {
                if case .exchangeRecord = error { throw ToolError("LIVERY_CONTRACT_EXCHANGES: \(error)") }
                throw ToolError("the sandbox could not serve on \(host):\(port) with \(location): \(error)")
            } catch {
                throw ToolError("the sandbox could not serve on \(host):\(port) with \(location): \(error)")
            }
        }

        /// The configuration these options make, on `database`.
        func configuration(database: SandboxDatabase) throws -> SandboxConfiguration {
            var configuration = SandboxConfiguration(
                host: host, port: port, database: database,
                faults: try FaultPlan.parse(faults: fault, latencies: latency),
                passwordCost: PasswordHasher.Cost(option: passwordCost) ?? .sandbox,
                connections: try connections.limits(), allowsSeeding: allowSeeding,
                worlds: try worldLimits(), drain: try drainTime())
            configuration.accessTokens = try accessTokens()
            configuration.seedingTokens = try seedingTokens()
            configuration.tls = try tls()
            return configuration
        }

        /// `--drain`, checked.
        func drainTime() throws(ValidationError) -> Duration {
            guard let time = DurationText.parse(drain, maximum: .seconds(300)) else {
                throw ValidationError("--drain must be a duration from 0s to 5m such as 10s, not '\(drain)'")
            }
            return time
        }

        /// `--max-worlds` and `--world-idle-timeout`, checked.
        func worldLimits() throws(ValidationError) -> WorldLimits {
            guard (1...10_000).contains(maxWorlds) else {
                throw ValidationError("--max-worlds must be 1…10000, not \(maxWorlds)")
            }
            guard let idle = DurationText.parse(worldIdleTimeout, maximum: .seconds(86_400)), idle >= .seconds(1) else {
                throw ValidationError(
                    "--world-idle-timeout must be a duration from 1s to 24h such as 10m, not '\(worldIdleTimeout)'")
            }
            return WorldLimits(maxWorlds: maxWorlds, idleTimeout: idle)
        }

        /// `--database`, or the default SQLite path with its folder created.
        private func databaseLocation() throws(ToolError) -> SandboxDatabase {
            if let database {
                do {
                    return try SandboxDatabase.parse(database)
                } catch {
                    throw ToolError("--database: \(error)")
                }
            }
            let path = SandboxConfiguration.defaultDatabasePath()
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw ToolError("cannot create \(folder.path) for the sandbox database: \(error.localizedDescription)")
            }
            return .sqlite(path: path)
        }
    }
}
