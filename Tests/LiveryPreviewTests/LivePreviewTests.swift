import BrandDeclarations
import Foundation
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import LiveryComposition
import LiveryScenarios
import LiveryTesting
import Logging
import NedsBrand
import Testing

@testable import LiveryPreview

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A preview server on a free loopback port, as the page sees it: its WebSocket and its pages, through
/// Hummingbird's live test client.
struct PreviewClient: Sendable {
    let client: any TestClientProtocol

    /// The port the preview listens on, for the tests that speak to it byte by byte.
    var port: Int { client.port ?? 0 }

    /// Opens the WebSocket at `path` (HummingbirdWSTesting) and runs `body` with it; the socket closes after.
    func ws(_ path: String, _ body: @escaping @Sendable (PreviewSocket) async throws -> Void) async throws {
        try await client.ws(path, logger: Logger(label: "preview-test") { _ in SwiftLogNoOpLogHandler() }) {
            inbound, outbound, _ in
            try await body(PreviewSocket(inbound: inbound, outbound: outbound))
        }
    }

    /// `GET path`: the status and the body as text.
    func get(_ path: String) async throws -> (status: Int, body: String) {
        let response = try await client.execute(uri: path, method: .get)
        return (Int(response.status.code), String(buffer: response.body))
    }
}

/// A page's WebSocket as a test holds it: text messages each way; the preview's pings are answered by the
/// client underneath.
final class PreviewSocket: @unchecked Sendable {
    // @unchecked: the iterator, the only mutable state, is advanced only by `receive`, which the one test
    // holding the socket awaits before it reads again.
    private var messages: WebSocketInboundMessageStream.AsyncIterator
    private let outbound: WebSocketOutboundWriter

    init(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) {
        messages = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
        self.outbound = outbound
    }

    /// The next text message, or `nil` once the preview has closed the socket.
    func receive() async throws -> String? {
        while let message = try await messages.next() {
            if case .text(let text) = message { return text }
        }
        return nil
    }

    /// Sends `text` as one text message.
    func send(_ text: String) async throws {
        try await outbound.write(.text(text))
    }
}

/// A preview application on a free port, recordings going to a temporary
/// folder, as `configure` sets it up, keeping its sessions in `sessions`.
func withPreview(
    composition: Composition? = nil, configure: (inout PreviewConfiguration) -> Void = { _ in },
    sessions: PreviewSessions = PreviewSessions(),
    _ body: @escaping @Sendable (PreviewClient, URL) async throws -> Void
) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-preview-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var configuration = PreviewConfiguration(port: 0, scenarioFolder: folder)
    configure(&configuration)
    let app = try Preview.application(
        composition: composition ?? Composition(packageBrands()),
        configuration: configuration,
        logger: Logger(label: "preview-test") { _ in SwiftLogNoOpLogHandler() },
        sessions: sessions, onListening: { _ in })
    // A bound on the whole exchange, so a test that waits for a screen that never comes fails instead of hanging.
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await app.test(.live) { client in try await body(PreviewClient(client: client), folder) } }
        group.addTask {
            try await ContinuousClock().sleep(for: PreviewTestTimeout.bound)
            throw PreviewTestTimeout()
        }
        // The body's task ends first unless the server fails or the bound passes.
        try await group.next()
        group.cancelAll()
    }
}

/// A live preview test that took longer than its bound.
struct PreviewTestTimeout: Error, CustomStringConvertible {
    /// How long one may take: a guard against a hang, not a measure of speed
    /// (the studio's test runs a brand's every scenario, which takes tens of
    /// seconds while the rest of the suite shares the cores).
    static let bound = Duration.seconds(120)

    var description: String { "the preview test did not finish within \(Self.bound)" }
}

