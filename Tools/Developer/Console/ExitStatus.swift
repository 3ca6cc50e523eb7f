import ArgumentParser
import Foundation

/// The exit statuses of `livery` and of every brand's executable.
public enum ExitStatus {
    /// Everything asked for was done and every check or scenario passed.
    public static let success: Int32 = 0
    /// A check, a test, a build or a scenario failed.
    public static let failure: Int32 = 1
    /// Bad input or usage: an unknown brand or option, an unreadable or
    /// malformed file, an invalid value; nothing was run.
    public static let badInput: Int32 = 2

    /// Parses `arguments` (the process's when `nil`) as `Command`, runs it
    /// and returns the exit status. Help is printed to standard output with
    /// 0; usage errors and ``ToolError`` are printed to standard error with
    /// 2; a thrown `ExitCode` passes through; anything else is reported with 1.
    public static func run<Command: ParsableCommand>(_ type: Command.Type, arguments: [String]? = nil) async -> Int32 {
        let command: any ParsableCommand
        do {
            command = try type.parseAsRoot(arguments)
        } catch {
            let code = type.exitCode(for: error)
            if code == .success {
                print(type.fullMessage(for: error))
                return success
            }
            writeError(type.fullMessage(for: error))
            return badInput
        }
        do {
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                var synchronous = command
                try synchronous.run()
            }
            return success
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch is ReportedFailure {
            return failure
        } catch let problem as ToolError {
            writeError("error: \(problem)")
            return badInput
        } catch {
            switch type.exitCode(for: error) {
            case .success:
                print(type.fullMessage(for: error))
                return success
            case .validationFailure:
                writeError(type.fullMessage(for: error))
                return badInput
            default:
                writeError("error: \(error)")
                return failure
            }
        }
    }
}

extension ExitStatus {
    /// Writes `message` and a line break to standard error, with control
    /// characters echoed from input escaped (``Terminal/printable(_:)``).
    public static func writeError(_ message: String) {
        // What was printed before comes first, also when both streams go to one file or pipe.
        fflush(nil)
        FileHandle.standardError.write(Data((Terminal.printable(message) + "\n").utf8))
    }
}

/// Bad input a command reports as `error: …` with exit status 2 (see ``ExitStatus``).
public struct ToolError: Error, CustomStringConvertible {
    /// What is wrong and where.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// A failure the command has already reported (a failed check, build or
/// test): the command exits with status 1 and prints nothing more.
public struct ReportedFailure: Error {
    /// A failure.
    public init() {}
}
