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
/// | `join_continue` | `outcome` (`valid`, `invalid`, `error`), `field` where it stopped |
/// | `join_page_shown` | `direction` (`forward`, `back`) |
/// | `join_sign_up` | `outcome` (`created`, `rejected`, `self_excluded`, `already_registered`, `failed`), `reason` |
/// | `join_alert_shown` | `alert` (its kind) |
/// | `join_alert_action` | `alert`, `action` |
///
/// Every event also has `page` (the page's name) and `screen` (`join/<page>`);
/// the runtime adds `brand` and `market`. The cases are every event the
/// form sends, the one table coverage and the scenario tools read.
public enum JoinEvent: String, Sendable, CaseIterable {
    /// Focus moved between inputs.
    case focusChanged = "join_focus_changed"
    /// A tick box was toggled.
    case checkboxToggled = "join_checkbox_toggled"
    /// The deposit-limit decision was made or changed.
    case depositLimitChosen = "join_deposit_limit_chosen"
    /// An action on the address lookup.
    case addressAction = "join_address_action"
    /// A link was tapped.
    case linkOpened = "join_link_opened"
    /// The continue walk of a page ended.
    case continued = "join_continue"
    /// Another page was shown.
    case pageShown = "join_page_shown"
    /// Client creation answered.
    case signUp = "join_sign_up"
    /// The system alert was shown.
    case alertShown = "join_alert_shown"
    /// An alert button was chosen.
    case alertAction = "join_alert_action"
}
