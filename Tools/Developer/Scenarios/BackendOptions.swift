import ArgumentParser
import Foundation
import LiveryConsole
import LiveryCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Makes the transport of a backend behind a private certificate authority
/// from the PEM file at a path (`--ca-certificate`); `nil` in a tool that
/// does not link TLS.
public typealias AuthorityTransport = @Sendable (String) throws(ToolError) -> any HTTPTransport

/// The server a run or an exploration also goes to, shared by `livery run`,
/// `livery explore` and the brands' own executables: `--backend` and
/// `--ca-certificate`; the seeding token comes from `LIVERY_SEEDING_TOKEN`.
public struct BackendOptions: ParsableArguments {
    /// A server to run against instead of embedded services.
    @Option(
        help:
            "Run against this server (e.g. http://127.0.0.1:8080 from `livery sandbox --allow-seeding`, or https://…). A sandbox started with --seeding-token asks for one: set LIVERY_SEEDING_TOKEN."
    )
    public var backend: String?

    /// A certificate authority to trust for an https backend.
    @Option(
        help:
            "Also trust the certificate authority in this PEM file for an https --backend (a sandbox with a certificate of a private CA)."
    )
    public var caCertificate: String?

    /// No options given.
    public init() {}

    /// Refuses a `--backend` that is not an http(s) URL with a host, and a `--ca-certificate` without one.
    public func validate() throws {
        if let backend, Self.server(backend) == nil {
            throw ValidationError(
                "--backend must be an http(s) URL such as http://127.0.0.1:8080, not '\(Terminal.printable(String(backend.prefix(80))))'"
            )
        }
        if caCertificate != nil, backend.flatMap(Self.server)?.baseURL.scheme != "https" {
            throw ValidationError("--ca-certificate is for an https --backend")
        }
    }

    /// The options again, for the processes a run starts for `--jobs`.
    var forWorkers: [String] {
        (backend.map { ["--backend", $0] } ?? []) + (caCertificate.map { ["--ca-certificate", $0] } ?? [])
    }

    /// The backend these options name, with the seeding token of `environment`;
    /// `nil` without `--backend`.
    /// - Throws: `ToolError` when the certificate authority cannot be
    ///   used, or is asked for in a tool that cannot make a TLS transport (`authority` is `nil`).
    public func scenarioBackend(
        authority: AuthorityTransport?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ToolError) -> ScenarioBackend? {
        guard let backend, let server = Self.server(backend) else { return nil }
        var transport: any HTTPTransport = URLSession(configuration: .ephemeral)
        if let caCertificate {
            guard let authority else {
                throw ToolError("--ca-certificate needs `livery run` or `livery explore`, which trust a private CA")
            }
            transport = try authority(caCertificate)
        }
        let token = environment[ScenarioBackend.seedingTokenVariable].flatMap { $0.isEmpty ? nil : $0 }
        return ScenarioBackend(server, transport: transport, seedingToken: token)
    }

    /// The server at `text`, when it is an http(s) URL with a host.
    public static func server(_ text: String) -> HTTPServiceConfiguration? {
        guard let url = URL(string: text), HTTPExchange.problem(with: url) == nil else { return nil }
        return HTTPServiceConfiguration(baseURL: url)
    }
}
