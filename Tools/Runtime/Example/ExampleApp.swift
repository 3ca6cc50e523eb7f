import AddressLookupFeature
import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import NedsBrand
import TabNZBrand

/// An app's head in a few lines, on Livery's public API only: it assembles a
/// brand's runtime through the composition root, holds the main-actor
/// stores, signs a person up by sending intents and reading state
/// synchronously, and prints each screen as text.
///
/// ```sh
/// swift run livery-example            # Neds, on embedded services
/// swift run livery-example tabnz
/// swift run livery-example neds --server http://127.0.0.1:8080   # live, against `livery sandbox`
/// swift run livery-example neds --own-accounts                    # live, on the app's own account service
/// ```
/// Exit status: 0 signed up, 1 the journey did not reach the next screen, 2 bad arguments.
@main
struct ExampleApp {
    @MainActor
    static func main() async {
        let (brand, server, ownAccounts) = options(Array(CommandLine.arguments.dropFirst()))

        // 1. Assemble: the brands this app ships, and one brand's runtime on a service set.
        let world = EmbeddedWorld()
        let assembled: AssembledRuntime
        do {
            assembled = try await Composition([NedsBrand.load(), TabNZBrand.load()])
                .assemble(brand, on: services(world, server: server, ownAccounts: ownAccounts))
        } catch {
            fail("\(error)", status: 2)
        }
        print("\(assembled.runtime.manifest.displayName): join form from \(assembled.origin)\n")

        // 2. Hold the stores a screen shows: its app bar and the join form.
        let bar = assembled.runtime.appBar(options: AppBarOptions(screen: "join"))
        let join: JoinFormStore
        do {
            join = try assembled.runtime.joinForm()
        } catch {
            fail("\(error)", status: 2)
        }
        bar.send(.appeared)
        print(Screen.appBar(bar.state))

        // 3. Send what a person does; read the state back at once.
        await signUp(on: join, in: assembled.runtime.market)

        // 4. The route tells the head where to go next.
        guard case .signedUp(let client)? = join.state.route else { fail("the sign-up did not complete", status: 1) }
        print("→ next screen for client \(client.clientID)")
        join.send(.routeHandled)
    }

    /// The brand, the server (`--server URL`) and whether the app brings its own accounts (`--own-accounts`).
    static func options(_ arguments: [String]) -> (brand: String, server: URL?, ownAccounts: Bool) {
        var arguments = arguments
        var server: URL?
        if let flag = arguments.firstIndex(of: "--server") {
            guard arguments.indices.contains(flag + 1), let url = URL(string: arguments[flag + 1]) else {
                fail("--server needs an address such as http://127.0.0.1:8080", status: 2)
            }
            server = url
            arguments.removeSubrange(flag...(flag + 1))
        }
        let ownAccounts = arguments.contains("--own-accounts")
        arguments.removeAll { $0 == "--own-accounts" }
        if let unknown = arguments.first(where: { $0.hasPrefix("-") }) {
            fail("unknown option \(unknown) (options: --server URL, --own-accounts)", status: 2)
        }
        return (arguments.first ?? "neds", server, ownAccounts)
    }

    /// Embedded services, the server's, or the app's own account service beside the addresses.
    static func services(_ world: EmbeddedWorld, server: URL?, ownAccounts: Bool) -> ServiceSet {
        if ownAccounts {
            // The app's own account service, beside the addresses of the embedded world (or the server's).
            let addresses: any AddressLookupService =
                server.map { .harmony(HarmonyConfiguration(baseURL: $0)) } ?? world.addresses
            return .live(
                LiveServices(
                    accounts: InMemoryAccounts(), addresses: addresses,
                    clientDetails: world.session, betslipCount: world.betslip))
        }
        guard let server else { return .embedded(world) }
        return .live(
            LiveServices(
                accounts: HTTPServiceConfiguration(baseURL: server), addresses: HarmonyConfiguration(baseURL: server),
                clientDetails: world.session, betslipCount: world.betslip))
    }

