/// One typed field of a form: its value, its rules in priority order, when it
/// checks itself, and its current ``FieldStatus``.
///
/// A field is a value. Its mutating methods are the whole state machine:
///
/// - ``setValue(_:context:)`` stores a new value, bumps the generation (so any
///   async check of an older value is ignored when it answers) and clears
///   server errors. The status becomes ``FieldStatus/unknown`` unless the field
///   validates on change, or it currently shows ``FieldStatus/invalid(_:)``:
///   then it is re-checked at once ("reward early, punish late"). A hidden or
///   disabled field stores the value without checking it.
/// - ``leave(context:)`` checks a field whose trigger is on leave or on change,
///   unless the current value was already checked.
/// - ``validate(context:)`` checks it regardless of trigger.
///
/// Checking applies the transform, then: an empty value (for ``Emptiable``
/// values) runs only the requirement rules, so an empty required field reports
/// just `required` and an empty optional field is valid; otherwise every rule
/// runs and every violation is kept, in rule order. When the synchronous rules
/// pass and there are async rules, the check returns an ``AsyncCheck`` to run
/// after the field's debounce; until it answers, ``isValidating`` is true.
public struct FormField<Value: Sendable>: Sendable {
    // Stored properties whose size does not depend on `Value` come first: their offsets are then fixed, so code
    // that is not specialised for `Value` (an app's own value types) reads them without asking the runtime for
    // the field type's layout.

    /// The field's name.
    public let name: FieldName
    /// When the field checks itself.
    public let trigger: ValidationTrigger
    /// How long an async check waits after the last change before it runs.
    public let debounce: Duration
    /// The other fields the rules read; a change to one re-checks this field.
    public let dependencies: Set<FieldName>
    /// Synchronous rules in priority order.
    public let rules: [any ValidationRule<Value>]
    /// Asynchronous rules, run after the synchronous ones pass.
    public private(set) var asyncRules: [any AsyncValidationRule<Value>]

    /// How the field runs each of `rules` (see ``RuleRole``), planned once when the field is made.
    private let roles: [RuleRole]
    /// `rules` without their value type in theirs, for fields of values the check is not specialised for.
    private let erasedRules: [any ValidationRule]
    /// What a plain requirement reports for an empty value.
    private let emptyViolation: RuleViolation?
    private let transform: (@Sendable (Value) -> Value)?
    private let emptiness: (@Sendable (Value) -> Bool)?
    /// Whether the emptiness is a text's, asked directly rather than through the closure.
    private let emptinessIsText: Bool
    /// Whether `asyncRules` has any (asked of an array of `Value`'s rules, it would need their type's metadata).
    private var hasAsyncRules: Bool
    private let initialStatus: FieldStatus

    /// The current status.
    public private(set) var status: FieldStatus
    /// Whether the field takes part in validation and submission.
    public internal(set) var availability: FieldAvailability
    /// Bumped on every change of value and on reset; async results carry it.
    public private(set) var generation: UInt64 = 0

    private var checkedGeneration: UInt64?
    private var pendingGeneration: UInt64?
    private var serverViolations: [RuleViolation] = []

    /// The value the field starts with and returns to on reset.
    public let initialValue: Value
    /// The value as entered (before the transform).
    public private(set) var value: Value

    /// Creates a field.
    ///
    /// - Parameters:
    ///   - name: The field's name, unique in its form.
    ///   - initialValue: The value it starts with.
    ///   - rules: Synchronous rules in priority order.
    ///   - asyncRules: Rules that need to wait (e.g. a server check).
    ///   - trigger: When it checks itself; on leave by default.
    ///   - debounce: The wait before an async check runs.
    ///   - transform: Applied to the value before it is checked and submitted
    ///     (e.g. trimming); the entered value itself is kept as typed.
    ///   - initialStatus: The status at start and after reset (``FieldStatus/unknown``
    ///     by default; a form may start prefilled or optional fields as valid).
    ///   - availability: Whether it takes part at start.
    public init(
        _ name: FieldName,
        initialValue: Value,
        rules: [any ValidationRule<Value>] = [],
        asyncRules: [any AsyncValidationRule<Value>] = [],
        trigger: ValidationTrigger = .onLeave,
        debounce: Duration = .zero,
        transform: (@Sendable (Value) -> Value)? = nil,
        initialStatus: FieldStatus = .unknown,
        availability: FieldAvailability = .enabled
    ) {
        self.init(
            name, initialValue: initialValue, rules: rules, asyncRules: asyncRules, trigger: trigger,
            debounce: debounce, transform: transform, emptiness: nil, initialStatus: initialStatus,
            availability: availability)
    }

