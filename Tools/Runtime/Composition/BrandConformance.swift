import LiveryCore

/// The checks a brand must pass before it ships, shared by `livery doctor`
/// and every brand's own tests: its theme is complete and sane, every text
/// pair is readable (WCAG AA), and its join form loads.
public enum BrandConformance {
    /// One named check and what it found wrong (empty when it passed).
    public struct Check: Sendable, Equatable {
        /// `theme`, `contrast` or `definition`.
        public let name: String
        /// What is wrong; empty when the check passed.
        public let problems: [String]
        /// Whether the check passed.
        public var passed: Bool { problems.isEmpty }

        /// Each problem as `name: problem`, as `livery doctor` prints them.
        public var described: [String] { problems.map { "\(name): \($0)" } }

        /// A check called `name` that found `problems`.
        public init(name: String, problems: [String]) {
            self.name = name
            self.problems = problems
        }
    }

    /// The checks of `plugin`, in the order above.
    public static func checks(_ plugin: any BrandPlugin) -> [Check] {
        let theme = plugin.theme
        let contrast = theme.contrastFailures()
        var definition: [String] = []
        do {
            _ = try BrandConfiguration(plugin)
        } catch {
            definition = [error.description]
        }
        return [
            Check(
                name: "theme",
                problems: theme.issues().filter {
                    if case .insufficientContrast = $0 { false } else { true }
                }.map(\.description)),
            Check(name: "contrast", problems: contrast.map(\.description)),
            Check(name: "definition", problems: definition),
        ]
    }
}
