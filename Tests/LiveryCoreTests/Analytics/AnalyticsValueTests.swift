import Foundation
import LiveryCore
import Testing

@Suite("AnalyticsValue")
struct AnalyticsValueTests {
    @Test func literalsMakeTheMatchingCase() {
        let string: AnalyticsValue = "email"
        let int: AnalyticsValue = 42
        let double: AnalyticsValue = 2.5
        let bool: AnalyticsValue = true
        #expect(string == .string("email"))
        #expect(int == .int(42))
        #expect(double == .double(2.5))
        #expect(bool == .bool(true))
    }

    @Test func accessorsAnswerOnlyForTheirOwnCase() {
        let value: AnalyticsValue = 42
        #expect(value.intValue == 42)
        #expect(value.stringValue == nil)
        #expect(value.doubleValue == nil)
        #expect(value.boolValue == nil)
        #expect(AnalyticsValue.string("x").stringValue == "x")
        #expect(AnalyticsValue.double(1.5).doubleValue == 1.5)
        #expect(AnalyticsValue.bool(false).boolValue == false)
    }

    @Test func descriptionIsTheBareValue() {
        #expect(AnalyticsValue.string("email").description == "email")
        #expect(AnalyticsValue.int(-3).description == "-3")
        #expect(AnalyticsValue.double(2.5).description == "2.5")
        #expect(AnalyticsValue.bool(true).description == "true")
    }

    @Test func encodesAsPlainJSONScalarsAndRoundTrips() throws {
        let values: [String: AnalyticsValue] = ["s": "x", "i": 42, "d": 2.5, "b": true]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(values)
        #expect(String(decoding: data, as: UTF8.self) == #"{"b":true,"d":2.5,"i":42,"s":"x"}"#)
        #expect(try JSONDecoder().decode([String: AnalyticsValue].self, from: data) == values)
    }

    @Test func decodingKeepsBooleansAndNumbersApart() throws {
        let decoded = try JSONDecoder().decode([AnalyticsValue].self, from: Data("[true, 1, 0, 1.5, \"true\"]".utf8))
        #expect(decoded == [.bool(true), .int(1), .int(0), .double(1.5), .string("true")])
    }
}
