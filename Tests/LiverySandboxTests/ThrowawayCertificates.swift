import Foundation

/// A certificate authority and a server certificate it signed, made with
/// Debian's `openssl` in a temporary folder for one test and removed after:
/// nothing here is trusted anywhere else.
struct ThrowawayCertificates: Sendable {
    /// The folder holding the files.
    let folder: URL
    /// The authority's certificate (what `--ca-certificate` takes).
    var authority: String { folder.appendingPathComponent("ca.pem").path }
    /// The server's certificate.
    var certificate: String { folder.appendingPathComponent("server.pem").path }
    /// The server's private key.
    var key: String { folder.appendingPathComponent("server.key").path }

    /// Whether `openssl` is here to make them.
    static var canMake: Bool { ToolRun.exists("openssl") }

    /// A new authority and a certificate it signed for the IP addresses
    /// `addresses` and the name `localhost`; P-256 keys, valid for a day.
    static func make(for addresses: [String] = ["127.0.0.1"]) async throws -> ThrowawayCertificates {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = (addresses.map { "IP:\($0)" } + ["DNS:localhost"]).joined(separator: ",")
        try Data("subjectAltName=\(names)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".utf8).write(
            to: folder.appendingPathComponent("server.ext"))
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for arguments in [
            ["req", "-x509"] + curve + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "1", "-subj", "/CN=Livery test CA",
            ],
            ["req"] + curve + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=livery-sandbox"],
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", "server.pem", "-days", "1", "-extfile", "server.ext",
            ],
        ] {
            let run = try await ToolRun.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["openssl"] + arguments, in: folder, limit: .seconds(60))
            guard run.status == 0 else {
                throw SandboxProcess.Failure("openssl \(arguments[0]) failed: \(run.errors)")
            }
        }
        return ThrowawayCertificates(folder: folder)
    }

    /// Deletes the files.
    func remove() { try? FileManager.default.removeItem(at: folder) }
}
