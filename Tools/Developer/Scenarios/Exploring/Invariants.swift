import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// The rules every journey keeps after every step, whatever was done: what
/// `livery explore` checks, and what a scenario file with `invariants: true`
/// checks after each of its actions. Each has a name a report and a saved
/// file use.
enum Invariant: String, CaseIterable, Sendable {
    /// Every step finishes: the process does not crash, and no step waits on work that never settles.
    case noCrashOrHang = "no-crash-or-hang"
    /// A field shown valid keeps every rule it declares, checked afresh on its value.
    case validKeepsItsRules = "valid-keeps-its-rules"
    /// The progress shown is the share of required fields shown valid.
    case progressIsShareOfValid = "progress-is-share-of-valid"
    /// Nothing is sent for a value that breaks its own rules: no username check for a name that breaks the
    /// username's rules, no create-client while a field breaks its rules.
    case nothingSentForInvalid = "nothing-sent-for-invalid"
    /// While the form is loading every input is disabled and nothing a person does changes a value.
    case inputsWaitWhileLoading = "inputs-wait-while-loading"
    /// At most one client per person: no two clients created with one username or one e-mail, and one
    /// create-client request at most for each thing a person does (a request is repeated only under its
    /// idempotency key, inside the client, where it creates nothing new).
    case oneClientPerPerson = "one-client-per-person"
    /// A value typed is kept through everything else that happens (failures, alerts, time, the app bar)
    /// until the person types into that field again.
    case typedValuesKept = "typed-values-kept"
    /// No password typed (of eight characters or more) appears in analytics, in the transcript or in what
    /// the account service stored.
    case noPasswordLeaks = "no-password-leaks"
    /// The alert and the route agree with the last answer: signed up means a client the service created and
    /// no alert; a sign-up failure means no client.
    case alertAndRouteAgree = "alert-and-route-agree"

    /// What the invariant holds, for reports and the scenario guide.
    var summary: String {
        switch self {
        case .noCrashOrHang: "every step finishes"
        case .validKeepsItsRules: "a field shown valid keeps every rule it declares"
        case .progressIsShareOfValid: "progress is the share of required fields shown valid"
        case .nothingSentForInvalid: "nothing is sent for a value that breaks its own rules"
        case .inputsWaitWhileLoading: "no input changes anything while the form is loading"
        case .oneClientPerPerson: "at most one client per person"
        case .typedValuesKept: "values typed are kept until typed again"
        case .noPasswordLeaks: "no password in analytics, the transcript or the stored client"
        case .alertAndRouteAgree: "the alert and route agree with the last answer"
        }
    }

    /// The check label a failure carries, e.g. `invariant typed-values-kept`.
    var label: String { "invariant \(rawValue)" }

    /// A failure of this invariant.
    func broken(expected: String, actual: String) -> Mismatch {
        Mismatch(check: label, expected: expected, actual: actual)
    }
}

/// Checks the invariants after each action of one run, keeping what they
/// need to remember: the passwords typed so far.
struct InvariantMonitor: Sendable {
    private let vocabulary: Vocabulary
    /// The brand's form with its own rules, without the username check: the reference values are judged by.
    private let reference: Form
    /// Every password typed in the run of eight characters or more that is no part of a field's or an
    /// event's name (shorter text, or `password` itself, is found in reports by chance).
    private var passwords: Set<String> = []
    /// Text also typed into inputs that are not secret: seen anywhere, it does not show a password leaked.
    private var typedElsewhere: Set<String> = []

    /// A monitor for a run of the brand `vocabulary` describes, judging ages by `wallClock`.
    init(vocabulary: Vocabulary, wallClock: WallClock) {
        self.vocabulary = vocabulary
        reference = vocabulary.definition.makeForm(in: RuleEnvironment(region: vocabulary.region, wallClock: wallClock))
    }

    /// What a step changed: the action, the journey's state before it (`nil` when it switched journeys)
    /// and the calls made before it; what the engines show after it, and the step as the transcript shows it.
    struct StepView {
        let action: Action
        let before: JoinState?
        let callsBefore: [ServiceCalls.Kind: Int]
        let after: Observation
        let summary: String
    }

    /// The invariants `view` breaks, each as a mismatch naming it.
    mutating func check(_ view: StepView) -> [Mismatch] {
        remember(view.action)
        let join = view.after.join
        var broken: [Mismatch] = []
        broken += validFieldsKeepRules(join)
        broken += progress(join)
        broken += sent(view)
        broken += loading(view)
        broken += clientsPerPerson(view)
        broken += typedKept(view)
        broken += leaks(view)
        broken += alertAndRoute(join, clients: view.after.clients)
        return broken
    }

