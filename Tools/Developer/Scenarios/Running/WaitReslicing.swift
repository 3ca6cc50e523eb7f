import LiveryCore

extension Scenario {
    /// The same scenario with its time cut differently: each run of
    /// neighbouring `wait` steps becomes one span of their total, cut again
    /// into up to `maximumCuts + 1` waits at random whole milliseconds (half
    /// of the cuts on whole tenths of a second, where debounces and delays
    /// tend to fall). Between any two other steps the same time passes, so a
    /// run that keeps every deadline gives every expect step the same view.
    ///
    /// Each new wait keeps the line of the span's first wait, so a transcript
    /// still points into the file.
    func reslicingWaits(using generator: inout some RandomNumberGenerator, maximumCuts: Int = 3) -> Scenario {
        var resliced: [Step] = []
        var span: (first: Step, total: Duration)?
        func closeSpan() {
            guard let (first, total) = span else { return }
            resliced += Self.cut(total, at: WaitCuts.points(in: total, count: maximumCuts, &generator), like: first)
            span = nil
        }
        for step in steps {
            guard case .action(.wait(let duration)) = step.kind else {
                closeSpan()
                resliced.append(step)
                continue
            }
            span = span.map { ($0.first, $0.total + duration) } ?? (step, duration)
        }
        closeSpan()
        var scenario = Scenario(
            file: file, name: name, brand: brand, screen: screen, given: given, givenLine: givenLine, steps: resliced)
        scenario.checksInvariants = checksInvariants
        scenario.reachesBeyond = reachesBeyond
        return scenario
    }

    /// `total` as waits ending at each of `points` and then at `total`.
    private static func cut(_ total: Duration, at points: [Duration], like first: Step) -> [Step] {
        WaitCuts.pieces(of: total, at: points).map { piece in
            Step(
                line: first.line, summary: "wait \(DurationText.wholeMilliseconds(piece))ms",
                kind: .action(.wait(piece)))
        }
    }
}

/// Where a span of waiting is cut when a journey's waits are cut differently.
enum WaitCuts {
    /// Up to `count` distinct instants strictly inside `total`, in order: random whole milliseconds, half
    /// of them moved down to a whole tenth of a second, where debounces and delays tend to fall.
    static func points(in total: Duration, count: Int, _ generator: inout some RandomNumberGenerator) -> [Duration] {
        let milliseconds = DurationText.wholeMilliseconds(total)
        guard milliseconds > 1, count > 0 else { return [] }
        var points: Set<Int64> = []
        for _ in 0..<Int.random(in: 0...count, using: &generator) {
            var point = Int64.random(in: 1..<milliseconds, using: &generator)
            if Bool.random(using: &generator), point >= 100 { point -= point % 100 }
            points.insert(point)
        }
        return points.sorted().map { .milliseconds($0) }
    }

    /// `total` as the lengths of waits ending at each of `points` and then at `total`.
    static func pieces(of total: Duration, at points: [Duration]) -> [Duration] {
        var start = Duration.zero
        return (points + [total]).map { end in
            defer { start = end }
            return end - start
        }
    }
}
