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
    /// Personal data (names, date of birth, e-mail, mobile) reaches only the analytics sinks allowed it: no
    /// value a person typed into such a field in an event a sink received unless the sink may have that
    /// kind, and no property marked as a kind the sink may not have.
    case personalDataToAllowedSinks = "personal-data-to-allowed-sinks"
    /// What the account service stored for a sign-up is what the form showed when the person signed up:
    /// every field, every address part and the deposit limit, no more and no less (read from the service's
    /// own store: the embedded one, or the server's record). The differential between the app and the far side.
    case storedIsWhatWasShown = "stored-is-what-was-shown"
    /// An answer of the account service shown on a field belongs to the value the field holds: a username
    /// shown available is not one the service has taken, and one shown taken is, whatever the rules.
    case answersBelongToTheirValue = "answers-belong-to-their-value"
    /// An intent no person could make (typing while the form is loading or under an alert, into a disabled
    /// or hidden input or one on another page) changes nothing: checked only with `beyondReach: true`
    /// (`livery explore --beyond-reach`), which sends such intents instead of refusing them.
    case engineIgnoresTheUnreachable = "engine-ignores-the-unreachable"

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
        case .personalDataToAllowedSinks: "personal data reaches only the sinks allowed it"
        case .storedIsWhatWasShown: "what the service stored is what the form showed at sign-up"
        case .answersBelongToTheirValue: "an answer shown on a field belongs to the value it holds"
        case .engineIgnoresTheUnreachable: "an intent no person could make changes nothing"
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
/// need to remember: the passwords and personal data typed so far.
struct InvariantMonitor: Sendable {
    private let vocabulary: Vocabulary
    /// The usernames the account service had taken before the run (look-alikes as one).
    private let takenAtStart: Set<UsernameKey>
    /// The personal data the run's analytics sink may receive.
    private let permitted: Set<PersonalDataKind>
    /// Every value of four characters or more a personal-data field has held, by the kind it is.
    private var personal: [String: PersonalDataKind] = [:]
    /// How many analytics events earlier steps have looked through for personal data.
    private var eventsSeen = 0
    /// The brand's form with its own rules, without the username check: the reference values are judged by.
    private let reference: Form
    /// Every password typed in the run of eight characters or more that is no part of a field's or an
    /// event's name (shorter text, or `password` itself, is found in reports by chance).
    private var passwords: Set<String> = []
    /// Text also typed into inputs that are not secret: seen anywhere, it does not show a password leaked.
    private var typedElsewhere: Set<String> = []
    /// Text typed into inputs that hold no personal data: seen in an event, it shows nothing leaked.
    private var typedOutsidePersonal: Set<String> = []

    /// A monitor for a run of the brand `vocabulary` describes, judging ages by `wallClock`, in a world
    /// whose account service has `takenUsernames` taken and whose analytics sink may have `permitted`.
    init(
        vocabulary: Vocabulary, wallClock: WallClock, takenUsernames: Set<UsernameKey>,
        permitted: Set<PersonalDataKind>
    ) {
        self.vocabulary = vocabulary
        takenAtStart = takenUsernames
        self.permitted = permitted
        reference = vocabulary.definition.makeForm(in: RuleEnvironment(market: vocabulary.market, wallClock: wallClock))
    }

    /// What a step changed: the action, the journey's state before it (`nil` when it switched journeys)
    /// and the calls made before it; what the engines show after it, and the step as the transcript shows it.
    struct StepView {
        let action: Action
        let before: JoinState?
        let callsBefore: [ServiceCalls.Kind: Int]
        let after: Observation
        let summary: String
        /// The input a step beyond reach was sent to, and its value before, when it was sent to one.
        var unreachable: (input: InputID, before: String?)?
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
        broken += personalData(view)
        broken += storedAsShown(view)
        broken += answers(view)
        broken += unreachable(view)
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
            if case .field(let name) = input, vocabulary.personalFields[name] == nil {
                typedOutsidePersonal.insert(text)
            } else if case .child = input {
                typedOutsidePersonal.insert(text)
            }
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

    private mutating func personalData(_ view: StepView) -> [Mismatch] {
        for field in view.after.join.fields {
            guard let kind = vocabulary.personalFields[field.name], case .text(let text) = field.value,
                text.count >= 4, !vocabulary.words.contains(where: { $0.contains(text) })
            else { continue }
            personal[text] = kind
        }
        let withheld = personal.filter { !permitted.contains($0.value) && !typedOutsidePersonal.contains($0.key) }
        // An event is looked at once, on the step that sent it: it can hold only what was typed before it.
        let events = view.after.allEvents.dropFirst(min(eventsSeen, view.after.allEvents.count))
        eventsSeen = view.after.allEvents.count
        for event in events {
            for key in event.keys {
                guard let property = event.property(key) else { continue }
                if case .personal(let kind) = property.sensitivity {
                    if permitted.contains(kind) { continue }
                    return [
                        Invariant.personalDataToAllowedSinks.broken(
                            expected: "no \(kind) in analytics (the sink may not have it)",
                            actual: "event \(event.name) carries \(kind) as '\(key)'")
                    ]
                }
                let text = property.value.description
                if let leak = withheld.first(where: { Self.holds(text, word: $0.key) }) {
                    return [
                        Invariant.personalDataToAllowedSinks.broken(
                            expected: "no \(leak.value) in analytics (the sink may not have it)",
                            actual: "event \(event.name) holds the \(leak.value) typed, as '\(key)'")
                    ]
                }
            }
        }
        return []
    }

