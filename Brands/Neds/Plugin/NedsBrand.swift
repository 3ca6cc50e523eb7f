import BrandDeclarations
import Foundation

/// Neds: everything it declares is in `brand.json` beside this file.
public enum NedsBrand: DeclaredBrand { public static let bundle = Bundle.module }
