import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file a tool was given (a brand file, a scenario file) the one
/// careful way: it must be a regular file no larger than a bound, and it is
/// read only up to that bound. Anything else is refused in plain words that
/// say what the path is: a folder, a named pipe, a device, a socket.
public enum FileInput {
    /// Why a file cannot be read.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong with it, e.g. `is a named pipe (FIFO), not a regular file`.
        public let description: String
    }

    /// The bytes of the regular file at `path`, at most `limit` of them;
    /// `kind` names such files in the refusal of a larger one (`scenario files`).
    /// - Throws: ``Refusal`` when there is no such file, it is not a regular
    ///   file, it is larger than `limit` bytes or it cannot be read.
    public static func read(atPath path: String, limit: Int, kind: String) throws(Refusal) -> Data {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw errno == EACCES
                ? Refusal(description: "cannot be read: permission denied")
                : Refusal(description: "there is no such file")
        }
        if let refusal = refusal(ofKind: status) { throw refusal }
        // Opened without waiting (a named pipe put in the file's place meanwhile cannot hold the tool),
        // then looked at again through the descriptor actually read.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Refusal(description: "cannot be read: \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        guard fstat(descriptor, &status) == 0 else {
            throw Refusal(description: "cannot be read: \(String(cString: strerror(errno)))")
        }
        if let refusal = refusal(ofKind: status) { throw refusal }
        guard Int(status.st_size) <= limit else { throw tooLarge(Int(status.st_size), limit, kind) }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw Refusal(description: "cannot be read: \(error.localizedDescription)")
        }
        // The file may have grown since it was looked at.
        guard data.count <= limit else { throw tooLarge(data.count, limit, kind) }
        return data
    }

    /// Why the file `status` describes is not a regular file (`is a named
    /// pipe (FIFO), not a regular file`); `nil` when it is one. For a tool
    /// that opens a file itself, to write it say, before it opens it.
    public static func refusal(ofKind status: stat) -> Refusal? {
        let type = status.st_mode & S_IFMT
        return type == S_IFREG ? nil : Refusal(description: "is \(describe(type)), not a regular file")
    }

    private static func tooLarge(_ size: Int, _ limit: Int, _ kind: String) -> Refusal {
        Refusal(description: "the file is \(size / 1024) KiB; \(kind) are at most \(limit / 1024) KiB")
    }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR: "a character device (such as /dev/zero)"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }
}
