import BrandDeclarations
import Foundation

/// Betcha: everything it declares is in `brand.json` beside this file.
public enum BetchaBrand: DeclaredBrand { public static let bundle = Bundle.module }
