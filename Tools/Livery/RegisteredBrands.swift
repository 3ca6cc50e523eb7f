import BetchaBrand
import LadbrokesBrand
import LiveryCore
import NedsBrand
import TabNZBrand

/// The brands the `livery` tool registers at start-up; `livery new` adds to this list.
let registeredBrands: [any BrandPlugin] = [
    LadbrokesBrand(),
    NedsBrand(),
    BetchaBrand(),
    TabNZBrand(),
]
