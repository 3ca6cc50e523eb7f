import Foundation

/// Why an HTTP request got no answer.
public enum HTTPFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// No answer in time.
    case timedOut
    /// The request was cancelled.
    case cancelled
    /// The server could not be reached.
    case unreachable(reason: String)
    /// The answer was not HTTP.
    case notHTTP

    init(_ error: any Error) {
        if error is CancellationError {
            self = .cancelled
        } else if let error = error as? URLError {
            switch error.code {
            case .timedOut: self = .timedOut
            case .cancelled: self = .cancelled
            default: self = .unreachable(reason: error.localizedDescription)
            }
        } else {
            self = .unreachable(reason: "\(error)")
        }
    }

    /// What happened.
    public var description: String {
        switch self {
        case .timedOut: "no answer in time"
        case .cancelled: "the request was cancelled"
        case .unreachable(let reason): "the server could not be reached: \(reason)"
        case .notHTTP: "the answer was not HTTP"
        }
    }
}

extension DecodingError {
    /// Where the JSON did not fit and how, e.g. "'payload[0]' has no 'street'".
    public var readableDescription: String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch self {
        case .keyNotFound(let key, let context):
            let place = path(context.codingPath)
            return place.isEmpty
                ? "the answer has no '\(key.stringValue)'" : "'\(place.dropFirst())' has no '\(key.stringValue)'"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "'\(path(context.codingPath).dropFirst())' is not \(type)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "the answer is not JSON" : "'\(path(context.codingPath).dropFirst())' is unreadable"
        @unknown default:
            return "\(self)"
        }
    }
}
