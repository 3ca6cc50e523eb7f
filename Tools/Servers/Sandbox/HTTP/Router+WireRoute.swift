import Hummingbird
import LiveryWire

extension Router {
    /// Serves `route` of the contract with `handler`: the method and path come from the contract's table.
    @discardableResult
    func on(
        _ route: WireRoute, use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator
    ) -> Self {
        on(RouterPath(route.template), method: HTTPRequest.Method(route.method)!, use: handler)
    }
}
