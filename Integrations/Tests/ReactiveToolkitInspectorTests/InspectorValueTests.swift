import ReactiveToolkitInspectorCore
import Testing

@Suite struct InspectorValueTests {
    @Test func describesStructsEnumsDictionariesAndOptionals() {
        struct Row { var id: Int; var name: String; var tags: [String]; var note: String?; var price: Double }
        enum Status { case open, closed(reason: String) }
        let tree = InspectorValue(reflecting: (Row(id: 1, name: "tea", tags: ["hot"], note: nil, price: 3.5), ["b": 2, "a": 1], Status.closed(reason: "done"), Status.open))
        #expect(tree.jsonText == #"{".0":{"id":1,"name":"tea","tags":["hot"],"note":null,"price":3.5},".1":{"a":1,"b":2},".2":{"closed":{"reason":"done"}},".3":"open"}"#)
    }

    @Test func redactsByNameAndByPath() {
        struct Secrets { var token: String; var inner: Inner }
        struct Inner { var pin: Int; var visible: Bool }
        let tree = InspectorValue(reflecting: Secrets(token: "t0p", inner: Inner(pin: 1234, visible: true)), redaction: Redaction(names: ["TOKEN"]) { $0 == "inner.pin" })
        #expect(tree.jsonText == #"{"token":"‹redacted›","inner":{"pin":"‹redacted›","visible":true}}"#)
    }

    @Test func parsesJSONKeepingFieldOrderAndRoundTrips() throws {
        let text = #"{"z":[1,-2.5e3,true,null],"a":"é\n\"\u00e9\ud83d\ude00"}"#
        let value = try InspectorValue(json: text)
        #expect(value["z"] == .array([.number("1"), .number("-2.5e3"), .bool(true), .null]))
        #expect(value["a"] == .string("é\n\"é😀"))
        #expect(try InspectorValue(json: value.jsonText) == value)
    }

    @Test(arguments: [
        ("", "expected a value, found the end"), ("{", "expected a field name"), ("[1,]", "expected a value"),
        ("{\"a\" 1}", "expected ':'"), ("\"abc", "unterminated string"), ("01x", "unexpected text after the value"),
        ("[1] 2", "unexpected text after the value"), ("\"\\q\"", "invalid escape"), ("tru", "expected true"),
    ])
    func refusesMalformedJSONWithAReason(text: String, reason: String) {
        #expect { try InspectorValue(json: text) } throws: { ($0 as? InspectorValue.ParseError)?.message == reason }
    }

    @Test func refusesNestingDeeperThanTheLimit() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: InspectorValue.ParseError.self) { try InspectorValue(json: deep, limits: .init(depth: 48)) }
        #expect((try? InspectorValue(json: deep, limits: .init(depth: 200))) != nil)
    }

    @Test func diffsOnlyTheChangedFieldsAsMinusPlusLines() throws {
        let before = try InspectorValue(json: #"{"rows":[{"done":false},{"done":true}],"count":1,"gone":"x"}"#)
        let after = try InspectorValue(json: #"{"rows":[{"done":true},{"done":true},{"done":false}],"count":1,"new":2}"#)
        #expect(
            before.diffLines(to: after) == [
                "− rows[0].done: false", "+ rows[0].done: true", #"+ rows[2]: {"done":false}"#, #"− gone: "x""#, "+ new: 2",
            ])
        #expect(after.diffLines(to: after).isEmpty)
    }

    @Test func boundsHugeValues() {
        let huge = Array(0..<10_000)
        let tree = InspectorValue(reflecting: huge, limits: .init(nodes: 100))
        guard case .array(let elements) = tree else { Issue.record("not an array"); return }
        #expect(elements.filter { $0 == .string(InspectorValue.elidedText) }.count == 10_000 - 99)
    }
}
