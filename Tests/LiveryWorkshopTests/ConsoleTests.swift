import ArgumentParser
import LiveryConsole
import Testing

@Suite("The console: colour as asked, and one set of exit statuses")
struct ConsoleTests {
    @Test("NO_COLOR turns colour off on a terminal; --colour and --no-colour win over everything")
    func colour() {
        #expect(Terminal(colour: nil, environment: [:], outputIsTerminal: true).colour)
        #expect(!Terminal(colour: nil, environment: ["NO_COLOR": "1"], outputIsTerminal: true).colour)
        #expect(!Terminal(colour: nil, environment: [:], outputIsTerminal: false).colour)
        #expect(Terminal(colour: true, environment: ["NO_COLOR": "1"], outputIsTerminal: false).colour)
        #expect(!Terminal(colour: false, environment: [:], outputIsTerminal: true).colour)
        #expect(Terminal(colour: false).green("ok") == "ok")
        #expect(Terminal(colour: true).green("ok") == "\u{1B}[32mok\u{1B}[0m")
    }

    @Test("table columns line up whether or not cells are coloured")
    func table() {
        let terminal = Terminal(colour: true)
        let lines = terminal.table(
            ["brand", "theme"], [["neds", terminal.green("ok")], ["ladbrokes", terminal.red("FAIL")]]
        )
        .split(separator: "\n")
        #expect(lines[1].hasPrefix("neds       "))
        #expect(lines[2].hasPrefix("ladbrokes  "))
    }

    struct Probe: AsyncParsableCommand {
        @Option var outcome = "ok"
        @OptionGroup var output: OutputOptions
        func run() async throws {
            switch outcome {
            case "bad": throw ToolError("bad input")
            case "failed": throw ReportedFailure()
            case "invalid": throw ValidationError("invalid value")
            default: return
            }
        }
    }

    @Test(
        "0 success, 1 a failure, 2 bad input or usage (unknown options too), 0 for help",
        arguments: [
            (["--outcome", "ok"], 0), (["--outcome", "failed"], 1), (["--outcome", "bad"], 2),
            (["--outcome", "invalid"], 2), (["--outcom", "ok"], 2), (["extra"], 2), (["--help"], 0),
            (["--no-colour"], 0),
        ] as [([String], Int32)])
    func exitStatuses(_ arguments: [String], _ status: Int32) async {
        #expect(await ExitStatus.run(Probe.self, arguments: arguments) == status)
    }

    @Test("text echoed from input is printed with its control and reordering characters escaped, line breaks kept")
    func printable() {
        #expect(Terminal.printable("unknown brand 'ne\u{1B}[2Jds'") == "unknown brand 'ne\\u{1B}[2Jds'")
        #expect(Terminal.printable("a\u{202E}txt.exe\u{7}\u{0}") == "a\\u{202E}txt.exe\\u{7}\\u{0}")
        #expect(Terminal.printable("line one\n\tline two, Whangārei") == "line one\n\tline two, Whangārei")
        #expect(Terminal.printable("\u{85}\u{2028}") == "\\u{85}\\u{2028}")
    }
}
