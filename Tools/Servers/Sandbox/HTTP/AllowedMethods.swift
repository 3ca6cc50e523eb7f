import Hummingbird

/// The methods each route of the sandbox answers, read from a router's
/// registrations (never kept by hand), so a known path asked with another
/// method is answered 405 with an `Allow` header, and `OPTIONS` lists them.
struct AllowedMethods: Sendable {
    private let routes: [(segments: [String], methods: [HTTPRequest.Method])]

    /// The table of `router`'s routes.
    init<Context>(_ router: Router<Context>) {
        var byPath: [String: [HTTPRequest.Method]] = [:]
        for route in router.routes { byPath[route.path.description, default: []].append(route.method) }
        routes = byPath.map { path, methods in
            (path.split(separator: "/").map(String.init), methods.sorted { $0.rawValue < $1.rawValue })
        }
    }

    /// The methods answered on `path`; empty when no route has that path.
    func methods(for path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/").map(String.init)
        let matching = routes.filter { route in
            route.segments.count == segments.count
                && zip(route.segments, segments).allSatisfy { pattern, segment in
                    pattern.hasPrefix("{") || pattern == segment
                }
        }
        return Array(Set(matching.flatMap(\.methods))).sorted { $0.rawValue < $1.rawValue }
    }

    /// The `Allow` value of every method some route answers: for a request
    /// whose target is not a path (`CONNECT`).
    var allowHeader: String {
        Self.allowHeader(Array(Set(routes.flatMap(\.methods))))
    }

    /// The `Allow` value for `methods`: each of them and `OPTIONS`. (`HEAD`
    /// is not served: it is a 405 naming the methods that are.)
    static func allowHeader(_ methods: [HTTPRequest.Method]) -> String {
        var names = methods.map(\.rawValue)
        names.append("OPTIONS")
        return Array(Set(names)).sorted().joined(separator: ", ")
    }
}