    /// What a person does to sign up, in `market`'s words (its example number,
    /// its sample address search), with each screen printed as it changes.
    @MainActor
    static func signUp(on join: JoinFormStore, in market: Market) async {
        join.send(.change(.field("title"), "Mx"))
        for (field, text) in [
            ("firstName", "Alex"), ("lastName", "Citizen"), ("dateOfBirth", "01022000"),
            ("email", "alex@example.com"), ("mobile", market.mobile.example),
        ] {
            join.send(.focus(.field(FieldName(field))))
            join.send(.change(.field(FieldName(field)), text))
        }
        join.send(.next)
        print(Screen.join(join.state))
        join.send(.continue)
        await join.settle()  // the continue walk, and any check it waits for

        join.send(.focus(.field("address")))
        join.send(.change(.field("address"), market.address.sampleSearch))
        join.send(.address(.submit))  // return: search now
        await join.settle()
        print(Screen.join(join.state))
        if let first = join.state.address?.suggestions.first {
            join.send(.address(.select(id: first.id)))
            await join.settle()
        }
        join.send(.focus(.field("username")))
        join.send(.change(.field("username"), "example_\(Int.random(in: 1000...9999))"))
        join.send(.focus(.field("password")))
        join.send(.change(.field("password"), "Correct-Horse-9"))
        join.send(.unfocus)
        if join.state.depositLimit?.isRequired == true { join.send(.chooseDepositLimit(.declined)) }
        await join.settle()  // the username check
        print(Screen.join(join.state))
        join.send(.continue)
        print(Screen.join(join.state))  // loading while the client is created
        await join.settle()
        print(Screen.join(join.state))
    }

    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(status)
    }
}

/// Screens drawn as text from state alone, the way any head draws them.
enum Screen {
    static func appBar(_ state: AppBarState) -> String {
        func draw(_ items: [AppBarItem]) -> String {
            items.filter { $0.content != .spacer }.map { item in
                var text = item.id.rawValue
                if case .counter(let counter) = item.content { text += " (\(counter.value))" }
                if case .balance(let amount, let currency) = item.content { text += " \(currency) \(amount)" }
                if let badge = item.badge { text += " •\(badge.count)" }
                return text
            }.joined(separator: "  ")
        }
        return "┌ app bar: \(draw(state.layout.left)) | \(draw(state.layout.centre)) | \(draw(state.layout.right))\n"
    }

    static func join(_ state: JoinState) -> String {
        var lines = ["┌ \(state.page.name)  \(progress(state.progress))"]
        for row in state.rows {
            let columns = row.map { field -> String in
                let focus = state.focus == .field(field.name) ? "▸" : " "
                let busy = field.isValidating ? " …" : ""
                let messages = field.messages.isEmpty ? "" : " — " + field.messages.joined(separator: "; ")
                return
                    "\(focus)\(field.name): \(field.displayValue.isEmpty ? "·" : field.displayValue) [\(field.status.kind)]\(busy)\(messages)"
            }
            lines.append("│ " + columns.joined(separator: "   "))
        }
        if let address = state.address, address.isListVisible {
            lines += address.suggestions.prefix(3).map { "│     ↳ \($0.text)" }
        }
        if let keyboard = state.keyboardAction { lines.append("│ keyboard: \(keyboard.rawValue)") }
        let action = state.callToAction
        lines.append(
            "└ [\(action.showsProgress ? "⏳" : action.purpose.rawValue)]\(action.isEnabled ? "" : " (disabled)")")
        if let alert = state.alert {
            lines.append("  ⚠ \(alert.title): \(alert.message) \(alert.actions.map(\.title))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func progress(_ share: Double) -> String {
        let filled = Int((share * 10).rounded())
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 10 - filled)
            + "] \(Int((share * 100).rounded()))%"
    }
}
