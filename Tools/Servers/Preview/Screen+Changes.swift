import Foundation

extension Screen {
    /// This screen as the message the page reads: every section, or only
    /// those that differ from `previous` (the page keeps the others).
    func message(changedFrom previous: Screen? = nil) -> String {
        struct Sections: Encodable {
            let session: String
            let brand: String
            let join: Screen.Join?
            let appBar: Screen.Bar?
            let panel: Screen.Panel?
            let events: [Screen.Event]?
            let recorder: Screen.RecorderState?
        }
        struct Envelope: Encodable {
            let type = "screen"
            let screen: Sections
        }
        func changed<Value: Equatable>(_ path: KeyPath<Screen, Value>) -> Value? {
            previous?[keyPath: path] == self[keyPath: path] ? nil : self[keyPath: path]
        }
        let sections = Sections(
            session: session, brand: brand, join: changed(\.join), appBar: changed(\.appBar),
            panel: changed(\.panel), events: changed(\.events), recorder: changed(\.recorder))
        guard let data = try? JSONEncoder().encode(Envelope(screen: sections)) else {
            return #"{"type":"error","message":"the screen did not encode"}"#
        }
        return String(decoding: data, as: UTF8.self)
    }
}