/// What a test reads of a message from the server: an error, or a screen.
struct Sent: Sendable {
    struct Field: Decodable, Sendable {
        let id: String
        let status: String
        let display: String
        let messages: [String]
    }
    struct Join: Decodable, Sendable {
        let page: String
        let rows: [[String]]
        let focus: String?
        let fields: [Field]
    }
    struct Item: Decodable, Sendable {
        let id: String
        let text: String?
        let badge: Int?
    }
    struct Bar: Decodable, Sendable {
        let signedIn: Bool
        let right: [Item]
    }
    struct Recorder: Decodable, Sendable {
        let recording: Bool
        let steps: Int
        let text: String
        let saved: String?
    }
    /// The sections a screen message carries: those that changed.
    struct Sections: Decodable, Sendable {
        let brand: String
        let join: Join?
        let appBar: Bar?
        let recorder: Recorder?
    }
    /// The whole screen, as the page keeps it.
    struct Page: Sendable {
        let brand: String
        let join: Join
        let appBar: Bar
        let recorder: Recorder
    }
    struct Message: Decodable, Sendable {
        let type: String
        let message: String?
        let screen: Sections?
    }
    let type: String
    let message: String?
    let screen: Page?

    func field(_ id: String) -> Field? { screen?.join.fields.first { $0.id == id } }
}

/// The server's messages, read in order; screens merged section by section as the page does.
final class Received {
    private let socket: PreviewSocket
    private var page: Sent.Page?

    init(_ socket: PreviewSocket) {
        self.socket = socket
    }

    /// The next message `done` accepts; fails after 200 messages without one.
    func next(_ done: (Sent) -> Bool) async throws -> Sent {
        for _ in 0..<200 {
            guard let text = try await socket.receive() else { break }
            guard let message = try? JSONDecoder().decode(Sent.Message.self, from: Data(text.utf8)) else { continue }
            if let sections = message.screen {
                guard let join = sections.join ?? page?.join, let bar = sections.appBar ?? page?.appBar,
                    let recorder = sections.recorder ?? page?.recorder
                else { continue }
                page = Sent.Page(brand: sections.brand, join: join, appBar: bar, recorder: recorder)
            }
            let sent = Sent(type: message.type, message: message.message, screen: message.screen == nil ? nil : page)
            if done(sent) { return sent }
        }
        Issue.record("no message was as expected")
        return Sent(type: "none", message: nil, screen: nil)
    }

    /// The next error message's text.
    func error() async throws -> String { try await next { $0.type == "error" }.message ?? "" }
}

