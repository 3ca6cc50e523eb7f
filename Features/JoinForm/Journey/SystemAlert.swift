import LiveryCore

/// The system alert, as state: heads only draw it and report the action chosen.
public struct SystemAlert: Hashable, Sendable {
    /// The situations that raise an alert.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Continue met a field whose check could not run (e.g. the username service failed).
        case checkFailed
        /// Creating the client failed (service down, timed out, unreadable answer); values are kept.
        case signUpFailed
        /// The account service rejected some details; they are marked on their fields.
        case detailsRejected
        /// The applicant is on the national self-exclusion register: no account.
        case selfExcluded
        /// A situation configured for the market, raised by a server rule code (see ``JoinAlerts/byRuleCode``).
        case configured
    }

    /// One button of the alert.
    public struct Action: Hashable, Sendable {
        /// What choosing the button does.
        public enum Role: String, Hashable, Sendable, CaseIterable {
            /// Closes the alert.
            case dismiss
            /// Closes the alert and tries the failed step again.
            case retry
            /// Closes the alert and opens the self-exclusion register link.
            case openSelfExclusionRegister
        }

        /// The button's title.
        public var title: String
        /// What it does.
        public var role: Role

        /// A button.
        public init(_ title: String, role: Role) {
            self.title = title
            self.role = role
        }
    }

    /// Why the alert is shown.
    public var kind: Kind
    /// The title.
    public var title: String
    /// The message.
    public var message: String
    /// The buttons, in order.
    public var actions: [Action]

    /// An alert.
    public init(kind: Kind, title: String, message: String, actions: [Action]) {
        self.kind = kind
        self.title = title
        self.message = message
        self.actions = actions
    }
}

/// The texts of the system alerts: a feature default per kind, which a brand
/// may replace, plus alerts raised by particular server rule codes (the
/// market-specific situations, e.g. an identity check that needs documents).
public struct JoinAlerts: Hashable, Sendable {
    /// The alert per kind.
    public var byKind: [SystemAlert.Kind: SystemAlert]
    /// Alerts shown instead of ``SystemAlert/Kind/detailsRejected`` when the
    /// server rejects details with one of these rule codes.
    public var byRuleCode: [RuleCode: SystemAlert]

    /// Alerts with the defaults below, plus `byRuleCode`.
    public init(byKind: [SystemAlert.Kind: SystemAlert] = [:], byRuleCode: [RuleCode: SystemAlert] = [:]) {
        self.byKind = Self.defaults.merging(byKind) { _, override in override }
        self.byRuleCode = byRuleCode
    }

    /// The alert for `kind`.
    public func alert(_ kind: SystemAlert.Kind) -> SystemAlert {
        byKind[kind]
            ?? SystemAlert(kind: kind, title: "Something went wrong", message: "Please try again.", actions: [Self.ok])
    }

    private static let ok = SystemAlert.Action("OK", role: .dismiss)

    /// The feature's default texts.
    public static let defaults: [SystemAlert.Kind: SystemAlert] = [
        .checkFailed: SystemAlert(
            kind: .checkFailed, title: "Something went wrong",
            message: "We couldn't check your details just now. Please try again.",
            actions: [ok]),
        .signUpFailed: SystemAlert(
            kind: .signUpFailed, title: "We couldn't create your account",
            message: "Your details are kept. Please try again.",
            actions: [
                SystemAlert.Action("Try again", role: .retry),
                SystemAlert.Action("Cancel", role: .dismiss),
            ]),
        .detailsRejected: SystemAlert(
            kind: .detailsRejected, title: "Check your details",
            message: "Some details need your attention.", actions: [ok]),
        .selfExcluded: SystemAlert(
            kind: .selfExcluded, title: "We can't open an account for you",
            message: "You are registered on the national self-exclusion register, so no account can be opened.",
            actions: [SystemAlert.Action("Learn more", role: .openSelfExclusionRegister), ok]),
    ]
}
