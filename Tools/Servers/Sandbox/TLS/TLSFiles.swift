import BrandDeclarations
import Foundation
import NIOSSL

/// A certificate or key file that cannot be used, named with why.
public struct TLSSetupError: Error, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What is wrong with it.
    public let reason: String

    /// `path`: `reason`.
    public var description: String { "\(path): \(reason)" }
}

/// Reads the PEM files of TLS, bounded in size, each error naming the file and its role.
enum TLSFiles {
    /// The largest certificate or key file read: 1 MiB.
    static let maxBytes = 1 << 20

    /// The certificates in the PEM file at `path` (at least one).
    static func certificates(at path: String, role: String) throws(TLSSetupError) -> [NIOSSLCertificate] {
        let bytes = try read(path, role: role)
        let certificates: [NIOSSLCertificate]
        do {
            certificates = try NIOSSLCertificate.fromPEMBytes(Array(bytes))
        } catch {
            throw TLSSetupError(path: path, reason: "\(role) is not a PEM certificate (\(error))")
        }
        guard !certificates.isEmpty else {
            throw TLSSetupError(path: path, reason: "\(role) holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        return certificates
    }

    /// The private key in the PEM file at `path`.
    static func privateKey(at path: String, role: String) throws(TLSSetupError) -> NIOSSLPrivateKey {
        let bytes = try read(path, role: role)
        do {
            return try NIOSSLPrivateKey(bytes: Array(bytes), format: .pem)
        } catch {
            throw TLSSetupError(path: path, reason: "\(role) is not a PEM private key without a passphrase (\(error))")
        }
    }

    /// The file's bytes, read as every file a tool is given is read: a regular file only (a named pipe
    /// cannot hold the tool), no more than the bound.
    private static func read(_ path: String, role: String) throws(TLSSetupError) -> Data {
        do throws(FileInput.Refusal) {
            return try FileInput.read(atPath: path, limit: maxBytes, kind: "PEM files")
        } catch {
            throw TLSSetupError(path: path, reason: "\(role): \(error.description)")
        }
    }
}
