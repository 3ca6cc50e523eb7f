import AddressLookupFeature
import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryCore

/// Draws the next move of a journey from what a person could do on the
/// screen shown now: the runner's rule (inputs of the page shown, not hidden
/// or disabled; none while the form is loading or an alert covers it), and
/// at any time the things around the form — waiting, the app bar, the
/// session, the betslip, flags and faults. Mostly moves that carry a
/// journey forward (valid values, continue, sign up), so journeys reach
/// their end as often as they wander.
struct MoveChooser: Sendable {
    let vocabulary: Vocabulary
    let values: FieldValues
    /// Whether it also draws moves no person could make (typing into any input, whatever the screen
    /// shows), for the engine to ignore.
    var reachesBeyond = false

    /// The fault plans a journey may switch to: none, failures, time-outs and slow answers of each call.
    static let faultPlans: [[String]] = [
        [], ["check-username=500"], ["check-username=latency 800ms"], ["create-client=503"],
        ["create-client=timeout"], ["create-client=latency 12s"], ["create-client=500@0.5"],
        ["address=500"], ["address=latency 2s"], ["check-username=timeout", "address=latency 400ms"],
    ]

    /// The next move for the journey showing `join` and `appBar`: with the chance `diligence`, the move
    /// that carries the journey forward (when there is one), otherwise any move the screen offers.
    func next(join: JoinState, appBar: AppBarState, diligence: Double, _ random: inout SeededGenerator) -> Move {
        let gen = RandomBox(random)
        defer { random = gen.generator }
        if Double(gen.int(in: 0..<1000)) < diligence * 1000, let forward = forward(join, gen) { return forward }
        var options: [(weight: Int, move: () -> Move)] = []
        func add(_ weight: Int, _ move: @escaping () -> Move) { options.append((weight, move)) }

        add(6) { .wait(self.wait(gen)) }
        add(2) { self.worldMove(appBar: appBar, gen) }
        add(2) { .faults(gen.element(Self.faultPlans)) }
        if let alert = join.alert {
            for action in alert.actions { add(8) { .alert(action.role) } }
            add(3) { .bare(.dismissAlert) }
        } else if join.isLoading {
            add(10) { .wait(self.wait(gen)) }
        } else {
            formMoves(join, gen, add)
        }
        if join.route != nil { add(6) { .bare(.routeHandled) } }
        if reachesBeyond { add(join.isLoading || join.alert != nil ? 24 : 2) { self.beyondReach(gen) } }

        let total = options.reduce(0) { $0 + $1.weight }
        var pick = gen.int(in: 0..<total)
        var chosen = options[0].move
        for option in options {
            if pick < option.weight {
                chosen = option.move
                break
            }
            pick -= option.weight
        }
        return chosen()
    }

    /// The move a person set on finishing would make next: answer the alert, wait while loading, fill the
    /// first field of the page not yet valid with a valid value, find and pick an address, decide the
    /// deposit limit, then continue or sign up.
    private func forward(_ join: JoinState, _ gen: RandomBox) -> Move? {
        if let alert = join.alert {
            return alert.actions.isEmpty ? .bare(.dismissAlert) : .alert(gen.element(alert.actions).role)
        }
        if join.isLoading { return .wait(.milliseconds(Int64(gen.element([500, 2000, 10_000, 15_000])))) }
        if join.route != nil { return .bare(.routeHandled) }
        for name in join.page.fieldNames {
            guard let field = join.field(name), !field.status.isValid,
                let definition = vocabulary.definition.field(name)
            else { continue }
            let input = InputID.field(name)
            switch definition.inputType {
            case .select:
                return (definition.options ?? []).isEmpty ? nil : .choose(input, gen.element(definition.options!))
            case .checkbox: return .toggle(name)
            case .depositLimit:
                guard join.depositLimit?.decision == .limited else {
                    return .depositLimit(gen.element([.declined, .limited]))
                }
                return gen.int(in: 0..<2) == 0
                    ? .fill(.child(name, "amount"), "100")
                    : .choose(.child(name, "period"), gen.element(DepositLimitPeriod.allCases).rawValue)
            case .address:
                guard let address = join.address else { return nil }
                if address.mode == .manual { return .bare(.backToAddressSearch) }
                if !address.suggestions.isEmpty {
                    return .selectAddress(gen.int(in: 1..<(min(3, address.suggestions.count) + 1)))
                }
                if address.isSearching || address.searchText.count >= 4 { return .wait(.milliseconds(500)) }
                return .searchAddress(values.addressSearch(&gen.generator))
            default:
                let valid = values.values(for: definition).valid
                return valid.isEmpty ? nil : .fill(input, gen.element(valid))
            }
        }
        return .tap(join.callToAction.purpose == .signUp ? "signUp" : "continue")
    }

    /// Inputs and buttons of the page shown.
    private func formMoves(_ join: JoinState, _ gen: RandomBox, _ add: (Int, @escaping () -> Move) -> Void) {
        for name in join.page.fieldNames {
            guard let field = join.field(name), field.isEnabled, let definition = vocabulary.definition.field(name)
            else { continue }
            let input = InputID.field(name)
            switch definition.inputType {
            case .select:
                let options = definition.options ?? []
                if !options.isEmpty { add(3) { .choose(input, gen.element(options)) } }
            case .checkbox:
                add(2) { .toggle(name) }
            case .depositLimit:
                depositLimitMoves(join, name, gen, add)
            case .address:
                addressMoves(join, name, gen, add)
            default:
                let drawn = values.values(for: definition)
                let weight = field.status.isValid ? 2 : 6
                add(weight) {
                    gen.int(in: 0..<4) == 0 ? .type(input, self.text(drawn, gen)) : .fill(input, self.text(drawn, gen))
                }
                add(1) { .focus(input) }
            }
        }
        if join.focus != nil {
            add(2) { .bare(.next) }
            add(1) { .bare(.unfocus) }
        }
        add(join.progress >= 0.99 ? 12 : 4) { join.callToAction.purpose == .signUp ? .tap("signUp") : .tap("continue") }
        if join.pageIndex > 0 { add(1) { .tap("back") } }
        add(1) { .open(gen.element([.termsAndConditions, .privacyPolicy, .customerSupport])) }
    }