@Suite("The preview over a real WebSocket: the page's messages drive the engines, screens come back")
struct LivePreviewTests {
    @Test("the first screen is the brand's first page; focus, typing and next come back as the engine's state")
    func typing() async throws {
        try await withPreview { client, _ in
            try await client.ws("/ws?brand=neds") { socket in
                let received = Received(socket)
                let first = try await received.next { $0.screen?.brand == "neds" }
                #expect(first.screen?.join.page == "details")
                #expect(first.screen?.join.rows.first == ["title", "firstName"])
                try await socket.send(#"{"type":"focus","input":"firstName"}"#)
                try await socket.send(#"{"type":"change","input":"firstName","value":"Alex"}"#)
                try await socket.send(#"{"type":"next"}"#)
                let moved = try await received.next { $0.screen?.join.focus == "lastName" }
                #expect(moved.field("firstName")?.status == "valid")
                #expect(moved.field("firstName")?.display == "Alex")
                try await socket.send(#"{"type":"focus","input":"email"}"#)
                try await socket.send(#"{"type":"change","input":"email","value":"not-an-email"}"#)
                try await socket.send(#"{"type":"focus","input":"mobile"}"#)
                let checked = try await received.next { $0.field("email")?.status == "invalid" }
                #expect(checked.field("email")?.messages.isEmpty == false)
            }
        }
    }

    @Test("a brand in Great Britain, a market that is only data: its numbers grouped and its balance in pounds")
    func britishBrand() async throws {
        let neds = try #require(try packageBrands().first { $0.manifest.id.rawValue == "neds" })
        let britbet = try neds.moved(to: .greatBritain, id: "britbet", name: "Britbet")
        try await withPreview(composition: try Composition(packageBrands() + [britbet])) { client, _ in
            try await client.ws("/ws?brand=britbet") { socket in
                let received = Received(socket)
                _ = try await received.next { $0.screen?.brand == "britbet" }
                try await socket.send(#"{"type":"focus","input":"mobile"}"#)
                try await socket.send(#"{"type":"change","input":"mobile","value":"07700900123"}"#)
                try await socket.send(#"{"type":"focus","input":"email"}"#)
                let typed = try await received.next { $0.field("mobile")?.status == "valid" }
                #expect(typed.field("mobile")?.display == "07700 900123")
                try await socket.send(#"{"type":"signIn","balance":"125.50","pendingBets":0,"promotionsBalance":0}"#)
                let signedIn = try await received.next { $0.screen?.appBar.signedIn == true }
                #expect(signedIn.screen?.appBar.right.contains { $0.text == "£125.50" } == true)
            }
        }
    }

    @Test("a bad message is answered with an error naming it, and changes nothing")
    func badMessages() async throws {
        try await withPreview { client, _ in
            try await client.ws("/ws?brand=tabnz") { socket in
                let received = Received(socket)
                _ = try await received.next { $0.screen?.brand == "tabnz" }
                try await socket.send(#"{"type":"focs","input":"email"}"#)
                #expect(try await received.error().contains("did you mean 'focus'?"))
                try await socket.send(#"{"type":"focus","input":"emial"}"#)
                #expect(try await received.error().contains("unknown input 'emial' (did you mean 'email'?)"))
                try await socket.send(#"{"type":"signUp"}"#)
                #expect(try await received.error() == "the call to action is continue, not sign-up")
            }
        }
    }

    @Test("the side panel signs in and sets the betslip: the app bar follows, with the brand's badges")
    func appBar() async throws {
        try await withPreview { client, _ in
            try await client.ws("/ws?brand=ladbrokes") { socket in
                let received = Received(socket)
                _ = try await received.next { $0.screen?.appBar.signedIn == false }
                try await socket.send(#"{"type":"signIn","balance":"125.50","pendingBets":2,"promotionsBalance":3}"#)
                try await socket.send(#"{"type":"betslip","count":4}"#)
                let signedIn = try await received.next { sent in
                    sent.screen?.appBar.right.contains { $0.id == "betslip" && $0.text == "4" } == true
                }
                let right = signedIn.screen?.appBar.right ?? []
                #expect(right.first { $0.id == "locker" }?.badge == 3)
                #expect(right.first { $0.id == "pendingBets" }?.badge == 2)
            }
        }
    }

    @Test("a recording saved from the page is a scenario file that replays green with the runner")
    @MainActor
    func recording() async throws {
        try await withPreview { client, folder in
            try await client.ws("/ws?brand=neds") { socket in
                let received = Received(socket)
                _ = try await received.next { $0.screen?.brand == "neds" }
                for message in [
                    #"{"type":"signIn","balance":"10","pendingBets":1,"promotionsBalance":0}"#,
                    #"{"type":"record","on":true}"#,
                    #"{"type":"focus","input":"firstName"}"#, #"{"type":"change","input":"firstName","value":"Al"}"#,
                    #"{"type":"change","input":"firstName","value":"Alex"}"#, #"{"type":"next"}"#,
                    #"{"type":"change","input":"lastName","value":"Lee"}"#, #"{"type":"next"}"#,
                    #"{"type":"change","input":"title","value":"Mx"}"#,
                    #"{"type":"change","input":"email","value":"bad"}"#, #"{"type":"unfocus"}"#,
                    #"{"type":"continue"}"#, #"{"type":"mark"}"#,
                    #"{"type":"save","name":"91-recorded.yaml"}"#,
                ] {
                    try await socket.send(message)
                }
                let saved = try await received.next { $0.screen?.recorder.saved != nil }
                let text = saved.screen?.recorder.text ?? ""
                #expect(text.contains("type: { firstName: \"Alex\" }") && !text.contains("\"Al\" }"))
                #expect(text.contains("signedIn: { balance: 10, pendingBets: 1, promotionsBalance: 0 }"))
                #expect(text.contains("choose: { title: \"Mx\" }") && text.contains("- tap: continue"))
                #expect(
                    text.contains("focus: dateOfBirth") && text.contains("dateOfBirth: invalid"),
                    "continue stops at the first field left wrong")
            }
            let file = folder.appendingPathComponent("neds/91-recorded.yaml")
            #expect(FileManager.default.fileExists(atPath: file.path))
            let result = try await ScenarioRunner(composition: Composition(packageBrands())).run(
                file: file.path, brand: "neds")
            #expect(result.passed, "\(result.failure.map { String(describing: $0) } ?? "")")
        }
    }

    @Test("an empty recording is never saved: Save says a step is needed, and saves once one is recorded")
    @MainActor
    func emptyRecording() async throws {
        try await withPreview { client, folder in
            try await client.ws("/ws?brand=neds") { socket in
                let received = Received(socket)
                _ = try await received.next { $0.screen?.brand == "neds" }
                try await socket.send(#"{"type":"record","on":true}"#)
                let started = try await received.next { $0.screen?.recorder.recording == true }
                #expect(started.screen?.recorder.steps == 0)
                try await socket.send(#"{"type":"save","name":"92-empty.yaml"}"#)
                #expect(try await received.error().contains("a scenario needs at least one step"))
                let path = folder.appendingPathComponent("neds/92-empty.yaml").path
                #expect(!FileManager.default.fileExists(atPath: path))
                try await socket.send(#"{"type":"continue"}"#)
                try await socket.send(#"{"type":"save","name":"92-empty.yaml"}"#)
                _ = try await received.next { $0.screen?.recorder.saved != nil }
            }
            let file = folder.appendingPathComponent("neds/92-empty.yaml")
            let result = try await ScenarioRunner(composition: Composition(packageBrands())).run(
                file: file.path, brand: "neds")
            #expect(result.steps.count == 1, "one step: tap continue")
        }
    }

    @Test(
        "hostile ids and text are never written as more steps: an app-bar item not on the bar is refused, odd field names and text are quoted, and the file replays green"
    )
    func hostileRecording() async throws {
        let fieldName = "promo: \"x\" # y\n- tap: signUp"
        let typed = "a\"b\n  - signOut # c\u{2028}d"
        let field = JSONValue.object([
            ("name", .string(fieldName)), ("inputType", .string("Text")),
            ("validate", .object([("mandatory", .bool(false))])),
        ])
        guard case .object(var members) = try NedsBrand.load().fileDocument() else {
            Issue.record("a brand file is an object")
            return
        }
        members = members.map { member in
            switch member.key {
            case "id": (member.key, .string("hostile"))
            case "name": (member.key, .string("Hostile"))
            default: member
            }
        }
        members.append(
            ("joinForm", .object([("addFields", .array([.object([("after", .string("mobile")), ("field", field)])]))])))
        let plugin = try BrandDefinition.read(
            json: Data(JSONValue.object(members).formatted().utf8), file: "hostile.json",
            folder: .files(NedsBrand.load().companionFiles))
        let composition = try Composition([plugin])
        try await withPreview(composition: composition) { client, folder in
            try await client.ws("/ws?brand=hostile") { socket in
                let received = Received(socket)
                _ = try await received.next { $0.screen?.brand == "hostile" }
                try await socket.send(#"{"type":"record","on":true}"#)
                try await socket.send(#"{"type":"appBarTap","item":"login\n  - signOut"}"#)
                #expect(try await received.error().contains("the app bar shows no item"))
                let messages: [[String: String]] = [
                    ["type": "focus", "input": fieldName], ["type": "change", "input": fieldName, "value": typed],
                    ["type": "unfocus"], ["type": "appBarTap", "item": "login"], ["type": "mark"],
                    ["type": "save", "name": "93-hostile.yaml"],
                ]
                for message in messages {
                    try await socket.send(String(decoding: try JSONEncoder().encode(message), as: UTF8.self))
                }
                let saved = try await received.next { $0.screen?.recorder.saved != nil }
                let text = saved.screen?.recorder.text ?? ""
                let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(
                    !lines.contains { $0.hasPrefix("- signOut") || $0.hasPrefix("- tap: signUp") },
                    "no hostile line of its own:\n\(text)")
                #expect(text.contains("tapAppBar: login"))
            }
            let file = folder.appendingPathComponent("hostile/93-hostile.yaml")
            let result = try await ScenarioRunner(composition: composition).run(file: file.path, brand: "hostile")
            #expect(result.passed, "\(result.failure.map { String(describing: $0) } ?? "")")
            let steps = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter {
                $0.hasPrefix("  - ")
            }
            #expect(steps.count == 5, "focus, type, unfocus, tapAppBar and expect: \(steps)")
        }
    }

    @Test("a name that would leave the scenario folder, or a file that exists, is refused")
    func saveRefusals() async throws {
        try await withPreview { client, folder in
            try await client.ws("/ws?brand=neds") { socket in
                let received = Received(socket)
                _ = try await received.next { $0.screen?.brand == "neds" }
                try await socket.send(#"{"type":"save","name":"x.yaml"}"#)
                #expect(try await received.error() == "start recording first")
                try await socket.send(#"{"type":"record","on":true}"#)
                try await socket.send(#"{"type":"continue"}"#)
                for name in ["../../escape.yaml", "/etc/x.yaml", "x.txt", ".hidden.yaml"] {
                    try await socket.send(#"{"type":"save","name":"\#(name)"}"#)
                    #expect(try await received.error().contains("a scenario file name is"))
                }
                try await socket.send(#"{"type":"save","name":"92-once.yaml"}"#)
                _ = try await received.next { $0.screen?.recorder.saved != nil }
                try await socket.send(#"{"type":"save","name":"92-once.yaml"}"#)
                #expect(try await received.error().contains("exists already"))
            }
            let written = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            #expect(written.sorted() == ["neds", "neds/92-once.yaml"])
        }
    }

    @Test("pages, theme CSS from the design tokens, and a 404 naming the known brands")
    func pages() async throws {
        try await withPreview { client, _ in
            let css = try await client.get("/brand/neds/theme.css").body
            #expect(css.contains("--color-primary: #ff7800;"))
            #expect(
                css.contains(
                    "--typography-body-font-family: \"Neds Grotesk\", \"Arial Black\", \"Helvetica Neue\", \"DejaVu Sans\", sans-serif;"
                ), "the brand's font stack, its generic family last")
            #expect(css.contains("--color-focus-ring: #c05600;"))
            let logo = try #require(css.firstRange(of: "--logo-image: url(\"data:image/svg+xml;base64,"))
            let encoded = css[logo.upperBound...].prefix { $0 != "\"" }
            let svg = try String(decoding: #require(Data(base64Encoded: String(encoded))), as: UTF8.self)
            #expect(svg == (try NedsBrand.load().theme.logo?.svg), "the logo from Neds' logo.svg")
            let named = try await client.get("/brand/neds").body
            #expect(named.contains("window.liveryBrandName = \"Neds\";"))
            #expect(css.contains("--spacing-m: 16px;"))
            #expect(css.contains("--icon-pot: \"neds.icon.pot\";"))
            let unknown = try await client.get("/brand/nope")
            #expect(unknown.status == 404)
            #expect(unknown.body.contains("known brands: betcha, ladbrokes, neds, tabnz"))
            let page = try await client.get("/brand/tabnz")
            #expect(page.status == 200)
            #expect(page.body.contains("/assets/preview.js"))
        }
    }
}
