import Testing

@testable import Galley

/// The four-lane word tests agree with asking each lane, for words made of edge values in every lane order (lanes
/// next to a matching one included: a borrow or carry must not hide or invent a match), and the scan finds what a
/// unit-by-unit search finds.
@Suite struct UnitLanesTests {
    static let values: [UInt16] = [0, 1, 0x09, 0x0D, 0x0E, 0x1F, 0x20, 0x7F, 0x85, 0x2FF, 0x300, 0x58F, 0x590, 0x591, 0x2029, 0x4DFF, 0x4E00, 0x4E01,
                                   0x7FFF, 0x8000, 0x8001, 0x9FFF, 0xA000, 0xD83D, 0xFFFF, 0x2FFF, 0x3000, 0x3002, 0x3003, 0xFF0B,
                                   0xFF0C, 0xFF0D, 0xFEFF]

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
                    // Lane by lane: each lane's top bit, whatever its neighbours.
                    func mask(_ matches: (UInt16) -> Bool) -> UInt64 {
                        lanes.enumerated().reduce(UInt64(0)) { $0 | (matches($1.element) ? UInt64(0x8000) << (16 * UInt64($1.offset)) : 0) }
                    }
                    for limit in [UInt16(0), 1, 0x0E, 0x300, 0x590, 0x7FFF, 0x8000, 0x8001, 0xA000, 0xFF00, 0xFFFF] {
                        #expect(UnitLanes.lanes(word, atLeast: limit) == mask { $0 >= limit }, "\(lanes) lanes ≥ \(limit)")
                    }
                    for (low, high) in [(UInt16(0x4E00), UInt16(0x9FFF)), (0x3000, 0x3002), (0xFF0C, 0xFF0C), (0x2010, 0x2029), (0, 0xFFFF),
                                        (0x8000, 0xFFFF), (0x590, 0x8000), (0x7FFF, 0x8001), (0, 0)] {
                        #expect(UnitLanes.lanes(word, from: low, through: high) == mask { (low...high).contains($0) },
                                "\(lanes) lanes in \(low)...\(high)")
                    }
                    #expect(UnitLanes.ideographsAndPunctuation(word)
                            == mask { (0x4E00...0x9FFF).contains($0) || (0x3000...0x3002).contains($0) || $0 == 0xFF0C }, "\(lanes) prose")
                    let flagged = mask { $0 >= 0x8000 }
                    #expect(UnitLanes.leadingLanes(outside: flagged) == (lanes.firstIndex { $0 >= 0x8000 } ?? 4), "\(lanes) leading")
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
                    // With lanes passed at once: exactly those that cannot match, or (as a caller may) only some of them.
                    for clearLanes in [{ ~UnitLanes.lanes($0, from: 0x2029, through: 0x2029) }, { UnitLanes.lanes($0, from: 0x61, through: 0x61) }] {
                        for filler in [UInt16(0x61), 0x62] {
                            let mixed = units.enumerated().map { $0.offset % 3 == 1 && $0.element != 0x2029 ? filler : $0.element }
                            let passed = mixed.withUnsafeBufferPointer {
                                UnitLanes.firstIndex(in: $0, from: from, mayMatch: { _ in true }, clearLanes: clearLanes, where: { $0 == 0x2029 })
                            }
                            #expect(passed == (mixed[from...].firstIndex(of: 0x2029) ?? length), "\(length) \(place) \(from) passing lanes")
                        }
                    }
                }
            }
        }
    }
}
