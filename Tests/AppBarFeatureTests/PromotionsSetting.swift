import AppBarFeature
import Testing

/// The promotions settings brands use, each with what a signed-in client
/// should see.
enum PromotionsSetting: CaseIterable, CustomTestStringConvertible, Sendable {
    case lockerWithBadge, toolboxWithBadge, toolboxWithoutBadge, none

    var entry: PromotionsEntry {
        switch self {
        case .lockerWithBadge: .locker(showsBadge: true)
        case .toolboxWithBadge: .toolbox(showsBadge: true)
        case .toolboxWithoutBadge: .toolbox(showsBadge: false)
        case .none: .none
        }
    }

    /// The promotions item a signed-in client sees, if any.
    var item: AppBarItemID? {
        switch self {
        case .lockerWithBadge: .locker
        case .toolboxWithBadge, .toolboxWithoutBadge: .toolbox
        case .none: nil
        }
    }

    var showsBadge: Bool { self == .lockerWithBadge || self == .toolboxWithBadge }

    var testDescription: String {
        switch self {
        case .lockerWithBadge: "locker with badge"
        case .toolboxWithBadge: "toolbox with badge"
        case .toolboxWithoutBadge: "toolbox without badge"
        case .none: "no promotions entry"
        }
    }
}
