import BrandDeclarations
import Foundation

/// Ladbrokes: everything it declares is in `brand.json` beside this file.
public enum LadbrokesBrand: DeclaredBrand { public static let bundle = Bundle.module }
