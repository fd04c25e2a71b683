import Foundation

/// Documents strung together from a format's syntax and hostile text, for the document harnesses.
enum HostileDocument {
    /// A document of up to `count` pieces after `start`: each a piece of `syntax` or a stretch of hostile text, and now
    /// and then the raw bytes left after it, which need be no encoding at all (the RTF and HTML harnesses).
    static func make(_ input: inout FuzzInput, start: String, syntax: [String], count: ClosedRange<Int>) -> Data {
        var source = start
        for _ in 0..<input.int(count) {
            if input.bool() {
                source += input.choose(syntax)
            } else {
                source += String(decoding: HostileText.units(&input).prefix(30), as: UTF16.self)
            }
        }
        var data = Data(source.utf8)
        if input.int(0...5) == 0 { data.append(contentsOf: input.remaining) }
        return data
    }
}
