import Foundation
import Hummingbird
import HummingbirdWebSocket
import LiveryComposition
import LiveryCore

/// The preview's pages: the brands (`/`), one brand (`/brand/<id>`), every
/// brand side by side (`/compare`), the page's files, a brand's design tokens
/// as CSS, stills for screenshots, and a session's screen by its id.
struct PageRoutes: Sendable {
    let brands: [BrandManifest]
    let assets: PreviewAssets
    let composition: Composition
    let stills: [String: String]

    func register(on router: Router<BasicWebSocketRequestContext>, sessions: PreviewSessions) {
        let (brands, assets, composition, stills) = (brands, assets, composition, stills)
        router.get("/") { _, _ in assets.response("index.html") }
        router.get("/compare") { _, _ in assets.response("compare.html") }
        router.get("/assets/{file}") { _, context in
            assets.response(try context.parameters.require("file"))
        }
        router.get("/api/brands") { _, _ in
            Self.json(brands.map { ["id": $0.id.rawValue, "name": $0.displayName, "market": $0.market.code] })
        }
        router.get("/brand/{id}") { _, context in
            let id = try context.parameters.require("id")
            guard let manifest = brands.first(where: { $0.id.rawValue == id }) else {
                return Self.unknownBrand(id, brands)
            }
            return assets.page(
                "brand.html", inserting: Preview.linksScript + Preview.nameScript(manifest),
                before: "<script src=\"/assets/preview.js\">")
        }
        router.get("/still/{id}") { _, context in
            let id = try context.parameters.require("id")
            guard let screen = stills[id], let plugin = try? composition.registry.plugin(named: id) else {
                return Self.unknownBrand(id, brands)
            }
            return assets.page(
                "brand.html",
                inserting: Preview.linksScript + Preview.nameScript(plugin.manifest) + "<script>window.liveryStill = "
                    + screen.replacingOccurrences(of: "</", with: "<\\/") + ";</script>\n",
                before: "<script src=\"/assets/preview.js\">")
        }
        // A still may show any registered brand; a page only the brands shown.
        router.get("/still/{id}/theme.css") { _, context in
            Self.theme(of: try context.parameters.require("id"), in: composition, shown: nil, brands: brands)
        }
        router.get("/brand/{id}/theme.css") { _, context in
            Self.theme(of: try context.parameters.require("id"), in: composition, shown: brands, brands: brands)
        }
        router.get("/api/sessions/{id}") { _, context in
            let id = try context.parameters.require("id")
            guard let screen = await sessions.screen(of: id) else {
                return Response(
                    status: .notFound, body: ResponseBody(byteBuffer: ByteBuffer(string: "no session \(id)")))
            }
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: screen)))
        }
    }

    /// The brand `id`'s design tokens as CSS, when it is registered (and among `shown` when given).
    private static func theme(
        of id: String, in composition: Composition, shown: [BrandManifest]?, brands: [BrandManifest]
    ) -> Response {
        guard shown?.contains(where: { $0.id.rawValue == id }) ?? true,
            let plugin = try? composition.registry.plugin(named: id),
            let css = try? ThemeStyle.css(for: plugin.theme)
        else { return unknownBrand(id, brands) }
        return Response(
            status: .ok, headers: [.contentType: "text/css; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: css)))
    }

    private static func json(_ value: some Encodable) -> Response {
        let data = (try? JSONEncoder().encode(value)) ?? Data("[]".utf8)
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func unknownBrand(_ id: String, _ brands: [BrandManifest]) -> Response {
        let known = brands.map(\.id.rawValue)
        let hint = NameSuggestion.closest(to: id, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        let text = "unknown brand '\(id)'\(hint); known brands: \(known.joined(separator: ", "))"
        return Response(
            status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
