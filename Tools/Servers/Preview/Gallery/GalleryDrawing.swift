import Foundation
import Hummingbird
import LiveryComposition
import Logging

/// A viewport the gallery draws at, such as 390×844 (a phone) or 1280×900.
public struct GallerySize: Sendable, Hashable, CustomStringConvertible {
    /// Its width in CSS pixels.
    public let width: Int
    /// Its height in CSS pixels.
    public let height: Int

    /// The sizes drawn when none are given: a phone, then a desktop window.
    public static let standard = [GallerySize(390, 844), GallerySize(1280, 900)]
    /// The smallest and largest side drawn.
    public static let sides = 200...4000

    /// A size of `width` × `height`, each within ``sides``.
    public init?(width: Int, height: Int) {
        guard Self.sides.contains(width), Self.sides.contains(height) else { return nil }
        self.init(width, height)
    }

    private init(_ width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    /// Reads `390x844`.
    public init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count <= 4 && !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
            let width = Int(parts[0]), let height = Int(parts[1])
        else { return nil }
        self.init(width: width, height: height)
    }

    /// `390x844`.
    public var description: String { "\(width)x\(height)" }
}

/// A state drawn at one size: where its picture is, relative to the gallery's folder.
public struct GalleryPicture: Sendable, Hashable {
    /// The state's brand.
    public let brand: String
    /// The state's index among its brand's states, from 0.
    public let state: Int
    /// The size drawn at.
    public let size: GallerySize
    /// The picture's path inside the gallery's folder, such as `neds/390x844/003.png`.
    public let path: String
}

/// Pictures drawn, and what drew them.
public struct GalleryDrawing: Sendable, Equatable {
    /// Each state at each size, size by size.
    public let pictures: [GalleryPicture]
    /// The browser's version and the fonts' package, `Chromium 156.0.8078.108, fonts from fonts-dejavu-core 2.37-6`.
    public let drawnWith: String
}

extension GalleryState {
    /// The CSS that makes a picture of a state the same on every run: the preview's own controls hidden; no
    /// animation, transition, caret or hover; the focused element ringed as a keyboard user sees it, however the
    /// browser came to focus it.
    static let stillStyle = """
        #switcher, #studio, #controls, #status, #announcer { display: none !important; }
        *, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; pointer-events: none !important; }
        :focus { outline: 3px solid var(--color-focus-ring, #0a58ca) !important; outline-offset: 2px !important; }
        """

    /// The script that shows one state: drawn afresh (nothing kept from the state before), then the page put on
    /// a layer of its own for a frame and back, so every pixel is rasterised anew (a repaint of only what
    /// changed would blend edges with the state drawn before); handed back once the fonts are ready and a frame
    /// with that layer is drawn, for the screenshot's own frame to draw the page back in place. The focus is left
    /// where the state puts it.
    static let drawOne = """
        const done = arguments[arguments.length - 1];
        renderAfresh(JSON.parse(arguments[0]).screen);
        const body = document.body;
        body.style.willChange = 'transform';
        document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => {
          body.style.willChange = '';
          done(true);
        })));
        """

    /// Draws `states` at each of `sizes` with one headless Chromium, writing each picture into `folder`
    /// (`<brand>/<size>/<state>.png`) and telling `progress` after each one.
    /// - Throws: ``GalleryError`` when Chromium is missing or fails, or a picture cannot be written.
    @MainActor
    public static func draw(
        _ states: [GalleryState], sizes: [GallerySize], composition: Composition, into folder: URL,
        progress: (_ drawn: Int, _ of: Int) -> Void = { _, _ in }
    ) async throws(GalleryError) -> GalleryDrawing {
        let brands = states.reduce(into: [String]()) { if !$0.contains($1.brand) { $0.append($1.brand) } }
        var stills: [String: String] = [:]
        for brand in brands { stills[brand] = states.first { $0.brand == brand }?.screen.message() }
        let browser = try await Chromium()
        do {
            let pictures = try await Preview.servingStills(stills, composition: composition) {
                port throws(GalleryError) in
                var pictures: [GalleryPicture] = []
                let total = states.count * sizes.count
                for size in sizes {
                    try await browser.resize(width: size.width, height: size.height)
                    for brand in brands {
                        try await browser.open(URL(string: "http://127.0.0.1:\(port)/still/\(brand)")!)
                        let _: Bool = try await browser.run(
                            "const style = document.createElement('style'); style.textContent = arguments[0]; "
                                + "document.head.appendChild(style); return true;", [stillStyle])
                        for (index, state) in states.enumerated() where state.brand == brand {
                            let number = states[..<index].count { $0.brand == brand }
                            let _: Bool = try await browser.runAsync(Self.drawOne, [state.screen.message()])
                            let path = "\(brand)/\(size)/\(String(format: "%03d", number)).png"
                            let file = folder.appendingPathComponent(path)
                            do {
                                try FileManager.default.createDirectory(
                                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                                try await browser.screenshot().write(to: file)
                            } catch let error as GalleryError {
                                throw error
                            } catch {
                                throw GalleryError(description: "\(file.path) could not be written: \(error)")
                            }
                            pictures.append(GalleryPicture(brand: brand, state: number, size: size, path: path))
                            progress(pictures.count, total)
                        }
                    }
                }
                return pictures
            }
            await browser.close()
            return GalleryDrawing(pictures: pictures, drawnWith: browser.drawnWith)
        } catch {
            await browser.close()
            throw error
        }
    }
}

extension Preview {
    /// Serves `stills` (a screen message by brand id, at `/still/<id>`) on a free loopback port while `body` runs.
    /// - Throws: what `body` throws, or ``GalleryError`` when the pages cannot be served.
    @MainActor
    static func servingStills<Value>(
        _ stills: [String: String], composition: Composition,
        _ body: (_ port: Int) async throws(GalleryError) -> Value
    ) async throws(GalleryError) -> Value {
        var configuration = PreviewConfiguration(
            port: 0, brands: Array(stills.keys.sorted()), scenarioFolder: FileManager.default.temporaryDirectory)
        configuration.stills = stills
        let (ports, listening) = AsyncStream<Int>.makeStream()
        let app: any ApplicationProtocol
        do {
            app = try Preview.application(
                composition: composition, configuration: configuration,
                logger: Logger(label: "livery.preview.stills") { _ in SwiftLogNoOpLogHandler() }
            ) { port in
                listening.yield(port)
                listening.finish()
            }
        } catch {
            throw GalleryError(description: "the pages could not be served: \(error)")
        }
        let server = Task { try await app.run() }
        defer { server.cancel() }
        var bound: Int?
        for await port in ports {
            bound = port
            break
        }
        guard let port = bound else { throw GalleryError(description: "the pages could not be served") }
        return try await body(port)
    }
}
