import Foundation
import Galley
import Testing

@Suite struct FontValueTests {
    @Test func openTypeTags() {
        let tag: OpenTypeTag = "wght"
        #expect(tag.rawValue == 0x7767_6874 && tag.description == "wght")
        #expect(OpenTypeTag(string: "CFF")?.description == "CFF ")
        #expect(OpenTypeTag(string: "toolong") == nil && OpenTypeTag(string: "é") == nil)
    }

    @Test func weightScaleFollowsAppleSteps() {
        let steps: [(Double, CGFloat)] = [(100, -0.8), (200, -0.6), (300, -0.4), (400, 0), (500, 0.23), (600, 0.3),
                                          (700, 0.4), (800, 0.56), (900, 0.62)]
        for (openType, coreText) in steps {
            #expect(abs(FontWeight.fromOpenType(openType) - coreText) < 1e-12)
            #expect(abs(FontWeight.toOpenType(coreText) - openType) < 1e-9)
        }
        #expect(FontWeight.fromOpenType(.nan) == 0)
        #expect(FontWeight.fromOpenType(5000) == 1)
    }

    @Test func codePointSets() {
        let set = CodePointSet([5...9, 1...3, 4...4, 20...20])
        #expect(set.ranges == [1...9, 20...20] && set.count == 10)
        #expect(set.contains(1) && set.contains(9) && !set.contains(10) && set.contains(20) && !set.contains(0))
        #expect(set.isSuperset(of: CodePointSet([2...8])) && !set.isSuperset(of: CodePointSet([8...10])))
        let surrogates = CodePointSet([0xD000...0xE001])
        #expect(surrogates.characterSet.contains(Unicode.Scalar(0xD7FF)!) && surrogates.characterSet.contains(Unicode.Scalar(0xE000)!))
        #expect(CodePointSet("abc").ranges == [0x61...0x63])
    }
}