    /// Creates a field whose value has a notion of emptiness (strings,
    /// optionals, collections, enums with a "none" case): see the type's
    /// documentation for how empty values are checked.
    public init(
        _ name: FieldName,
        initialValue: Value,
        rules: [any ValidationRule<Value>] = [],
        asyncRules: [any AsyncValidationRule<Value>] = [],
        trigger: ValidationTrigger = .onLeave,
        debounce: Duration = .zero,
        transform: (@Sendable (Value) -> Value)? = nil,
        initialStatus: FieldStatus = .unknown,
        availability: FieldAvailability = .enabled
    ) where Value: Emptiable {
        self.init(
            name, initialValue: initialValue, rules: rules, asyncRules: asyncRules, trigger: trigger,
            debounce: debounce, transform: transform, emptiness: { $0.isEmptyValue },
            initialStatus: initialStatus, availability: availability)
    }

    private init(
        _ name: FieldName, initialValue: Value, rules: [any ValidationRule<Value>],
        asyncRules: [any AsyncValidationRule<Value>], trigger: ValidationTrigger, debounce: Duration,
        transform: (@Sendable (Value) -> Value)?, emptiness: (@Sendable (Value) -> Bool)?,
        initialStatus: FieldStatus, availability: FieldAvailability
    ) {
        self.name = name
        self.initialValue = initialValue
        self.rules = rules
        self.asyncRules = asyncRules
        self.hasAsyncRules = !asyncRules.isEmpty
        self.trigger = trigger
        self.debounce = debounce
        // One plain loop: generic `flatMap`s over existential rules were most of making a field.
        var read: [FieldName] = []
        var roles: [RuleRole] = []
        roles.reserveCapacity(rules.count)
        var emptyViolation: RuleViolation?
        for rule in rules {
            let reads = rule.dependencies
            if !reads.isEmpty { read += reads }
            // Only a requirement is asked whether it is a plain one: a cast to a protocol costs a look-up.
            if !rule.isRequirement {
                roles.append(.rule)
            } else if emptiness != nil, let plain = rule as? any EmptinessRequirement,
                let violation = plain.violationWhenEmpty
            {
                roles.append(.required)
                emptyViolation = emptyViolation ?? violation
            } else {
                roles.append(.requirement)
            }
        }
        self.dependencies = read.isEmpty ? [] : Set(read).subtracting([name])
        self.roles = roles
        self.erasedRules = rules
        self.emptyViolation = emptyViolation
        self.transform = transform
        self.emptiness = emptiness
        self.emptinessIsText = emptiness != nil && Value.self == String.self
        self.initialStatus = initialStatus
        self.value = initialValue
        self.status = initialStatus
        self.availability = availability
        self.checkedGeneration = initialStatus == .unknown ? nil : 0
    }

    /// A typed key for this field.
    public var key: FieldKey<Value> { FieldKey(name) }

    /// The value that rules check and a submission carries: the entered value
    /// after the transform.
    public var checkedValue: Value { transform?(value) ?? value }

    /// Whether an async check (or its debounce) is pending for the current value.
    public var isValidating: Bool { pendingGeneration != nil && pendingGeneration == generation }

    /// Whether the value counts as empty (always `false` for values without a notion of emptiness).
    public var isEmpty: Bool { emptiness?(checkedValue) ?? false }

    /// Whether the current value has been checked (or is being checked).
    public var isCheckedForCurrentValue: Bool { checkedGeneration == generation }

    /// Stores a new value; see the type's documentation for what it re-checks.
    @discardableResult
    public mutating func setValue(_ newValue: Value, context: ValidationContext = .standalone) -> AsyncCheck? {
        value = newValue
        generation &+= 1
        serverViolations = []
        pendingGeneration = nil
        checkedGeneration = nil
        if availability.takesPart, trigger == .onChange || status.kind == .invalid {
            return check(context: context, startingAsync: trigger == .onChange)
        }
        status = .unknown
        return nil
    }

    /// Called when the field loses focus: checks a value not checked yet, and
    /// tries again a check that could not be done (the field shows `error`),
    /// so a person need not retype to have a failed service asked again.
    @discardableResult
    public mutating func leave(context: ValidationContext = .standalone) -> AsyncCheck? {
        guard trigger != .onSubmit, !isCheckedForCurrentValue || (status.kind == .error && !isValidating) else {
            return nil
        }
        return check(context: context, startingAsync: true)
    }

    /// Checks the current value whatever the trigger (async rules included).
    @discardableResult
    public mutating func validate(context: ValidationContext = .standalone) -> AsyncCheck? {
        check(context: context, startingAsync: true)
    }

    /// Applies the answer of an async check. Returns `false`, changing
    /// nothing, when the answer is for an older value or a check that is no
    /// longer pending: a stale result never wins.
    @discardableResult
    public mutating func complete(_ outcome: AsyncCheckOutcome) -> Bool {
        guard outcome.field == name, outcome.generation == generation, pendingGeneration == generation else {
            return false
        }
        pendingGeneration = nil
        switch outcome.result {
        case .completed(let violations):
            status = status(adding: violations)
        case .failed(let failure):
            status = .error(failure)
        case .cancelled:
            checkedGeneration = nil
            status = .unknown
        }
        return true
    }