    /// The form's values as a registration names them, read from what it shows: every plain field
    /// (passwords left out), the deposit limit's decision and, with a limit, its amount and period, and
    /// each part of the chosen address. Empty values are left out, as a store leaves them.
    private func shownValues(_ join: JoinState) -> [String: String] {
        var values: [String: String] = [:]
        for field in join.fields where !vocabulary.isSecret(.field(field.name)) {
            switch field.value {
            case .text(let text): values[field.name.rawValue] = text
            case .tick(let tick): values[field.name.rawValue] = String(tick)
            case .composite: break
            }
        }
        if let name = vocabulary.depositLimitField, let limit = join.depositLimit {
            values[name.rawValue] = limit.decision.rawValue
            if limit.decision == .limited {
                values["\(name).\(limit.amount.key)"] = limit.amount.value
                values["\(name).\(limit.period.key)"] = limit.period.value
            }
        }
        if let name = vocabulary.addressField, let address = join.address?.address {
            var parts: [AddressPart: String] = [
                .streetNumber: address.streetNumber, .street: address.street, .postcode: address.postcode,
            ]
            parts[.unit] = address.unit
            parts.merge(address.places) { _, place in place }
            for (part, text) in parts { values["\(name).\(part.rawValue)"] = text }
        }
        return values.filter { !$0.value.isEmpty }
    }

    private func storedAsShown(_ view: StepView) -> [Mismatch] {
        let join = view.after.join
        guard let client = join.createdClient, view.before?.createdClient == nil, view.after.clientsUnread == nil,
            let stored = view.after.clients.first(where: { $0.id == client.clientID })
        else { return [] }
        let shown = shownValues(join)
        let kept = stored.fields.filter { !$0.value.isEmpty }
        let differing = Set(shown.keys).union(kept.keys).sorted().filter { shown[$0] != kept[$0] }
        guard !differing.isEmpty else { return [] }
        func text(_ value: String?, _ key: String) -> String {
            guard let value else { return "absent" }
            return vocabulary.personalFields[FieldName(key)] == nil ? "\"\(value)\"" : "a value"
        }
        return [
            Invariant.storedIsWhatWasShown.broken(
                expected: "client \(client.clientID) stored as the form showed it",
                actual: differing.prefix(4).map { "\($0) shown \(text(shown[$0], $0)), stored \(text(kept[$0], $0))" }
                    .joined(separator: "; "))
        ]
    }

    private func answers(_ view: StepView) -> [Mismatch] {
        let join = view.after.join
        guard
            let field = join.fields.first(where: {
                vocabulary.definition.field($0.name)?.validate.custom.contains { $0.kind == .usernameAvailable } == true
            }), case .text(let value) = field.value, !value.isEmpty
        else { return [] }
        let key = UsernameKey(value)
        switch field.status {
        case .valid where takenAtStart.contains(key):
            return [
                Invariant.answersBelongToTheirValue.broken(
                    expected: "\"\(value)\" shown taken: the service has it",
                    actual: "it is shown available, an answer for another value")
            ]
        case .invalid(let violations)
        where violations.contains(where: { $0.code == RegistrationValidator.usernameTaken.code }):
            let created = view.after.clients.compactMap { $0.fields[vocabulary.accountFields.username.rawValue] }
            guard !takenAtStart.contains(key), !created.map(UsernameKey.init).contains(key),
                view.after.clientsUnread == nil
            else { return [] }
            return [
                Invariant.answersBelongToTheirValue.broken(
                    expected: "\"\(value)\" shown available: nobody has it",
                    actual: "it is shown taken, an answer for another value")
            ]
        default:
            return []
        }
    }

    private func unreachable(_ view: StepView) -> [Mismatch] {
        guard let (input, before) = view.unreachable else { return [] }
        let after = InputReading(input: input, state: view.after.join).value
        guard after != before else { return [] }
        func shown(_ value: String?) -> String {
            guard let value else { return "nothing" }
            return vocabulary.isSecret(input) ? "a password" : "\"\(value)\""
        }
        return [
            Invariant.engineIgnoresTheUnreachable.broken(
                expected: "'\(input)' still holds \(shown(before)) after \(view.summary), which no person could do",
                actual: "it holds \(shown(after))")
        ]
    }

    /// Whether `text` holds `word` on its own: not as a piece of a longer word or identifier (a surname
    /// "Excluded" is not in the alert name `selfExcluded`).
    static func holds(_ text: String, word: String) -> Bool {
        var searched = text[...]
        while let found = searched.range(of: word) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            if !(before?.isLetter ?? false) && !(before?.isNumber ?? false) && !(after?.isLetter ?? false)
                && !(after?.isNumber ?? false)
            {
                return true
            }
            searched = text[text.index(after: found.lowerBound)...]
        }
        return false
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
