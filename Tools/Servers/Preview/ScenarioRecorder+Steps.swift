import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// What a message from the page adds to a recording, in the scenario
/// vocabulary, and the `given:` and `expect` a recording takes from the
/// world and the page.
extension ScenarioRecorder {
    /// What one message adds: a line as it is, or text typed into a field
    /// (keystrokes that become one `type`, `choose` or `searchAddress` step).
    enum Step {
        case line(String)
        case typed(verb: String, secure: Bool)
    }

    /// The scenario step `message` is, in the documented vocabulary.
    static func step(for message: PreviewMessage, on join: JoinState) -> Step? {
        switch message {
        case .join(let intent):
            switch intent {
            case .focus(let input): return .line("focus: \(scalar(input.description))")
            case .change(let input, _):
                let state = join
                if case .field(let name) = input, let field = state.field(name) {
                    if field.inputType == .address { return .typed(verb: "searchAddress", secure: false) }
                    return .typed(verb: field.options == nil ? "type" : "choose", secure: field.traits.isSecure)
                }
                let children =
                    (state.address?.manualFields.map {
                        (
                            "\(state.fields.first { $0.inputType == .address }?.name.rawValue ?? "address").\($0.field.rawValue)",
                            $0.options
                        )
                    } ?? [])
                    + (state.depositLimit?.visibleChildren.map {
                        (
                            "\(state.fields.first { $0.inputType == .depositLimit }?.name.rawValue ?? "depositLimit").\($0.key)",
                            $0.options
                        )
                    } ?? [])
                let options = children.first { $0.0 == input.description }?.1
                return .typed(verb: options == nil ? "type" : "choose", secure: false)
            case .unfocus: return .line("unfocus")
            case .next: return .line("next")
            case .toggle(let field): return .line("toggle: \(scalar(field.rawValue))")
            case .continue: return .line(join.callToAction.purpose == .signUp ? "tap: signUp" : "tap: continue")
            case .back: return .line("tap: back")
            case .chooseDepositLimit(let decision): return .line("depositLimit: \(decision.rawValue)")
            case .address(let action):
                switch action {
                case .submit: return .line("submitAddress")
                case .enterManually: return .line("enterAddressManually")
                case .backToSearch: return .line("backToAddressSearch")
                case .clear: return .line("clearAddress")
                case .tapBackground: return .line("closeAddressList")
                default: return nil
                }
            case .open(let link): return .line("open: \(link.rawValue)")
            case .alertAction(let role): return .line("alert: \(role.rawValue)")
            case .dismissAlert: return .line("dismissAlert")
            case .routeHandled: return .line("routeHandled")
            }
        case .signUp: return .line("tap: signUp")
        case .selectAddress(let position): return .line("selectAddress: \(position)")
        case .appBar(.tap(let item)): return .line("tapAppBar: \(scalar(item.rawValue))")
        case .appBar(let intent):
            let names: [AppBarIntent: String] = [
                .appeared: "appeared", .disappeared: "disappeared",
                .userTrayDismissed: "userTrayDismissed", .lockerDismissed: "lockerDismissed",
                .routeHandled: "routeHandled",
            ]
            return names[intent].map { .line("appBar: \($0)") }
        case .signIn(let balance, let pendingBets, let promotions):
            return .line(
                "signIn: { balance: \(balance), pendingBets: \(pendingBets), promotionsBalance: \(promotions) }")
        case .signOut: return .line("signOut")
        case .betslip(let count): return .line("betslip: \(count)")
        case .flag(let flag, let on): return .line("flag: { \(scalar(flag.rawValue)): \(on) }")
        case .faults(let specs):
            return .line("faults: [" + specs.map(quoted).joined(separator: ", ") + "]")
        case .record, .mark, .save, .reset, .elapse, .studio: return nil
        }
    }

    /// A `wait` step for `elapsed` time on the run's clock, when engines had work waiting on it.
    static func wait(after elapsed: Duration, workWaiting: Bool) -> String? {
        guard workWaiting, elapsed >= .milliseconds(1) else { return nil }
        return "wait: \(Int((elapsed / .milliseconds(1)).rounded(.up)))ms"
    }

    /// Notes, for each password field of `join`, whether its text was accepted.
    mutating func noteSecrets(of join: JoinState) {
        for field in join.fields where field.traits.isSecure {
            switch field.status {
            case .valid: secret(field.name.rawValue, accepted: true)
            case .invalid, .error: secret(field.name.rawValue, accepted: false)
            case .unknown: break
            }
        }
    }

    /// The `expect` of what the page shows: the join form `state` and the app bar `bar`.
    static func expectation(join state: JoinState, bar: AppBarState) -> [String] {
        let fields = state.page.fieldNames.compactMap { state.field($0) }
            .map { "\(scalar($0.name.rawValue)): \($0.status.kind.rawValue)" }.joined(separator: ", ")
        return [
            "page: \(scalar(state.page.name))",
            "focus: \(state.focus.map { scalar($0.description) } ?? "none")",
            "progress: \(Int((state.progress * 100).rounded()))%",
            "callToAction: \(state.callToAction.purpose.rawValue)",
            "loading: \(state.isLoading)",
            "alert: \(state.alert?.kind.rawValue ?? "none")",
            "route: \(state.route?.name ?? "none")",
            "field: { \(fields) }",
            "appBar: { signedIn: \(bar.isSignedIn), betslip: \(bar.betslipCounter?.value ?? 0) }",
        ]
    }

    /// The `given:` lines of `world`: its session, betslip, flags and faults.
    static func given(by world: EmbeddedWorld) -> [String] {
        var given: [String] = []
        if case .signedIn(let details) = world.session.latest {
            given.append(
                "signedIn: { balance: \(details.balance), pendingBets: \(details.pendingBetsCount), promotionsBalance: \(details.promotionsBalance) }"
            )
        }
        if world.betslip.latestCount != 0 { given.append("betslip: \(world.betslip.latestCount)") }
        let flags = world.flags.snapshot.sorted { $0.key < $1.key }
        if !flags.isEmpty {
            given.append(
                "flags: { "
                    + flags.map { "\(scalar($0.key.rawValue)): \($0.value)" }.joined(separator: ", ")
                    + " }")
        }
        if !world.faults.plan.isEmpty {
            given.append(
                "faults: [" + world.faults.plan.specs.map(quoted).joined(separator: ", ") + "]")
        }
        return given
    }
}