    private func depositLimitMoves(
        _ join: JoinState, _ name: FieldName, _ gen: RandomBox, _ add: (Int, @escaping () -> Move) -> Void
    ) {
        add(3) { .depositLimit(gen.element([.declined, .limited, .declined])) }
        guard join.depositLimit?.decision == .limited else { return }
        add(4) { .fill(.child(name, "amount"), self.values.depositAmount(&gen.generator)) }
        add(2) { .choose(.child(name, "period"), gen.element(DepositLimitPeriod.allCases).rawValue) }
    }

    private func addressMoves(
        _ join: JoinState, _ name: FieldName, _ gen: RandomBox, _ add: (Int, @escaping () -> Move) -> Void
    ) {
        guard let address = join.address else { return }
        switch address.mode {
        case .search:
            add(5) { .searchAddress(self.values.addressSearch(&gen.generator)) }
            if !address.searchText.isEmpty { add(2) { .bare(.submitAddress) } }
            if !address.suggestions.isEmpty {
                let count = address.suggestions.count
                add(8) { .selectAddress(gen.int(in: 1..<(count + 1))) }
                add(1) { .bare(.closeAddressList) }
            }
            add(1) { .bare(.enterAddressManually) }
            add(1) { .bare(.clearAddress) }
        case .manual:
            for part in address.manualFields {
                let key = part.field.rawValue
                let input = InputID.child(name, key)
                if let options = vocabulary.options(of: input) {
                    add(2) { .choose(input, gen.element(options)) }
                } else {
                    add(2) { .fill(input, self.values.addressPart(key, &gen.generator)) }
                }
            }
            add(1) { .bare(.backToAddressSearch) }
        }
    }

    /// The session, betslip, flags and the app bar.
    private func worldMove(appBar: AppBarState, _ gen: RandomBox) -> Move {
        switch gen.int(in: 0..<5) {
        case 0:
            let shown = Vocabulary.itemIDs.filter { appBar.item($0) != nil }
            return shown.isEmpty ? .appBar(.appeared) : .tapAppBar(gen.element(shown))
        case 1: return .appBar(gen.element(Move.appBarEvents))
        case 2: return appBar.isSignedIn ? .bare(.signOut) : .signIn(balance: gen.int(in: 0..<500))
        case 3: return .betslip(gen.int(in: 0..<12))
        default: return .flag(gen.element(Vocabulary.flags), gen.int(in: 0..<2) == 0)
        }
    }

    /// Typing, choosing or ticking into any input of the form, whatever the screen shows: a move that is
    /// out of a person's reach when the form is loading, under an alert, or the input is disabled, hidden
    /// or on another page.
    private func beyondReach(_ gen: RandomBox) -> Move {
        let name = gen.element(vocabulary.inputNames)
        let input = vocabulary.inputs[name]!
        if let options = vocabulary.options(of: input), !options.isEmpty { return .choose(input, gen.element(options)) }
        switch input {
        case .child(let parent, let key):
            var random = gen.generator
            defer { gen.generator = random }
            return parent == vocabulary.addressField
                ? .type(input, values.addressPart(key, &random)) : .type(input, values.depositAmount(&random))
        case .field(let field):
            guard let definition = vocabulary.definition.field(field) else { return .bare(.unfocus) }
            switch definition.inputType {
            case .checkbox: return .toggle(field)
            case .depositLimit: return .type(.child(field, "amount"), "100")
            case .address:
                var random = gen.generator
                defer { gen.generator = random }
                return .searchAddress(values.addressSearch(&random))
            default: return .type(input, text(values.values(for: definition), gen))
            }
        }
    }

    /// A wait: a few milliseconds to past the client's time-out, often at the engines' own delays.
    private func wait(_ gen: RandomBox) -> Duration {
        let common: [Int64] = [50, 300, 500, 1000, 5000, 10_000, 12_000, 15_000]
        return .milliseconds(gen.int(in: 0..<2) == 0 ? gen.element(common) : Int64(gen.int(in: 1..<25_000)))
    }

    /// A value from `drawn`: mostly valid ones, then invalid ones, then hostile text.
    private func text(_ drawn: (valid: [String], invalid: [String]), _ gen: RandomBox) -> String {
        let roll = gen.int(in: 0..<20)
        if roll < 12, !drawn.valid.isEmpty { return gen.element(drawn.valid) }
        if roll < 18, !drawn.invalid.isEmpty { return gen.element(drawn.invalid) }
        return gen.element(FieldValues.hostile)
    }
}

/// A generator the move closures share while one move is chosen.
final class RandomBox {
    var generator: SeededGenerator
    init(_ generator: SeededGenerator) { self.generator = generator }
    func int(in range: Range<Int>) -> Int { Int.random(in: range, using: &generator) }
    func element<T>(_ items: [T]) -> T { items[int(in: 0..<items.count)] }
}
