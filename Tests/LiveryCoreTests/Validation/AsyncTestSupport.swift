import LiveryTesting

@testable import LiveryCore

/// Records the values an async rule was asked about.
actor CallLog {
    private(set) var values: [String] = []
    /// The calls as they arrive.
    nonisolated let calls = Arrivals()
    func append(_ value: String) {
        values.append(value)
        calls.arrive()
    }
}

/// A username service stand-in: names in `taken` are unavailable; it records
/// each call and, when given a gate for a name, waits there (ignoring
/// cancellation, like a slow server whose answer arrives anyway).
struct UsernameRule: AsyncValidationRule {
    var taken: Set<String> = []
    var gates: [String: Gate] = [:]
    var failing: Set<String> = []
    let log: CallLog

    struct ServiceDown: Error, CustomStringConvertible {
        var description: String { "the username service did not answer" }
    }

    func check(_ value: String) async throws -> RuleViolation? {
        await log.append(value)
        if let gate = gates[value] { await gate.wait() }
        if failing.contains(value) { throw ServiceDown() }
        return taken.contains(value) ? RuleViolation(code: "username.taken", template: "Taken") : nil
    }
}
