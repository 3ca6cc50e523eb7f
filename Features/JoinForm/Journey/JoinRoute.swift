import LiveryCore

/// A screen the journey asks its head to show. Heads show it, then send
/// ``JoinIntent/routeHandled``.
public enum JoinRoute: Hashable, Sendable {
    /// The terms and conditions page.
    case termsAndConditions
    /// The privacy policy page.
    case privacyPolicy
    /// The client was created: the screen after sign-up.
    case signedUp(CreatedClient)
    /// The person already has an account: the native log-in (`login-native` on).
    case nativeLogin
    /// The person already has an account: the legacy log-in (`login-native` off).
    case legacyLogin

    /// The routes by name, as scenarios and heads write them: the one table tools read.
    public enum Name: String, Hashable, Sendable, CaseIterable {
        case termsAndConditions, privacyPolicy, signedUp, nativeLogin, legacyLogin
    }

    /// The route's name, without the client a sign-up carries.
    public var name: Name {
        switch self {
        case .termsAndConditions: .termsAndConditions
        case .privacyPolicy: .privacyPolicy
        case .signedUp: .signedUp
        case .nativeLogin: .nativeLogin
        case .legacyLogin: .legacyLogin
        }
    }
}

/// The links on the join form. Terms and privacy route to a page; the
/// customer-support number and the self-exclusion register are recorded in
/// analytics and left to the head (a phone call, a browser).
public enum JoinLink: String, Hashable, Sendable, CaseIterable {
    /// The terms and conditions page.
    case termsAndConditions
    /// The privacy policy page.
    case privacyPolicy
    /// The customer-support phone number.
    case customerSupport
    /// The national self-exclusion register's website.
    case selfExclusionRegister

    /// The link's words as a head shows them, e.g. "Terms and conditions".
    public var title: String {
        switch self {
        case .termsAndConditions: "Terms and conditions"
        case .privacyPolicy: "Privacy policy"
        case .customerSupport: "Customer support"
        case .selfExclusionRegister: "Self-exclusion register"
        }
    }

    /// The route the link asks for, if it has one.
    var route: JoinRoute? {
        switch self {
        case .termsAndConditions: .termsAndConditions
        case .privacyPolicy: .privacyPolicy
        case .customerSupport, .selfExclusionRegister: nil
        }
    }
}
