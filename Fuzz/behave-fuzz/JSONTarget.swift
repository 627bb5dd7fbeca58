import Behave
import FuzzSupport

/// The JSON parser on any bytes: it never crashes, and reading a top-level array element by
/// element (as an action list is read) agrees with reading it whole.
enum JSONTarget: FuzzTarget {
    static let name = "json"

    static func check(_ input: [UInt8]) {
        let whole: Result<JSONValue, JSONParser.Failure> = Result { () throws(JSONParser.Failure) in
            try JSONParser.parse(input)
        }
        var elements: [JSONValue] = []
        let streamed: Result<JSONValue, JSONParser.Failure> = Result { () throws(JSONParser.Failure) in
            try JSONParser.parse(input) { elements.append($0) }
        }
        switch (whole, streamed) {
        case (.failure(let a), .failure(let b)):
            if a != b { finding("the two readings fail differently: \(a) / \(b)") }
        case (.success(let value), .success(let top)):
            if case .array(let items) = value.kind {
                guard items.count == elements.count, case .array(let left) = top.kind, left.isEmpty else {
                    finding("the streamed reading handed over \(elements.count) of \(items.count) elements")
                }
                for (a, b) in zip(items, elements) where PlainValue(a) != PlainValue(b) || a.position != b.position {
                    finding("element at \(a.position) differs when streamed")
                }
            } else if !elements.isEmpty || PlainValue(value) != PlainValue(top) {
                finding("a top-level \(value.kindDescription) was read differently when streamed")
            }
        default:
            finding("one reading failed and the other did not")
        }
    }
}
