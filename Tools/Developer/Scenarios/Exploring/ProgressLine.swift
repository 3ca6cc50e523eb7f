import Foundation
import LiveryConsole

/// The progress of a long run: on a terminal one line rewritten in place at most a few times a second,
/// otherwise a line at each tenth of the journeys.
struct ProgressLine {
    let total: Int
    let terminal: Terminal
    private let interactive = isatty(STDERR_FILENO) == 1
    private var shownTenth = 0
    private var lastDrawn = ContinuousClock.now
    private let started = ContinuousClock.now

    init(total: Int, terminal: Terminal) {
        self.total = total
        self.terminal = terminal
    }

    mutating func update(journeys: Int, steps: Int) {
        let seconds = ScenarioRunner.milliseconds(ContinuousClock.now - started) / 1000
        let rate = seconds > 0 ? Double(journeys) / seconds : 0
        let text = "\(journeys)/\(total) journeys · \(steps) steps · \(String(format: "%.0f", rate)) journeys/s"
        if interactive {
            guard ContinuousClock.now - lastDrawn > .milliseconds(200) || journeys == total else { return }
            lastDrawn = ContinuousClock.now
            FileHandle.standardError.write(Data(("\r\u{1B}[2K" + terminal.dim(text)).utf8))
        } else {
            let tenth = journeys * 10 / max(1, total)
            guard tenth > shownTenth else { return }
            shownTenth = tenth
            print(terminal.dim("  " + text))
            fflush(nil)
        }
    }

    func finish() {
        if interactive { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
