import AddressLookupFeature
import LiveryCore

/// Everything a head needs to draw the join form, as a value: every field,
/// the page, focus, loading, the alert, the route, progress, and the child
/// forms of the composite fields. A journey publishes one after every change;
/// a preview or a snapshot test can make any state with the memberwise
/// initialiser or start from a sample (``JoinState/sample(_:brand:)``).
///
/// A state is `Hashable`, as is everything in it, so two states compare
/// whole: a head can skip drawing a state equal to the last, and a test can
/// expect an intent to leave the state as it was.
public struct JoinState: Hashable, Sendable {
    /// The pages, in order.
    public let pages: [PageDefinition]
    /// The page shown.
    public internal(set) var pageIndex = 0
    /// Every field of every page, in form order.
    public internal(set) var fields: [JoinFieldState] = []
    /// The input that has focus, if any.
    public internal(set) var focus: InputID?
    /// The inputs of the page shown that take focus, in focus order.
    public internal(set) var focusOrder: [InputID] = []
    /// An input the head should scroll into view (set when continue stops at it).
    public internal(set) var scrollTarget: InputID?
    /// Whether continue or sign-up is running: inputs are disabled and the
    /// call to action shows progress; the app bar is not affected.
    public internal(set) var isLoading = false
    /// The system alert to show, if any.
    public internal(set) var alert: SystemAlert?
    /// A screen the head should show, until it sends ``JoinIntent/routeHandled``.
    public internal(set) var route: JoinRoute?
    /// The deposit-limit child form, when the form has a `DepositLimit` field:
    /// the whole child, which the journey drives.
    public internal(set) var depositLimit: DepositLimitState?
    /// The address field's lookup (search, suggestions, chosen address, manual
    /// form, what is in flight), when the form has an `Address` field: the
    /// whole child, which the journey drives, so what is shown is what is submitted.
    public internal(set) var address: AddressLookupState?
    /// The client created by sign-up, once it succeeded.
    public internal(set) var createdClient: CreatedClient?
    /// The share of required fields that are valid, from 0 to 1.
    public internal(set) var progress = 0.0

    /// A state of `pages` with everything else given (defaults: the first
    /// page, nothing focused, not loading, no alert or route, no progress).
    public init(
        pages: [PageDefinition], pageIndex: Int = 0, fields: [JoinFieldState] = [], focus: InputID? = nil,
        focusOrder: [InputID] = [], scrollTarget: InputID? = nil, isLoading: Bool = false,
        alert: SystemAlert? = nil, route: JoinRoute? = nil, depositLimit: DepositLimitState? = nil,
        address: AddressLookupState? = nil, createdClient: CreatedClient? = nil, progress: Double = 0
    ) {
        self.pages = pages
        self.pageIndex = pageIndex
        self.fields = fields
        self.focus = focus
        self.focusOrder = focusOrder
        self.scrollTarget = scrollTarget
        self.isLoading = isLoading
        self.alert = alert
        self.route = route
        self.depositLimit = depositLimit
        self.address = address
        self.createdClient = createdClient
        self.progress = progress
    }

    /// The page shown.
    public var page: PageDefinition { pages[pageIndex] }

    /// Whether the page shown is the last (its call to action signs up).
    public var isLastPage: Bool { pageIndex == pages.count - 1 }

    /// The call to action of the page shown.
    public var callToAction: CallToAction {
        CallToAction(purpose: isLastPage ? .signUp : .continue, showsProgress: isLoading, isEnabled: !isLoading)
    }

    /// The label of the keyboard's and toolbar's button for the focused
    /// input: next while a later input takes focus, done on the last.
    public var keyboardAction: KeyboardAction? {
        guard let focus, let index = focusOrder.firstIndex(of: focus) else { return focus == nil ? nil : .done }
        return index + 1 < focusOrder.count ? .next : .done
    }

    /// The field called `name`.
    public func field(_ name: FieldName) -> JoinFieldState? {
        fields.first { $0.name == name }
    }

    /// The fields of the page shown, row by row.
    public var rows: [[JoinFieldState]] {
        page.rows.map { row in row.compactMap { field($0) } }
    }
}

/// The call to action at the bottom of a page.
public struct CallToAction: Hashable, Sendable {
    /// What it does.
    public enum Purpose: String, Hashable, Sendable, CaseIterable {
        /// Checks the page and moves to the next one.
        case `continue`
        /// Checks every page and creates the client.
        case signUp
    }

    /// What it does.
    public var purpose: Purpose
    /// Whether it shows a progress indicator in place of its title.
    public var showsProgress: Bool
    /// Whether it can be tapped.
    public var isEnabled: Bool
}

/// The label of the keyboard's return key and the toolbar button.
public enum KeyboardAction: String, Hashable, Sendable, CaseIterable {
    /// Moves focus to the next input.
    case next
    /// Closes the keyboard: the focused input is the last one.
    case done
}

/// A field's value: text, a tick, or a composite's child form (see
/// ``JoinState/depositLimit`` and ``JoinState/address``).
public enum JoinFieldValue: Hashable, Sendable {
    /// Text (for a `Select`, the option chosen).
    case text(String)
    /// A tick box.
    case tick(Bool)
    /// A composite field; its children are in their own state.
    case composite
}

/// One field as a head draws it.
public struct JoinFieldState: Hashable, Sendable {
    /// The field's key.
    public let name: FieldName
    /// Its input type.
    public let inputType: InputType
    /// Required, focusable, secure, input limit, format, keyboard and capitalisation.
    public let traits: FieldTraits
    /// A `Select`'s choices.
    public let options: [String]?
    /// The value as stored.
    public internal(set) var value: JoinFieldValue
    /// The text to show: formatted as typed; a secure field's text is masked.
    public internal(set) var displayValue: String
    /// Its validation state.
    public internal(set) var status: FieldStatus
    /// The messages of its violations, in rule order, in the brand's words.
    public internal(set) var messages: [String]
    /// Whether an async check (e.g. username availability) is running.
    public internal(set) var isValidating: Bool
    /// Whether the head lets the person edit it (not while loading).
    public internal(set) var isEnabled: Bool

    /// A field as drawn.
    public init(
        name: FieldName, inputType: InputType, traits: FieldTraits, options: [String]? = nil,
        value: JoinFieldValue, displayValue: String, status: FieldStatus, messages: [String] = [],
        isValidating: Bool = false, isEnabled: Bool = true
    ) {
        self.name = name
        self.inputType = inputType
        self.traits = traits
        self.options = options
        self.value = value
        self.displayValue = displayValue
        self.status = status
        self.messages = messages
        self.isValidating = isValidating
        self.isEnabled = isEnabled
    }
}
