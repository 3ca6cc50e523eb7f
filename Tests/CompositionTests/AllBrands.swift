import BetchaBrand
import LadbrokesBrand
import LiveryCore
import NedsBrand
import TabNZBrand

/// Every brand this package ships, for tests that hold for each of them.
enum AllBrands {
    static let plugins: [any BrandPlugin] = [LadbrokesBrand(), NedsBrand(), BetchaBrand(), TabNZBrand()]
    static let ids = plugins.map(\.manifest.id.rawValue)

    static func plugin(_ id: String) -> any BrandPlugin {
        plugins.first { $0.manifest.id.rawValue == id }!
    }
}
