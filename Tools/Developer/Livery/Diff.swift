import ArgumentParser
import Foundation
import LiveryConsole
import LiveryWorkshop

extension Livery {
    /// `livery diff <brand> <brand>`: every setting that differs between two brands.
    struct Diff: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show every setting, theme token, message, flag default and form difference between two brands.",
            discussion:
                "One line each: the setting, its value in the first brand, →, its value in the second (— where a brand has none). Exit status: 0 (whether or not they differ), 2 bad input."
        )

        @Argument(help: "The first brand, e.g. ladbrokes.")
        var left: String

        @Argument(help: "The second brand, e.g. neds.")
        var right: String

        @Flag(help: "Print a JSON list of {setting, left, right} instead.")
        var json = false

        @OptionGroup var output: OutputOptions

        func run() async throws {
            let composition = try Livery.composition()
            let first = try Livery.configuration(left, in: composition)
            let second = try Livery.configuration(right, in: composition)
            let difference = BrandDifference(BrandSettingLines(first), BrandSettingLines(second))
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                FileHandle.standardOutput.write(try encoder.encode(difference.lines))
                print()
                return
            }
            let terminal = output.terminal
            print(terminal.bold("\(first.id) → \(second.id)") + ": \(difference.lines.count) settings differ")
            let width = difference.lines.map(\.setting.count).max() ?? 0
            for line in difference.lines {
                let setting = line.setting.padding(toLength: width, withPad: " ", startingAt: 0)
                print("\(setting)  \(terminal.red(line.left ?? "—")) → \(terminal.green(line.right ?? "—"))")
            }
        }
    }
}
