import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryScenarios

/// What a message from the page adds to a recording, in the scenario
/// vocabulary, and the `given:` and `expect` a recording takes from the
/// world and the page.
extension ScenarioRecorder {
    /// What one message adds: a line as it is, or text typed into a field
    /// (keystrokes that become one `type`, `choose` or `searchAddress` step).
    enum Step {
        case line(String)
        case typed(verb: StepVerb, secure: Bool)
    }

    /// The scenario step `message` is, in the documented vocabulary.
    static func step(for message: PreviewMessage, on join: JoinState) -> Step? {
        switch message {
        case .join(let intent):
            switch intent {
            case .focus(let input): return .line(StepVerb.focus.line(scalar(input.description)))
            case .change(let input, _):
                let state = join
                if case .field(let name) = input, let field = state.field(name) {
                    if field.inputType == .address { return .typed(verb: .searchAddress, secure: false) }
                    return .typed(verb: field.options == nil ? .type : .choose, secure: field.traits.isSecure)
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
                return .typed(verb: options == nil ? .type : .choose, secure: false)
            case .unfocus: return .line(StepVerb.unfocus.line())
            case .next: return .line(StepVerb.next.line())
            case .toggle(let field): return .line(StepVerb.toggle.line(scalar(field.rawValue)))
            case .continue:
                return .line(StepVerb.tap.line(join.callToAction.purpose == .signUp ? "signUp" : "continue"))
            case .back: return .line(StepVerb.tap.line("back"))
            case .chooseDepositLimit(let decision): return .line(StepVerb.depositLimit.line(decision.rawValue))
            case .address(let action): return StepVerb.sending(action).map { .line($0.line()) }
            case .open(let link): return .line(StepVerb.open.line(link.rawValue))
            case .alertAction(let role): return .line(StepVerb.alert.line(role.rawValue))
            case .dismissAlert: return .line(StepVerb.dismissAlert.line())
            case .routeHandled: return .line(StepVerb.routeHandled.line())
            }
        case .signUp: return .line(StepVerb.tap.line("signUp"))
        case .selectAddress(let position): return .line(StepVerb.selectAddress.line("\(position)"))
        case .appBar(.tap(let item)): return .line(StepVerb.tapAppBar.line(scalar(item.rawValue)))
        case .appBar(let intent): return .line(StepVerb.appBar.line(intent.name.rawValue))
        case .signIn(let balance, let pendingBets, let promotions):
            return .line(
                StepVerb.signIn.line(
                    "{ balance: \(balance), pendingBets: \(pendingBets), promotionsBalance: \(promotions) }"))
        case .signOut: return .line(StepVerb.signOut.line())
        case .betslip(let count): return .line(StepVerb.betslip.line("\(count)"))
        case .flag(let flag, let on): return .line(StepVerb.flag.line("{ \(scalar(flag.rawValue)): \(on) }"))
        case .faults(let specs):
            return .line(StepVerb.faults.line("[" + specs.map(quoted).joined(separator: ", ") + "]"))
        case .record, .mark, .save, .reset, .elapse, .studio: return nil
        }
    }

    /// A `wait` step for `elapsed` time on the run's clock, when engines had work waiting on it.
    static func wait(after elapsed: Duration, workWaiting: Bool) -> String? {
        guard workWaiting, elapsed >= .milliseconds(1) else { return nil }
        return StepVerb.wait.line("\(Int((elapsed / .milliseconds(1)).rounded(.up)))ms")
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
            "route: \(state.route?.name.rawValue ?? "none")",
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
