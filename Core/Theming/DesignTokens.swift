import Foundation

extension Theme {
    /// The theme as a W3C Design Tokens Community Group document: groups
    /// `color` (`$type: color`, `#rrggbb`), `spacing` (`$type: dimension`,
    /// `"8px"`), `typography` (composite `$type: typography` tokens with
    /// fontFamily, fontSize, fontWeight and lineHeight) and `icon` (string
    /// tokens with the custom `$type: asset`; a missing pot icon is omitted).
    /// Keys are sorted so the output is stable.
    public func designTokensJSON() throws -> Data {
        var color: [String: Any] = [:]
        for role in ColorRole.allCases {
            color[role.rawValue] = ["$type": "color", "$value": palette[role].hexString]
        }
        var spacingGroup: [String: Any] = [:]
        for step in spacing.steps {
            spacingGroup[step.name] = ["$type": "dimension", "$value": "\(Self.points(step.points))px"]
        }
        var typographyGroup: [String: Any] = [:]
        for role in TextStyleRole.allCases {
            let style = typography[role]
            typographyGroup[role.rawValue] = ["$type": "typography", "$value": [
                "fontFamily": style.fontFamily,
                "fontSize": "\(Self.points(style.size))px",
                "fontWeight": style.weight.rawValue,
                "lineHeight": "\(Self.points(style.lineHeight))px",
            ] as [String: Any]]
        }
        var iconGroup: [String: Any] = [:]
        for role in IconRole.allCases {
            if let asset = icons[role] { iconGroup[role.rawValue] = ["$type": "asset", "$value": asset] }
        }
        let document: [String: Any] = [
            "$description": "Design tokens of the \(name) theme",
            "color": color, "spacing": spacingGroup, "typography": typographyGroup, "icon": iconGroup,
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    }

    private static func points(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}
