import AppBarFeature
import Foundation
import LiveryCore
import LiveryTesting
import Testing

@Suite("Right-hand group minimum (property)")
@MainActor
struct RightGroupPropertyTests {
    /// A random layout input: session, details, promotions entry, minimum,
    /// pot icon, screen options, overlays and betslip count.
    private func randomInput(_ random: inout SeededGenerator) -> AppBarLayout.Input {
        let session: ClientSession =
            Bool.random(using: &random)
            ? .signedOut
            : .signedIn(
                ClientDetails(
                    balance: Decimal(Int.random(in: 0...100_000, using: &random)) / 100,
                    pendingBetsCount: Int.random(in: 0...30, using: &random),
                    socialProfile: Bool.random(using: &random) ? SocialProfile(nickname: "n") : nil,
                    promotionsBalance: Int.random(in: 0...12, using: &random)))
        let badge = Bool.random(using: &random)
        let promotions = [PromotionsEntry.none, .locker(showsBadge: badge), .toolbox(showsBadge: badge)]
            .randomElement(using: &random)!
        let settings = AppBarSettings(
            promotions: promotions, showsPotIcon: Bool.random(using: &random),
            minimumRightItems: Int.random(in: -2...9, using: &random))
        let options = AppBarOptions(
            title: Bool.random(using: &random) ? "Title" : nil,
            showsSearch: Bool.random(using: &random))
        let overlays = AppBarOverlays(
            isUserTrayOpen: Bool.random(using: &random),
            isLockerOpen: Bool.random(using: &random),
            isLockerOpening: Bool.random(using: &random))
        return AppBarLayout.Input(
            session: session,
            betslip: BetslipCounter(
                value: Int.random(in: 0...40, using: &random),
                animatesChange: Bool.random(using: &random)),
            settings: settings, icons: AppBarTestBrand.icons(pot: Bool.random(using: &random) ? "pot" : nil),
            currencyCode: "AUD", options: options, overlays: overlays)
    }

    @Test("No layout has fewer right-hand items than the brand's minimum", arguments: [UInt64(1), 42, 2026])
    func neverBelowMinimum(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for run in 0..<2_000 {
            let input = randomInput(&random)
            let layout = AppBarLayout(input)
            let minimum = max(0, input.settings.minimumRightItems)
            #expect(layout.right.count >= minimum, "seed \(seed), run \(run): \(layout.right.map(\.id))")
            #expect(layout.right.last?.id == .betslip, "seed \(seed), run \(run): betslip not last")
        }
    }

    @Test("Item ids are unique in every layout", arguments: [UInt64(7), 99])
    func uniqueIDs(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for run in 0..<2_000 {
            let ids = AppBarLayout(randomInput(&random)).items.map(\.id)
            #expect(Set(ids).count == ids.count, "seed \(seed), run \(run): \(ids)")
        }
    }
}
