import AsyncHTTPClient
import Foundation
import LiveryConsole
import NIOCore
import NIOHTTP1

/// Headless Chromium driven over WebDriver (Debian's `chromium` and
/// `chromium-driver`): one browser and one page, resized and reused for
/// every picture, so a gallery starts a browser once.
final class Chromium: @unchecked Sendable {
    // @unchecked: every property is set in `init` and never changed; the driver process is ended once, in `close`.
    private let driver: Process
    private let logs: URL
    private let base: URL
    private let session: String
    /// The browser's version and the fonts it draws with, `Chromium 156.0.8078.108, DejaVu 2.37-6`.
    let drawnWith: String

    /// The drivers looked for on the `PATH`, in order.
    static let drivers = ["chromedriver", "chromium-driver"]
    /// The browsers looked for on the `PATH`, in order.
    static let browsers = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    /// The folder of the fonts every picture is drawn with, and the Debian package that installs it: the
    /// browser sees these fonts and no others, so a machine's other fonts never change a picture.
    static let fonts = (folder: "/usr/share/fonts/truetype/dejavu", package: "fonts-dejavu-core")

    /// Starts the driver and a headless browser with one page.
    /// - Throws: ``GalleryError`` when Chromium, its driver or the fonts are not installed, or the browser does not
    ///   start within 30 seconds.
    init() async throws(GalleryError) {
        guard let driverPath = Self.find(Self.drivers), let browser = Self.find(Self.browsers) else {
            throw GalleryError(
                description:
                    "drawing needs headless Chromium and its WebDriver: install them (Debian: apt install chromium chromium-driver); looked for \((Self.drivers + Self.browsers).joined(separator: ", ")) on PATH"
            )
        }
        guard FileManager.default.fileExists(atPath: Self.fonts.folder + "/DejaVuSans.ttf") else {
            throw GalleryError(
                description:
                    "drawing needs the DejaVu fonts in \(Self.fonts.folder): install them (Debian: apt install \(Self.fonts.package))"
            )
        }
        logs = FileManager.default.temporaryDirectory.appendingPathComponent("chromedriver-\(UUID().uuidString)")
        let fontConfiguration = logs.appendingPathComponent("fonts.conf")
        do {
            try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
            try Data(Self.fontConfiguration(cache: logs.appendingPathComponent("font-cache")).utf8).write(
                to: fontConfiguration)
        } catch {
            throw GalleryError(description: "the browser's font settings could not be written: \(error)")
        }
        let log = logs.appendingPathComponent("driver.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        driver = Process()
        driver.executableURL = driverPath
        driver.arguments = ["--port=0"]
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = fontConfiguration.path
        driver.environment = environment
        driver.standardInput = FileHandle.nullDevice
        do {
            let handle = try FileHandle(forWritingTo: log)
            driver.standardOutput = handle
            driver.standardError = handle
            try driver.run()
        } catch {
            try? FileManager.default.removeItem(at: logs)
            throw GalleryError(description: "\(driverPath.lastPathComponent) could not start: \(error)")
        }
        var port: Int?
        let deadline = ContinuousClock.now + .seconds(30)
        while port == nil, ContinuousClock.now < deadline, driver.isRunning {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            port = Self.port(in: text)
            if port == nil { try? await Task.sleep(for: .milliseconds(50)) }
        }
        guard let port else {
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            driver.terminate()
            try? FileManager.default.removeItem(at: logs)
            throw GalleryError(
                description: "\(driverPath.lastPathComponent) did not start within 30 s: \(said.suffix(300))")
        }
        base = URL(string: "http://127.0.0.1:\(port)")!
        // Frames as fast as the machine draws them, not 60 a second: each picture waits for two frames, and the
        // pixels are the same either way.
        let options = NewSession.Options(
            binary: browser.path,
            args: [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                "--force-device-scale-factor=1", "--font-render-hinting=none", "--disable-lcd-text",
                "--force-color-profile=srgb", "--disable-frame-rate-limit", "--disable-gpu-vsync",
            ])
        do {
            let started: Started = try await Self.call(base, "POST", "/session", NewSession(options: options))
            session = started.sessionId
            drawnWith =
                "Chromium \(started.capabilities?.browserVersion ?? "of an unknown version"), "
                + "fonts from \(Self.fonts.package) \(Self.packageVersion(Self.fonts.package) ?? "(version unknown)")"
        } catch {
            driver.terminate()
            try? FileManager.default.removeItem(at: logs)
            throw error
        }
    }

    /// Ends the browser and its driver.
    func close() async {
        let _: Empty? = try? await Self.call(base, "DELETE", "/session/\(session)", Empty?.none)
        // The driver's own way to end; it does not always heed SIGTERM.
        let _: Empty? = try? await Self.call(base, "GET", "/shutdown", Empty?.none)
        let driver = self.driver
        let pid = driver.processIdentifier
        if driver.isRunning { driver.terminate() }
        // Killed if it has not ended in five seconds; waited for on a thread of its own, so the caller's
        // executor (the main actor's) is never held.
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 5, execute: watchdog)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                driver.waitUntilExit()
                continuation.resume()
            }
        }
        watchdog.cancel()
        try? FileManager.default.removeItem(at: logs)
    }

    /// Makes the page's viewport `width` × `height` CSS pixels.
    func resize(width: Int, height: Int) async throws(GalleryError) {
        try await command("POST", "/window/rect", Rect(width: width, height: height))
        // The window's frame may take some of the size: grow it by what the viewport lacks.
        let inner: [Int] = try await run("return [window.innerWidth, window.innerHeight];")
        if inner.count == 2, inner != [width, height] {
            try await command(
                "POST", "/window/rect", Rect(width: 2 * width - inner[0], height: 2 * height - inner[1]))
        }
    }

    /// Opens `url` in the page and waits for it to load.
    func open(_ url: URL) async throws(GalleryError) {
        try await command("POST", "/url", Navigation(url: url.absoluteString))
    }

    /// Runs `script` in the page with `arguments` and returns what it returns.
    func run<Value: Decodable>(_ script: String, _ arguments: [String] = []) async throws(GalleryError) -> Value {
        try await command("POST", "/execute/sync", Script(script: script, args: arguments))
    }

    /// Runs `script`, which calls its last argument when done, and returns what it passed.
    func runAsync<Value: Decodable>(_ script: String, _ arguments: [String] = []) async throws(GalleryError)
        -> Value
    {
        try await command("POST", "/execute/async", Script(script: script, args: arguments))
    }

    /// The page's viewport as a PNG.
    func screenshot() async throws(GalleryError) -> Data {
        let text: String = try await Self.call(base, "GET", "/session/\(session)/screenshot", Empty?.none)
        guard let png = Data(base64Encoded: text) else {
            throw GalleryError(description: "the browser gave no picture")
        }
        return png
    }

    private func command(_ method: String, _ path: String, _ body: some Encodable) async throws(GalleryError) {
        let _: Empty? = try await Self.call(base, method, "/session/\(session)\(path)", body)
    }

    private func command<Value: Decodable>(_ method: String, _ path: String, _ body: some Encodable)
        async throws(GalleryError) -> Value
    {
        try await Self.call(base, method, "/session/\(session)\(path)", body)
    }

    /// A WebDriver call: the answer's `value`, or its error as a ``GalleryError``.
    private static func call<Value: Decodable>(
        _ base: URL, _ method: String, _ path: String, _ body: (some Encodable)?
    ) async throws(GalleryError) -> Value {
        // Through AsyncHTTPClient: the driver writes headers without a space after the colon, which
        // URLSession on Linux does not read.
        var request = HTTPClientRequest(url: base.appendingPathComponent(path).absoluteString)
        request.method = HTTPMethod(rawValue: method)
        let data: Data
        do {
            if let body {
                request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
                request.headers.add(name: "Content-Type", value: "application/json")
            }
            let answer = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
            data = Data(try await answer.body.collect(upTo: 64 << 20).readableBytesView)
        } catch {
            throw GalleryError(description: "the browser did not answer \(path): \(error)")
        }
        if let refusal = try? JSONDecoder().decode(Answer<Refusal>.self, from: data).value {
            throw GalleryError(description: "the browser refused \(path): \(refusal.error): \(refusal.message)")
        }
        do {
            return try JSONDecoder().decode(Answer<Value>.self, from: data).value
        } catch {
            throw GalleryError(
                description:
                    "the browser's answer to \(path) did not read: \(String(decoding: data.prefix(300), as: UTF8.self))"
            )
        }
    }

    // MARK: The protocol's messages

    private struct Answer<Value: Decodable>: Decodable {
        let value: Value
    }

    private struct Refusal: Decodable {
        let error: String
        let message: String
    }

    private struct Empty: Codable {}

    private struct NewSession: Encodable {
        struct Options: Encodable {
            let binary: String
            let args: [String]
        }
        let options: Options

        func encode(to encoder: any Encoder) throws {
            struct Always: Encodable {
                let browserName = "chrome"
                let options: Options
                enum CodingKeys: String, CodingKey {
                    case browserName
                    case options = "goog:chromeOptions"
                }
            }
            struct Capabilities: Encodable { let alwaysMatch: Always }
            struct Body: Encodable { let capabilities: Capabilities }
            try Body(capabilities: Capabilities(alwaysMatch: Always(options: options))).encode(to: encoder)
        }
    }

    private struct Started: Decodable {
        struct Capabilities: Decodable {
            let browserVersion: String?
        }
        let sessionId: String
        let capabilities: Capabilities?
    }

    private struct Rect: Encodable {
        let width: Int
        let height: Int
    }

    private struct Navigation: Encodable {
        let url: String
    }

    private struct Script: Encodable {
        let script: String
        let args: [String]
    }

    /// A fontconfig file that offers the browser only ``fonts``' folder, caching in `cache`.
    static func fontConfiguration(cache: URL) -> String {
        """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <dir>\(fonts.folder)</dir>
          <cachedir>\(cache.path)</cachedir>
          <config><rescan><int>0</int></rescan></config>
        </fontconfig>
        """
    }

    /// The installed version of the Debian package `name`, if `dpkg-query` knows it.
    static func packageVersion(_ name: String) -> String? {
        guard
            let run = try? ChildProcess.run(
                ["dpkg-query", "--show", "--showformat=${Version}", name], limit: .seconds(20)),
            run.succeeded, !run.output.isEmpty, run.output.count <= 100
        else { return nil }
        return run.output
    }

    /// The port in the driver's "started successfully on port N" line.
    static func port(in text: String) -> Int? {
        guard let range = text.range(of: "started successfully on port ") else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }

    /// The first of `names` found as an executable on the `PATH`.
    static func find(_ names: [String]) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for folder in path.split(separator: ":") {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }
}
