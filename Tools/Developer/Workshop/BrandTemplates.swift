/// The Swift sources of a brand: the same few lines for every brand, so
/// that a brand's whole difference from another is its `brand.json`.
/// `livery new` writes them; the shipped brands' files are exactly these.
public struct BrandTemplates: Sendable {
    /// The brand's type name, e.g. `Sportsbet`.
    public let name: String

    /// The templates of the brand called `name`.
    public init(name: String) {
        self.name = name
    }

    /// The brand's id: its name in lower case.
    public var id: String { name.lowercased() }

    /// `Brands/<Name>/Plugin/<Name>Brand.swift`: the plugin, which is its `brand.json`.
    public var plugin: String {
        """
        \(imports("BrandDeclarations", "Foundation"))

        /// \(name): everything it declares is in `brand.json` beside this file.
        public enum \(name)Brand: DeclaredBrand { public static let bundle = Bundle.module }

        """
    }

    /// `Brands/<Name>/App/main.swift`: the brand's own executable.
    public var app: String {
        """
        \(imports("Foundation", "LiveryScenarios", "\(name)Brand"))

        exit(await ScenarioExecutable.main(\(name)Brand.self))

        """
    }

    /// `Tests/Brands/<Name>BrandTests/<Name>BrandTests.swift`: the brand file reads, the
    /// brand is fit to ship, and every scenario file passes.
    public var tests: String {
        """
        \(imports("LiveryScenarios", "Testing", "\(name)Brand"))

        @Suite("\(name): brand checks and scenario files") struct \(name)BrandTests {
            @Test("passes", arguments: BrandCheck.all(\(name)Brand.self)) func passes(_ check: BrandCheck) async {
                let problems = await check.problems()
                #expect(problems.isEmpty, "\\(problems)")
            }
        }

        """
    }

    /// `import` lines for `modules`, sorted as the project's formatter sorts them.
    private func imports(_ modules: String...) -> String {
        modules.sorted().map { "import \($0)" }.joined(separator: "\n")
    }

    /// Every file by its path relative to the checkout.
    public var files: [String: String] {
        [
            "Brands/\(name)/Plugin/\(name)Brand.swift": plugin, "Brands/\(name)/App/main.swift": app,
            "Tests/Brands/\(name)BrandTests/\(name)BrandTests.swift": tests,
        ]
    }
}
