import Foundation
import Testing

@testable import Galley

/// Each code point's orientation in vertical text is Unicode's Vertical_Orientation as VerticalOrientation.txt
/// (Debian's unicode-data) gives it, for all 1,114,112 code points.
@Suite struct VerticalOrientationTests {
    @Test func everyCodePointAsUnicodesFileSays() throws {
        let text = try String(contentsOfFile: "/usr/share/unicode/VerticalOrientation.txt", encoding: .utf8)
        // The file lists every code point that is not R (the default for the rest).
        var expected = [VerticalOrientation](repeating: .rotated, count: 0x110000)
        var listed = 0
        for line in text.split(separator: "\n") {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = content.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2 else { continue }
            let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
            guard let low = bounds.first, let high = bounds.last else { continue }
            let value: VerticalOrientation
            switch fields[1] {
            case "U": value = .upright
            case "Tu": value = .transformedUpright
            case "Tr": value = .transformedRotated
            default: value = .rotated
            }
            for codePoint in low...high { expected[Int(codePoint)] = value }
            listed += Int(high - low + 1)
        }
        #expect(listed > 100_000)
        var differing: [String] = []
        for codePoint in 0..<UInt32(0x110000) where VerticalOrientation.of(codePoint) != expected[Int(codePoint)] {
            if differing.count < 10 { differing.append(String(codePoint, radix: 16)) }
        }
        #expect(differing.isEmpty, "\(differing)")
        #expect(VerticalOrientation.of(0x6F22) == .upright && VerticalOrientation.of(0x41) == .rotated)
        #expect(VerticalOrientation.of(0x3001).isUprightInVerticalText && !VerticalOrientation.of(0x31).isUprightInVerticalText)
    }
}
