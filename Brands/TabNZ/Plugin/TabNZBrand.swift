import BrandDeclarations
import Foundation

/// TabNZ: everything it declares is in `brand.json` beside this file.
public enum TabNZBrand: DeclaredBrand { public static let bundle = Bundle.module }
