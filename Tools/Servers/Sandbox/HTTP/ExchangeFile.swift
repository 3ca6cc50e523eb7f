import BrandDeclarations
import Foundation
import LiveryCore
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file the exchange recorder appends to: a regular file (made when
/// missing), opened once when the sandbox starts and written a whole line
/// at a time, never past ``maxBytes``.
///
/// A path that is not a regular file (a folder, a named pipe, a device such
/// as `/dev/full`) or cannot be opened stops the sandbox from starting,
/// naming it. Once serving, nothing the file does stops the sandbox: when a
/// write fails, or the file has reached its bound, that is logged once and
/// recording stops while the sandbox goes on answering.
final class ExchangeFile: Sendable {
    /// The largest the record grows to: 256 MiB (a test suite's whole
    /// traffic is a few MiB; each `GET /openapi.json` adds about 150 KB).
    static let defaultMaxBytes = 256 << 20

    /// The file's path.
    let path: String
    /// The size past which no line is added.
    let maxBytes: Int
    private let logger: Logger
    /// The descriptor, while recording; `nil` once recording has stopped.
    private let descriptor: Locked<Int32?>

    /// Opens (or makes) the regular file at `path` for appending.
    /// - Throws: ``SandboxSetupError/exchangeRecord(path:reason:)`` when it is not a regular file or cannot be opened.
    init(path: String, maxBytes: Int = defaultMaxBytes, logger: Logger) throws(SandboxSetupError) {
        func refused(_ reason: String) -> SandboxSetupError { .exchangeRecord(path: path, reason: reason) }
        var status = stat()
        if stat(path, &status) == 0, let refusal = FileInput.refusal(ofKind: status) {
            throw refused(refusal.description)
        }
        // Without waiting: a named pipe nobody reads, put there meanwhile, cannot hold the start.
        let opened = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard opened >= 0 else { throw refused("cannot be opened for writing: \(String(cString: strerror(errno)))") }
        guard fstat(opened, &status) == 0, FileInput.refusal(ofKind: status) == nil else {
            close(opened)
            throw refused(FileInput.refusal(ofKind: status)?.description ?? "cannot be looked at")
        }
        self.path = path
        self.maxBytes = maxBytes
        self.logger = logger
        descriptor = Locked(opened)
    }

    deinit {
        if let open = descriptor.withLock({ $0 }) { close(open) }
    }

    /// Whether lines are still being written.
    var isRecording: Bool { descriptor.withLock { $0 != nil } }

    /// Appends `exchange` as one line, unless recording has stopped; a
    /// failed write or the bound stops it, logged once.
    func append(_ exchange: Exchange) {
        guard var line = try? JSONEncoder.sorted.encode(exchange) else { return }
        line.append(0x0A)
        descriptor.withLock { descriptor in
            guard let open = descriptor else { return }
            var status = stat()
            // The file's own size: every sandbox of a test process may append to it.
            guard fstat(open, &status) == 0, Int(status.st_size) + line.count <= maxBytes else {
                let bound = maxBytes >= 1 << 20 ? "\(maxBytes >> 20) MiB" : "\(maxBytes >> 10) KiB"
                stop(&descriptor, reason: "it has reached its bound of \(bound)")
                return
            }
            if let failure = Self.appendWhole(line, to: open, at: Int(status.st_size)) {
                stop(&descriptor, reason: "a write failed: \(failure)")
            }
        }
    }

    /// Appends `line` to the file, whose size was `size`; a line a full disk
    /// cuts short is taken back off (when nothing was appended after it), so
    /// the record holds whole lines only. Why it could not, if it could not.
    private static func appendWhole(_ line: Data, to descriptor: Int32, at size: Int) -> String? {
        let (written, failure) = writeAll(line, to: descriptor)
        guard let failure else { return nil }
        var status = stat()
        if written > 0, fstat(descriptor, &status) == 0, Int(status.st_size) == size + written {
            _ = ftruncate(descriptor, off_t(size))
        }
        return failure
    }

    private func stop(_ descriptor: inout Int32?, reason: String) {
        guard let open = descriptor else { return }
        close(open)
        descriptor = nil
        logger.error(
            "exchange record stopped; the sandbox goes on serving",
            metadata: ["file": "\(path)", "reason": "\(reason)"])
    }

    /// Writes all of `bytes`: how many were written, and why not all, if not.
    private static func writeAll(_ bytes: Data, to descriptor: Int32) -> (written: Int, failure: String?) {
        bytes.withUnsafeBytes { buffer -> (Int, String?) in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return (offset, String(cString: strerror(errno)))
                }
                guard written > 0 else { return (offset, "nothing was written") }
                offset += written
            }
            return (offset, nil)
        }
    }
}