    private mutating func remember(_ action: Action) {
        var typed: [(InputID, String)] = []
        switch action {
        case .fill(let pairs): typed = pairs.map { ($0.input, $0.text) }
        case .join(.change(let input, let text)): typed = [(input, text)]
        default: break
        }
        for (input, text) in typed {
            if !vocabulary.isSecret(input) {
                typedElsewhere.insert(text)
            } else if text.count >= 8, !vocabulary.words.contains(where: { $0.contains(text) }) {
                passwords.insert(text)
            }
        }
    }

    /// The rules `field` breaks with its value as shown, judged afresh (async rules left out).
    private func brokenRules(of field: JoinFieldState) -> [String]? {
        var form = reference
        switch field.value {
        case .text(let text): form.setValue(text, for: FieldKey<String>(field.name))
        case .tick(let tick): form.setValue(tick, for: FieldKey<Bool>(field.name))
        case .composite: return nil
        }
        guard form.position(of: field.name) != nil else { return nil }
        form.validate([field.name])
        if case .invalid(let violations)? = form.status(of: field.name) { return violations.map(\.code.rawValue) }
        return []
    }

    private func validFieldsKeepRules(_ join: JoinState) -> [Mismatch] {
        join.fields.compactMap { field in
            guard field.status.isValid, let broken = brokenRules(of: field), !broken.isEmpty else { return nil }
            return Invariant.validKeepsItsRules.broken(
                expected: "'\(field.name)' keeps every rule it declares",
                actual: "'\(field.name)' is shown valid holding \(Self.shown(field, vocabulary)), which breaks "
                    + broken.joined(separator: ", "))
        }
    }

    private func progress(_ join: JoinState) -> [Mismatch] {
        let required = join.fields.filter(\.traits.isRequired)
        let share = required.isEmpty ? 1 : Double(required.count(where: \.status.isValid)) / Double(required.count)
        guard abs(share - join.progress) > 1e-9 else { return [] }
        return [
            Invariant.progressIsShareOfValid.broken(
                expected: "\(Self.percent(share)) (\(required.count(where: \.status.isValid)) of \(required.count))",
                actual: Self.percent(join.progress))
        ]
    }

    private func sent(_ view: StepView) -> [Mismatch] {
        let join = view.after.join
        var broken: [Mismatch] = []
        func newCalls(_ kind: ServiceCalls.Kind) -> Bool {
            view.after.calls.count(of: kind) > view.callsBefore[kind, default: 0]
        }
        if newCalls(.checkUsername),
            let username = join.fields.first(where: {
                vocabulary.definition.field($0.name)?.validate.custom.contains { $0.kind == .usernameAvailable } == true
            }),
            let rules = brokenRules(of: username), !rules.isEmpty
        {
            broken.append(
                Invariant.nothingSentForInvalid.broken(
                    expected: "no username check for a name that breaks the username's rules",
                    actual: "checked \(Self.shown(username, vocabulary)), which breaks " + rules.joined(separator: ", ")
                ))
        }
        if newCalls(.createClient) {
            let failing = join.fields.compactMap { field in
                brokenRules(of: field).flatMap { $0.isEmpty ? nil : "\(field.name) (\($0.joined(separator: ", ")))" }
            }
            if !failing.isEmpty {
                broken.append(
                    Invariant.nothingSentForInvalid.broken(
                        expected: "no create-client while a field breaks its rules",
                        actual: "create-client sent with " + failing.joined(separator: "; ")))
            }
        }
        return broken
    }

    private func loading(_ view: StepView) -> [Mismatch] {
        let join = view.after.join
        var broken: [Mismatch] = []
        if join.isLoading, let enabled = join.fields.first(where: \.isEnabled) {
            broken.append(
                Invariant.inputsWaitWhileLoading.broken(
                    expected: "every input disabled while loading", actual: "'\(enabled.name)' is enabled"))
        }
        if let before = view.before, before.isLoading {
            for field in join.fields {
                guard let old = before.field(field.name), old.value != field.value, !Self.isComposite(field) else {
                    continue
                }
                broken.append(
                    Invariant.inputsWaitWhileLoading.broken(
                        expected: "'\(field.name)' unchanged while loading",
                        actual: "\(Self.shown(old, vocabulary)) became \(Self.shown(field, vocabulary))"))
            }
        }
        return broken
    }

