import Foundation
import Hummingbird

/// The page's files, read once from the module's resources.
struct PreviewAssets: Sendable {
    let files: [String: Data]

    static let names = ["index.html", "brand.html", "compare.html", "preview.js", "studio.js", "preview.css"]

    static func load() throws -> PreviewAssets {
        var files: [String: Data] = [:]
        for name in names {
            let parts = name.split(separator: ".")
            guard
                let url = Bundle.module.url(
                    forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Resources")
                    ?? Bundle.module.url(forResource: String(parts[0]), withExtension: String(parts[1])),
                let data = try? Data(contentsOf: url)
            else {
                throw PreviewSetupError(description: "the preview's \(name) is missing from its resources")
            }
            files[name] = data
        }
        return PreviewAssets(files: files)
    }

    /// The page `name` with `insertion` put before the first `marker`.
    func page(_ name: String, inserting insertion: String, before marker: String) -> Response {
        guard let data = files[name], var text = String(data: data, encoding: .utf8), let range = text.range(of: marker)
        else {
            return response(name)
        }
        text.insert(contentsOf: insertion, at: range.lowerBound)
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    func response(_ name: String) -> Response {
        guard let data = files[name] else {
            return Response(status: .notFound, body: ResponseBody(byteBuffer: ByteBuffer(string: "no such file")))
        }
        let type =
            switch name.split(separator: ".").last {
            case "js": "text/javascript; charset=utf-8"
            case "css": "text/css; charset=utf-8"
            default: "text/html; charset=utf-8"
            }
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
