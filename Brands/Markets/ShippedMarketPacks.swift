import Foundation

/// Where the market packs Livery ships are (`Packs/` beside this file, copied into the module's resources).
public enum ShippedMarketPacks {
    /// The folder of the shipped packs, or `nil` when the resources are missing.
    public static var folder: URL? { Bundle.module.url(forResource: "Packs", withExtension: nil) }
}
