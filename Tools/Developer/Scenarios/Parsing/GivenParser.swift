import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// Reads a scenario's `given:` block into a ``Given``:
///
/// ```yaml
/// given:
///   today: 2026-06-01                      # or { date: 2026-06-01, timeZone: Australia/Sydney }
///   signedIn: { balance: 125.50, pendingBets: 2, promotionsBalance: 3, betslip: 4, nickname: alex, avatar: a.png }
///   betslip: 4
///   flags: { login-native: false }
///   existingAccounts: [ { email: pat@example.com, mobile: 0412 345 678, username: pat } ]
///   takenUsernames: [ alex_c ]
///   selfExcluded: [ { firstName: Sam, lastName: Excluded, dateOfBirth: 01/01/1990 } ]
///   faults: [ check-username=500@1.0, create-client=timeout, address=latency 2s ]
/// ```
struct GivenParser {
    let context: ParseContext

    /// The keys `given:` may hold.
    static let keys = [
        "today", "signedIn", "betslip", "flags", "existingAccounts", "takenUsernames", "selfExcluded", "faults",
    ]

    func given(_ node: YAMLNode) throws(ScenarioInputError) -> Given {
        var given = Given()
        for entry in try context.mapping(node, "given") {
            let key = try context.oneOf(entry.key, Self.keys, "given key")
            let value = entry.value
            switch key {
            case "today": try today(value, into: &given)
            case "signedIn":
                let (details, betslip) = try ActionParser(context: context).clientDetails(value, allowingBetslip: true)
                given.signedIn = details
                if let betslip { given.betslip = betslip }
            case "betslip": given.betslip = try context.int(value, "betslip")
            case "flags":
                given.flags = Dictionary(try ActionParser(context: context).flags(value), uniquingKeysWith: { $1 })
            case "existingAccounts":
                for item in try listOfMappings(value, "existingAccounts", max: 200) {
                    given.existingAccounts.append(try account(item))
                }
            case "takenUsernames":
                for item in try bounded(context.list(value), "takenUsernames", max: 200) {
                    given.takenUsernames.append(try context.text(item, "username"))
                }
            case "selfExcluded":
                for item in try listOfMappings(value, "selfExcluded", max: 200) {
                    given.selfExcluded.append(try person(item))
                }
            default:
                given.faults = try faults(value)
            }
        }
        return given
    }

    /// `faults:` as a step or in `given:`: fault values of the journey's calls (an empty list clears them).
    func faults(_ node: YAMLNode) throws(ScenarioInputError) -> FaultPlan {
        var specs: [String] = []
        for item in try bounded(context.list(node), "faults", max: 20) where item.scalar != "" {
            specs.append(try context.text(item, "fault"))
        }
        let plan: FaultPlan
        do {
            plan = try FaultPlan.parse(faults: specs)
        } catch {
            throw context.error(
                node,
                "a fault does not read: \(error); write e.g. check-username=500@1.0, create-client=timeout or address=latency 2s"
            )
        }
        let journeyCalls = ServiceRoute.journeyCalls
        if let route = plan.routes.first(where: { !journeyCalls.contains($0) }) {
            throw context.error(
                node,
                "a journey never calls '\(route)'; a scenario can fault \(journeyCalls.map(\.rawValue).joined(separator: ", "))"
            )
        }
        return plan
    }

    private func today(_ node: YAMLNode, into given: inout Given) throws(ScenarioInputError) {
        if node.scalar != nil {
            given.today = try date(node, "today")
            return
        }
        for entry in try context.mapping(node, "today") {
            switch try context.oneOf(entry.key, ["date", "timeZone"], "today key") {
            case "date": given.today = try date(entry.value, "today")
            default:
                let name = try context.text(entry.value, "timeZone")
                guard let zone = TimeZone(identifier: name) else {
                    throw context.error(
                        entry.value,
                        "unknown time zone '\(name)'\(NameSuggestion.hint(for: name, in: TimeZone.knownTimeZoneIdentifiers))"
                    )
                }
                given.timeZone = zone
            }
        }
        if given.today == nil { throw context.error(node, "`today:` needs a `date:`") }
    }

    /// A day written `yyyy-mm-dd` or `dd/mm/yyyy` that exists.
    private func date(_ node: YAMLNode, _ what: String) throws(ScenarioInputError) -> CalendarDay {
        let text = try context.text(node, what).trimmingCharacters(in: .whitespaces)
        if let day = CalendarDay(iso: text) ?? DateOfBirthText.day(from: text) { return day }
        throw context.error(node, "\(what) must be a date that exists, written 2026-06-01 or 01/06/2026, not '\(text)'")
    }

    private func account(_ node: YAMLNode) throws(ScenarioInputError) -> ExistingAccount {
        var account = ExistingAccount()
        for entry in try context.mapping(node, "an existing account") {
            switch try context.oneOf(entry.key, ["email", "mobile", "username"], "existing account key") {
            case "email": account.email = try context.text(entry.value, "email")
            case "mobile": account.mobile = try context.text(entry.value, "mobile")
            default: account.username = try context.text(entry.value, "username")
            }
        }
        let identity = AccountIdentity(account, in: context.vocabulary.market)
        if identity.emailKey == nil, identity.mobileKey == nil {
            throw context.error(
                node,
                account.mobile == nil
                    ? "an existing account needs an email or a mobile number"
                    : "'\(account.mobile ?? "")' is not a mobile number of \(context.vocabulary.market.name) (e.g. \(context.vocabulary.market.mobile.example))"
            )
        }
        return account
    }

    private func person(_ node: YAMLNode) throws(ScenarioInputError) -> SelfExcludedPerson {
        var first: String?
        var last: String?
        var born: CalendarDay?
        for entry in try context.mapping(node, "a self-excluded person") {
            switch try context.oneOf(entry.key, ["firstName", "lastName", "dateOfBirth"], "self-excluded person key") {
            case "firstName": first = try context.text(entry.value, "firstName")
            case "lastName": last = try context.text(entry.value, "lastName")
            default: born = try date(entry.value, "dateOfBirth")
            }
        }
        guard let first, let last, let born else {
            throw context.error(node, "a self-excluded person needs firstName, lastName and dateOfBirth")
        }
        return SelfExcludedPerson(firstName: first, lastName: last, dateOfBirth: born)
    }

    private func listOfMappings(_ node: YAMLNode, _ what: String, max: Int) throws(ScenarioInputError) -> [YAMLNode] {
        guard let items = node.sequence else {
            throw context.error(node, "`\(what):` must be a list, not \(node.kindName)")
        }
        return try bounded(items, what, max: max)
    }

    private func bounded(_ items: [YAMLNode], _ what: String, max: Int) throws(ScenarioInputError) -> [YAMLNode] {
        if items.count > max {
            throw context.error(items[max], "`\(what):` holds \(items.count) entries; at most \(max)")
        }
        return items
    }
}
