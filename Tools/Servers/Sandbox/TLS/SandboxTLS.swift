import NIOSSL

/// The certificate chain and private key a sandbox serves HTTPS with
/// (`--tls-certificate`, `--tls-key`): PEM files, read and checked before
/// anything is served.
public struct SandboxTLS: Sendable, Equatable {
    /// The PEM file of the server's certificate, then any intermediates.
    public var certificatePath: String
    /// The PEM file of its private key (no passphrase).
    public var keyPath: String

    /// HTTPS with the certificate chain at `certificatePath` and the key at `keyPath`.
    public init(certificatePath: String, keyPath: String) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
    }

    /// The server's TLS configuration, its files read and checked: the key
    /// must be the certificate's.
    /// - Throws: ``TLSSetupError`` naming the file that cannot be used.
    public func configuration() throws(TLSSetupError) -> TLSConfiguration {
        let chain = try TLSFiles.certificates(at: certificatePath, role: "the certificate (--tls-certificate)")
        let key = try TLSFiles.privateKey(at: keyPath, role: "the key (--tls-key)")
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        do {
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw TLSSetupError(
                path: keyPath, reason: "the key (--tls-key) does not serve HTTPS with \(certificatePath): \(error)")
        }
        return configuration
    }
}
