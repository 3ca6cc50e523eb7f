/// The analytics events of the join form. Properties carry field
/// names, page names, decisions and outcomes — never a value a person typed.
///
/// | event | properties |
/// | --- | --- |
/// | `join_focus_changed` | `from`, `to` (input ids, absent when none) |
/// | `join_checkbox_toggled` | `field`, `ticked` |
/// | `join_deposit_limit_chosen` | `decision` |
/// | `join_link_opened` | `link` |
/// | `join_address_action` | `action` (`select`, `enterManually`, `clear`…; never the text or place id) |
/// | `join_continue` | `outcome` (`advanced`, `invalid`, `error`), `field` where it stopped |
/// | `join_page_shown` | `direction` (`forward`, `back`) |
/// | `join_sign_up` | `outcome` (`created`, `rejected`, `self_excluded`, `already_registered`, `failed`), `reason` |
/// | `join_alert_shown` | `alert` (its kind) |
/// | `join_alert_action` | `alert`, `action` |
///
/// Every event also has `page` (the page's name) and `screen` (`join/<page>`);
/// the runtime adds `brand` and `region`.
public enum JoinEvent {
    /// Focus moved between inputs.
    public static let focusChanged = "join_focus_changed"
    /// A tick box was toggled.
    public static let checkboxToggled = "join_checkbox_toggled"
    /// The deposit-limit decision was made or changed.
    public static let depositLimitChosen = "join_deposit_limit_chosen"
    /// An action on the address lookup.
    public static let addressAction = "join_address_action"
    /// A link was tapped.
    public static let linkOpened = "join_link_opened"
    /// The continue walk of a page ended.
    public static let continued = "join_continue"
    /// Another page was shown.
    public static let pageShown = "join_page_shown"
    /// Client creation answered.
    public static let signUp = "join_sign_up"
    /// The system alert was shown.
    public static let alertShown = "join_alert_shown"
    /// An alert button was chosen.
    public static let alertAction = "join_alert_action"
}