    /// Replaces the async rules. A check of the current value waiting for
    /// the old ones becomes stale, and the value counts as not yet checked.
    public mutating func setAsyncRules(_ rules: [any AsyncValidationRule<Value>]) {
        asyncRules = rules
        hasAsyncRules = !rules.isEmpty
        if isValidating {
            pendingGeneration = nil
            checkedGeneration = nil
            status = .unknown
        }
    }

    /// Shows violations reported by a server until the value is next edited.
    public mutating func applyServerViolations(_ violations: [RuleViolation]) {
        guard !violations.isEmpty else { return }
        serverViolations = violations
        pendingGeneration = nil
        checkedGeneration = generation
        status = .invalid(status.violations.filter { !violations.contains($0) } + violations)
    }

    /// Returns to the initial value and status; pending checks become stale.
    public mutating func reset() {
        value = initialValue
        generation &+= 1
        serverViolations = []
        pendingGeneration = nil
        status = initialStatus
        checkedGeneration = initialStatus == .unknown ? nil : generation
    }

    // Most fields hold text or a tick: specialised entry points avoid generic metadata lookups on every check.
    // A field of any other value runs its rules through `erasedRules` (no `Value` in their type), so its check
    // needs nothing from the runtime either: each rule is reached through its own witness table.
    @_specialize(where Value == String)
    @_specialize(where Value == Bool)
    private mutating func check(context: ValidationContext, startingAsync: Bool) -> AsyncCheck? {
        let checked = if let transform { transform(value) } else { value }
        let empty =
            if emptinessIsText, let text = checked as? String {
                text.isEmptyValue
            } else if let emptiness {
                emptiness(checked)
            } else {
                false
            }
        // The violations shown now, when they are the rules' own: an unchanged verdict reuses them as they are.
        var found = ViolationList(shown: serverViolations.isEmpty ? status.violations : [])
        let emptyViolation = emptyViolation
        // Folded away where the check is specialised.
        let specialised = Value.self == String.self || Value.self == Bool.self
        roles.withUnsafeBufferPointer { roles in
            for index in roles.indices {
                let role = roles[index]
                if role == .required {
                    if empty, let emptyViolation { found.append(emptyViolation) }
                    continue
                }
                guard role == .requirement || !empty else { continue }
                let violation =
                    specialised
                    ? rules[index].check(checked, in: context)
                    : erasedRules[index].check(sameTyped: checked, in: context)
                if let violation { found.append(violation) }
            }
        }
        let violations = found.violations
        checkedGeneration = generation
        if violations.isEmpty, !empty, hasAsyncRules {
            status = .unknown
            guard startingAsync else {
                checkedGeneration = nil
                return nil
            }
            pendingGeneration = generation
            return AsyncCheck(
                field: name, generation: generation, debounce: debounce, value: checked, rules: asyncRules)
        }
        status = status(adding: violations)
        return nil
    }

    private static func status(for violations: [RuleViolation]) -> FieldStatus {
        violations.isEmpty ? .valid : .invalid(violations)
    }

    private func status(adding violations: [RuleViolation]) -> FieldStatus {
        Self.status(for: serverViolations.isEmpty ? violations : violations + serverViolations)
    }
}

extension ValidationRule {
    /// Checks `value`, which is of this rule's `Value` type (a field holds only rules of its own value type).
    func check<Other>(sameTyped value: Other, in context: ValidationContext) -> RuleViolation? {
        precondition(Other.self == Value.self, "a rule of \(Value.self) was given \(Other.self)")
        return check(unsafeBitCast(value, to: Value.self), in: context)
    }
}

/// How a field runs one of its rules. A plain requirement (``RequiredRule``)
/// is answered from the emptiness the field has already worked out; whether a
/// rule is a requirement is read once, when the field is made.
enum RuleRole: UInt8, Sendable {
    /// Empty values get the field's requirement violation.
    case required
    /// A requirement rule of another kind: runs on every value.
    case requirement
    /// Runs on values that are not empty.
    case rule
}

/// A requirement whose only question is whether the value is empty.
protocol EmptinessRequirement {
    /// What it reports for an empty value; `nil` when it must be asked like any other rule.
    var violationWhenEmpty: RuleViolation? { get }
}

/// Violations gathered by a check. While they repeat the ones already shown,
/// in order, nothing is copied, so checking a form again with the same
/// verdict allocates nothing.
struct ViolationList {
    private let shown: [RuleViolation]
    private var repeated = 0
    private var fresh: [RuleViolation]?

    init(shown: [RuleViolation]) { self.shown = shown }

    mutating func append(_ violation: RuleViolation) {
        if fresh == nil {
            if repeated < shown.count, shown[repeated] == violation {
                repeated += 1
                return
            }
            fresh = Array(shown[..<repeated])
        }
        fresh!.append(violation)
    }

    var violations: [RuleViolation] {
        fresh ?? (repeated == shown.count ? shown : Array(shown[..<repeated]))
    }
}
