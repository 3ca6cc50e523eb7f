/// A screen the app bar asks its head to show. Where two screens can serve
/// one item, a feature flag chooses. Raw values are the names
/// scenario files and analytics use.
public enum AppBarRoute: String, Hashable, Sendable, CaseIterable, Codable {
    /// The search screen.
    case search
    /// The native log-in (`login-native` on).
    case nativeLogin
    /// The legacy log-in (`login-native` off).
    case legacyLogin
    /// The join form.
    case join
    /// The native betslip (`betslip-native` on).
    case nativeBetslip
    /// The legacy betslip (`betslip-native` off).
    case legacyBetslip
    /// The pending and resulted bets screen (`pending-resulted-native` on).
    case pendingResultedBets
    /// Account transactions opened on the pending tab (`pending-resulted-native` off).
    case accountTransactionsPending
    /// The toolbox's screen of shortcuts.
    case toolbox
    /// Deposit, from the balance pill.
    case deposit
}
