import Testing

@testable import Galley

/// The four-lane word tests agree with asking each lane, for words made of edge values in every lane order (lanes
/// next to a matching one included: a borrow or carry must not hide or invent a match), and the scan finds what a
/// unit-by-unit search finds.
@Suite struct UnitLanesTests {
    static let values: [UInt16] = [0, 1, 0x09, 0x0D, 0x0E, 0x1F, 0x20, 0x7F, 0x85, 0x2FF, 0x300, 0x58F, 0x590, 0x591, 0x2029, 0x4DFF, 0x4E00, 0x4E01,
                                   0x7FFF, 0x8000, 0x8001, 0x9FFF, 0xA000, 0xD83D, 0xFFFF]

    @Test func wordTestsAgreeWithEachLane() {
        var checked = 0
        for a in Self.values {
            for b in Self.values {
                for (c, d) in [(UInt16(0x61), UInt16(0x61)), (a, b), (0xFFFF, 0), (0x8000, 0x7FFF)] {
                    let lanes = [a, b, c, d]
                    let word = lanes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (16 * UInt64($1.offset)) }
                    #expect(UnitLanes.hasZeroLane(word) == lanes.contains(0))
                    for limit in [UInt16(1), 0x0E, 0x20, 0x300, 0x590, 0x8000] {
                        #expect(UnitLanes.hasLane(word, atLeast: limit) == lanes.contains { $0 >= limit }, "\(lanes) ≥ \(limit)")
                        #expect(UnitLanes.hasLane(word, below: limit) == lanes.contains { $0 < limit }, "\(lanes) < \(limit)")
                    }
                    for unit in [UInt16(0x0D), 0x85, 0x2029, 0x09, 0xAD] {
                        #expect(UnitLanes.hasLane(word, equalTo: unit) == lanes.contains(unit), "\(lanes) = \(unit)")
                    }
                    #expect(UnitLanes.allIdeographs(word) == lanes.allSatisfy { (0x4E00...0x9FFF).contains($0) }, "\(lanes) ideographs")
                    #expect(UnitLanes.allLanes(word, from: 0x300, through: 0x590) == lanes.allSatisfy { (0x300...0x590).contains($0) },
                            "\(lanes) in 0x300...0x590")
                    checked += 1
                }
            }
        }
        #expect(checked == Self.values.count * Self.values.count * 4)
    }

    @Test func firstIndexEqualsAUnitByUnitSearch() {
        for length in 0..<13 {
            for place in 0..<max(length, 1) {
                var units = [UInt16](repeating: 0x61, count: length)
                if place < length { units[place] = 0x2029 }
                for from in 0...length {
                    let found = units.withUnsafeBufferPointer {
                        UnitLanes.firstIndex(in: $0, from: from, mayMatch: { UnitLanes.hasLane($0, equalTo: 0x2029) }, where: { $0 == 0x2029 })
                    }
                    #expect(found == (units[from...].firstIndex(of: 0x2029) ?? length), "\(length) \(place) \(from)")
                }
            }
        }
    }
}
