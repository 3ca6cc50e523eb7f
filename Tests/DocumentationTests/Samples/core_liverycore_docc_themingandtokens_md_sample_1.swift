// Written from Core/LiveryCore.docc/ThemingAndTokens.md (the sample at line 39) by DocumentationSampleTests: edit the markdown,
// then LIVERY_WRITE_SAMPLES=1 swift test --filter DocumentationSampleTests.
// swift-format-ignore-file
import AddressLookupFeature
import AppBarFeature
import BetchaBrand
import BrandDeclarations
import Foundation
import JoinFormFeature
import LadbrokesBrand
import LiveryComposition
import LiveryCore
import LiveryWire
import NedsBrand
import TabNZBrand
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@MainActor
func core_liverycore_docc_themingandtokens_md_sample_1() async throws {
    let navy = RGBColor(red: 0x1A, green: 0x1A, blue: 0x6E)
    let palette = ColorPalette { role in
        switch role {
        case .background, .surface, .onPrimary, .onSecondary, .appBarForeground, .badgeForeground: return .white
        case .disabledText: return RGBColor(red: 0x96, green: 0x96, blue: 0x96)
        default: return navy
        }
    }
    let theme = Theme(
        name: "Example", palette: palette, typography: TypographyScale(fontFamily: "Inter"), spacing: .standard,
        icons: IconSet(assetPrefix: "example", hasPot: false))

    print(Contrast.ratio(navy, .white) >= Contrast.normalTextAA)    // true
    for failure in theme.contrastFailures() {
        print(failure)    // focusRing on appBarBackground: 1.0:1 (needs 3.0:1): the ring is as navy as the bar
    }
    let tokens = try theme.designTokensJSON()
    print(String(decoding: tokens, as: UTF8.self))
}
