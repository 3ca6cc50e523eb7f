import AddressLookupFeature
import Foundation
import Hummingbird
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiverySandbox
import Logging
import Testing

/// A runtime assembled on live services — real HTTP to a server on loopback,
/// the wall clock — through the same composition root as every other entry point.
@Suite("Live runtime on a real server", .serialized, .timeLimit(.minutes(2)))
@MainActor
struct LiveRuntimeTests {
    private func live(_ server: URL, definition: DefinitionPolicy = .server, ledger: ClientLedger? = nil) -> LiveServices {
        LiveServices(accounts: HTTPServiceConfiguration(baseURL: server, timeout: .seconds(10)),
                     addresses: HarmonyConfiguration(baseURL: server), definition: definition, ledger: ledger)
    }

    private func type(_ text: String, into input: InputID, on join: JoinFormStore) {
        join.send(.focus(input))
        join.send(.change(input, text))
        join.send(.unfocus)
    }

    /// Fills Neds' two pages with valid details, an address chosen from the
    /// server's suggestions, up to the last continue.
    private func fillSignUp(_ join: JoinFormStore, username: String) async {
        join.send(.change(.field("title"), "Mx"))
        for (field, text) in [("firstName", "Alex"), ("lastName", "Citizen"), ("dateOfBirth", "01022000"),
                              ("email", "\(username)@example.com"), ("mobile", "0412345678")] {
            type(text, into: .field(FieldName(field)), on: join)
        }
        join.send(.continue)
        await join.settle()
        #expect(join.state.page.name == "account")
        join.send(.focus(.field("address")))
        join.send(.change(.field("address"), "12 Smith Street Collingwood"))
        join.send(.address(.submit))                 // return searches at once, without the debounce
        await join.settle()
        guard let first = join.state.address?.suggestions.first else {
            Issue.record("no address suggestions")
            return
        }
        join.send(.address(.select(id: first.id)))
        await join.settle()
        #expect(join.state.field("address")?.status == .valid)
        type(username, into: .field("username"), on: join)
        type("Correct-Horse-9", into: .field("password"), on: join)
        join.send(.chooseDepositLimit(.declined))
        await join.settle()
        #expect(join.state.field("username")?.status == .valid)
    }

    @Test("a create-client slower than the retry budget: the alert appears when the budget runs out, values kept")
    func timeOutHolds() async throws {
        let plan = try FaultPlan.parse(faults: [], latencies: ["create-client=6s"])
        try await SandboxHarness.run(faults: plan) { sandbox in
            // A second per attempt (room for the username check on a busy machine), one retry: the person waits
            // two seconds, not the server's six.
            let services = LiveServices(accounts: HTTPServiceConfiguration(baseURL: sandbox.server.baseURL, timeout: .seconds(1),
                                                                           retriesOnTimeout: 1),
                                        addresses: HarmonyConfiguration(baseURL: sandbox.server.baseURL))
            let join = try await Composition(SandboxHarness.brands).assemble("neds", on: .live(services)).runtime.joinForm()
            await fillSignUp(join, username: "slow_alex")
            let tapped = ContinuousClock.now
            join.send(.continue)
            await join.settle()
            let waited = ContinuousClock.now - tapped
            #expect(join.state.alert?.kind == .signUpFailed)
            #expect(join.state.field("username")?.displayValue == "slow_alex", "the typed values are kept")
            #expect(waited >= .seconds(2), "both attempts ran to their time-out (\(waited))")
            #expect(waited < .seconds(3), "the alert came within a second of the two-second budget (\(waited))")
        }
    }

    @Test("the definition comes from the server, and a whole sign-up through the stores creates the client there")
    func signUpOnTheServer() async throws {
        try await SandboxHarness.run { sandbox in
            let ledger = ClientLedger()
            let composition = try Composition(SandboxHarness.brands)
            let assembled = try await composition.assemble("neds", on: .live(live(sandbox.server.baseURL, ledger: ledger)))
            #expect(assembled.origin == .server)
            let join = try assembled.runtime.joinForm()
            await fillSignUp(join, username: "live_alex")
            join.send(.continue)
            await join.settle()
            guard case .signedUp(let client)? = join.state.route else {
                Issue.record("not signed up: \(String(describing: join.state.alert))")
                return
            }
            #expect(await ledger.clients.map(\.id) == [client.clientID])
            #expect(await ledger.clients.first?.fields["password"] == nil)
            let check = try await sandbox.get("/v2/client/check-username", query: ["brand": "neds", "username": "live_alex"])
            #expect(check.json["available"] as? Bool == false)
        }
    }

    @Test("a registration config that fails: the bundled definition, with the failure reported")
    func configFails() async throws {
        let plan = try FaultPlan.parse(faults: ["registration-config=500@1"], latencies: [])
        try await SandboxHarness.run(faults: plan) { sandbox in
            let assembled = try await Composition(SandboxHarness.brands)
                .assemble("tabnz", on: .live(live(sandbox.server.baseURL, definition: .serverOrBundled)))
            guard case .bundledAfterServerFailure(.definition(_, .unavailable(_, let reason))) = assembled.origin else {
                Issue.record("origin: \(assembled.origin)")
                return
            }
            #expect(reason.contains("500"))
            #expect(try assembled.runtime.joinForm().state.fields.count == 11)
        }
    }

    @Test("a registration config that does not load: the bundled definition, with the place of the problem reported")
    func configDoesNotLoad() async throws {
        let router = Router()
        router.get("v2/registration/config") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"fields": [{"name": "Nick", "inputType": "Txt"}]}"#)))
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let server = Application(router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
                                 onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) },
                                 logger: Logger(label: "config") { _ in SwiftLogNoOpLogHandler() })
        let running = Task { try await server.run() }
        defer { running.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let url = URL(string: "http://127.0.0.1:\(port)")!
        let assembled = try await Composition(SandboxHarness.brands)
            .assemble("betcha", on: .live(live(url, definition: .serverOrBundled)))
        guard case .bundledAfterServerFailure(let failure) = assembled.origin else {
            Issue.record("origin: \(assembled.origin)")
            return
        }
        #expect(failure.description.contains("'Nick'") && failure.description.contains("Txt"))
        await #expect(throws: CompositionError.self) {
            try await Composition(SandboxHarness.brands).assemble("betcha", on: .live(live(url, definition: .server)))
        }
    }
}
