import AppBarFeature
import BrandDeclarations
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// What differs between two brands: one line per setting whose values
/// differ, or that one brand has and the other not.
public struct BrandDifference: Sendable, Equatable {
    /// One differing setting.
    public struct Line: Sendable, Equatable, Codable {
        /// The setting, e.g. `theme.color.primary`.
        public let setting: String
        /// Its value in the first brand, or `nil` when it has none.
        public let left: String?
        /// Its value in the second brand, or `nil` when it has none.
        public let right: String?

        /// `setting` with its two values.
        public init(setting: String, left: String?, right: String?) {
            self.setting = setting
            self.left = left
            self.right = right
        }
    }

    /// The differing settings, in the order of the first brand's settings,
    /// then those only the second has.
    public let lines: [Line]

    /// The difference from `left` to `right`.
    public init(_ left: BrandSettingLines, _ right: BrandSettingLines) {
        let rightValues = Dictionary(right.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let leftKeys = Set(left.entries.map(\.key))
        var lines: [Line] = []
        for entry in left.entries where rightValues[entry.key] != entry.value {
            lines.append(Line(setting: entry.key, left: entry.value, right: rightValues[entry.key]))
        }
        for entry in right.entries where !leftKeys.contains(entry.key) {
            lines.append(Line(setting: entry.key, left: nil, right: entry.value))
        }
        self.lines = lines
    }
}