    private func clientsPerPerson(_ view: StepView) -> [Mismatch] {
        let clients = view.after.clients
        var broken: [Mismatch] = []
        let requests = view.after.calls.count(of: .createClient) - view.callsBefore[.createClient, default: 0]
        if requests > 1 {
            broken.append(
                Invariant.oneClientPerPerson.broken(
                    expected: "at most one create-client request for \(view.summary)", actual: "\(requests) requests"))
        }
        for key in ["username", "email"] {
            var seen: [String: Int] = [:]
            for client in clients { if let value = client.fields[key] { seen[value, default: 0] += 1 } }
            for (value, count) in seen.sorted(by: { $0.key < $1.key }) where count > 1 {
                broken.append(
                    Invariant.oneClientPerPerson.broken(
                        expected: "one client with \(key) \(value)", actual: "\(count) clients with it"))
            }
        }
        return broken
    }

    private func typedKept(_ view: StepView) -> [Mismatch] {
        guard let before = view.before else { return [] }
        let touched = Self.touchedFields(by: view.action)
        var broken: [Mismatch] = []
        for field in view.after.join.fields where !touched.contains(field.name) && !Self.isComposite(field) {
            guard let old = before.field(field.name), old.value != field.value else { continue }
            broken.append(
                Invariant.typedValuesKept.broken(
                    expected: "'\(field.name)' still holds \(Self.shown(old, vocabulary))",
                    actual: "it holds \(Self.shown(field, vocabulary)) after \(view.summary)"))
        }
        return broken
    }

    private func leaks(_ view: StepView) -> [Mismatch] {
        let secrets = passwords.subtracting(typedElsewhere)
        guard !secrets.isEmpty else { return [] }
        var broken: [Mismatch] = []
        func leaked(_ text: String) -> Bool { secrets.contains { text.contains($0) } }
        if let event = view.after.allEvents.first(where: { leaked($0.description) }) {
            broken.append(
                Invariant.noPasswordLeaks.broken(
                    expected: "no password in analytics", actual: "event \(event.name) holds a password typed"))
        }
        if leaked(view.summary) {
            broken.append(
                Invariant.noPasswordLeaks.broken(
                    expected: "no password in the transcript", actual: "the step reads with a password typed"))
        }
        if let client = view.after.clients.first(where: { $0.fields.values.contains(where: leaked) }) {
            broken.append(
                Invariant.noPasswordLeaks.broken(
                    expected: "no password stored with the client", actual: "client \(client.id) holds a password typed"
                ))
        }
        return broken
    }

    private func alertAndRoute(_ join: JoinState, clients: [StoredClient]) -> [Mismatch] {
        var broken: [Mismatch] = []
        if case .signedUp(let client)? = join.route {
            if join.alert != nil {
                broken.append(
                    Invariant.alertAndRouteAgree.broken(
                        expected: "no alert once signed up", actual: "the \(join.alert!.kind.rawValue) alert"))
            }
            if !clients.contains(where: { $0.id == client.clientID }) {
                broken.append(
                    Invariant.alertAndRouteAgree.broken(
                        expected: "signed up as a client the service created",
                        actual: "client \(client.clientID), not among \(clients.count) created"))
            }
        }
        if join.alert?.kind == .signUpFailed, join.createdClient != nil {
            broken.append(
                Invariant.alertAndRouteAgree.broken(
                    expected: "no client shown with a sign-up failure", actual: "client \(join.createdClient!.clientID)"
                ))
        }
        return broken
    }

    /// The fields an action types, chooses or ticks into.
    private static func touchedFields(by action: Action) -> Set<FieldName> {
        switch action {
        case .fill(let pairs): Set(pairs.map(\.input.field))
        case .join(.change(let input, _)): [input.field]
        case .join(.toggle(let field)): [field]
        default: []
        }
    }

    private static func isComposite(_ field: JoinFieldState) -> Bool {
        if case .composite = field.value { true } else { false }
    }

    /// A field's value as a report shows it (a password masked).
    private static func shown(_ field: JoinFieldState, _ vocabulary: Vocabulary) -> String {
        switch field.value {
        case .text(let text): vocabulary.isSecret(.field(field.name)) ? "a password" : "\"\(text)\""
        case .tick(let tick): tick ? "ticked" : "not ticked"
        case .composite: "its parts"
        }
    }

    private static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }
}
