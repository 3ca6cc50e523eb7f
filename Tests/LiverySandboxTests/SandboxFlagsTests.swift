import LiveryConsole
import LiverySandbox
import ServerConnections
import Testing

@testable import LiveryServer

/// `livery sandbox`'s options are checked before anything starts: a bad one
/// is a plain message and exit status 2, never a silent default.
@Suite("livery sandbox's options")
struct SandboxFlagsTests {
    @Test(
        "a port outside 0…65535, a time-out that is not a duration from 1 ms to 24 h, a cap outside 1…100000 or a bad latency: exit 2",
        arguments: [
            ["--port", "99999"], ["--port", "-1"], ["--port", "65536"], ["--idle-timeout", "0s"],
            ["--head-timeout", "1e20m"], ["--idle-timeout", "infms"], ["--head-timeout", "25h"],
            ["--body-timeout", "0ms"],
            ["--max-connections", "0"], ["--max-connections", "100001"], ["--latency", "address=nanms"],
            ["--max-worlds", "0"], ["--world-idle-timeout", "500ms"], ["--world-idle-timeout", "2d"],
        ])
    func refused(_ arguments: [String]) async {
        #expect(await ExitStatus.run(ServerTool.self, arguments: ["sandbox"] + arguments) == ExitStatus.badInput)
    }

    @Test("the limits given are the limits served")
    func limits() throws {
        let command = try ServerTool.SandboxCommand.parse([
            "--idle-timeout", "2m", "--head-timeout", "500ms", "--body-timeout", "3s",
            "--max-connections", "12",
        ])
        let limits = try command.connections.limits()
        #expect(
            limits
                == ConnectionLimits(
                    idleTimeout: .seconds(120), requestHeadTimeout: .milliseconds(500),
                    requestBodyTimeout: .seconds(3), maxConnections: 12))
        #expect(try ServerTool.SandboxCommand.parse([]).connections.limits() == ConnectionLimits())
        #expect(
            try ServerTool.SandboxCommand.parse(["--max-worlds", "8", "--world-idle-timeout", "90s"]).worldLimits()
                == WorldLimits(maxWorlds: 8, idleTimeout: .seconds(90)))
    }

    @Test(
        "livery preview refuses an --allow-origin that is not an origin and the same bad limits: exit 2",
        arguments: [
            ["--allow-origin", "localhost:3000"], ["--allow-origin", "http://example.com/page"],
            ["--allow-origin", "null"],
            ["--max-connections", "0"], ["--body-timeout", "25h"],
        ])
    func previewRefused(_ arguments: [String]) async {
        #expect(await ExitStatus.run(ServerTool.self, arguments: ["preview"] + arguments) == ExitStatus.badInput)
    }
}
