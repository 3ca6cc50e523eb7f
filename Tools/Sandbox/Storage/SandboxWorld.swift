import Foundation
import JoinFormFeature
import LiveryCore

/// What a seed may change while the sandbox runs, besides stored data:
/// the day the sandbox takes as today, and the self-exclusion register it
/// checks (read from the database at start-up, then kept here).
final class SandboxWorld: @unchecked Sendable {
    // @unchecked: `seededToday` and `entries` are only read and written under `lock`.
    private let lock = NSLock()
    private var seededToday: CalendarDay?
    private var entries: [SelfExcludedPerson]

    init(register: [SelfExcludedPerson]) {
        entries = register
    }

    /// The day a seed set, if any (the system's date otherwise).
    var today: CalendarDay? {
        get { lock.withLock { seededToday } }
        set { lock.withLock { seededToday = newValue } }
    }

    /// The wall clock the brands' rules read: noon UTC of the seeded day, or the system's time.
    var wallClock: WallClock {
        WallClock(calendar: WallClock.gregorianUTC) { [self] in
            guard let day = today else { return Date() }
            return WallClock.fixed(day).now
        }
    }

    /// The people on the self-exclusion register.
    var register: [SelfExcludedPerson] { lock.withLock { entries } }

    /// Adds people to the register (each once).
    func addToRegister(_ people: [SelfExcludedPerson]) {
        lock.withLock {
            for person in people where !entries.contains(person) { entries.append(person) }
        }
    }
}
