import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// The world a scenario starts in, as its `given:` block describes it: the
/// day, the session and betslip, flags, people who already have accounts,
/// taken usernames, the self-exclusion register and the faults of the
/// journey's calls. Whatever it leaves out is the default world (see
/// `Tests/Scenarios/README.md`).
struct Given: Sendable {
    /// The day the scenario runs on, and the time zone it is read in.
    var today: CalendarDay?
    var timeZone: TimeZone?
    /// A signed-in client, if the scenario starts signed in.
    var signedIn: ClientDetails?
    /// The betslip count at start.
    var betslip: Int?
    /// Flags set at start (the brand's defaults apply to the others).
    var flags: [FeatureFlag: Bool] = [:]
    /// People who already have an account with the brand.
    var existingAccounts: [ExistingAccount] = []
    /// Usernames taken besides the default ones.
    var takenUsernames: [String] = []
    /// People on the self-exclusion register besides the default one.
    var selfExcluded: [SelfExcludedPerson] = []
    /// Faults of the journey's calls at start.
    var faults = FaultPlan()

    /// Whether a server must be told about this world: the day, accounts,
    /// usernames, the register or faults (the session, betslip and flags
    /// stay on the app's side).
    var needsServer: Bool {
        today != nil || !existingAccounts.isEmpty || !takenUsernames.isEmpty || !selfExcluded.isEmpty || !faults.isEmpty
    }

    /// The embedded world it describes.
    func world() -> EmbeddedWorld {
        EmbeddedWorld(
            today: today ?? EmbeddedWorld.defaultToday, timeZone: timeZone ?? TimeZone(identifier: "UTC")!,
            session: signedIn.map { .signedIn($0) } ?? .signedOut, betslipCount: betslip ?? 0, flags: flags,
            takenUsernames: EmbeddedWorld.sampleTakenUsernames.union(takenUsernames),
            existingAccounts: existingAccounts,
            selfExclusionRegister: EmbeddedWorld.sampleRegister + selfExcluded, faults: faults)
    }
}
