import Foundation
import Testing

@testable import GalleyText

/// An element summed by count, total and an order-sensitive hash (a non-commutative monoid: a tree that summed
/// children out of order fails).
private struct Number: Summarized, Equatable {
    var value: Int

    struct Summary: TreeSummary, Equatable {
        var count = 0
        var total = 0
        var hash: UInt64 = 0
        var power: UInt64 = 1
        static let zero = Summary()
        static func + (left: Summary, right: Summary) -> Summary {
            Summary(count: left.count + right.count, total: left.total + right.total,
                    hash: left.hash &* right.power &+ right.hash, power: left.power &* right.power)
        }
    }

    var summary: Summary { Summary(count: 1, total: value, hash: UInt64(truncatingIfNeeded: value) &+ 7, power: 1_000_003) }
}

@Suite struct SummedTreeTests {
    private static func sum(_ numbers: some Sequence<Number>) -> Number.Summary { numbers.reduce(.zero) { $0 + $1.summary } }

    private static func check(_ tree: SummedTree<Number>, _ model: [Number]) {
        tree._checkInvariants(summariesEqual: ==)
        #expect(tree.count == model.count)
        #expect(tree.allElements == model)
        #expect(tree.summary == sum(model))
    }

    /// Random inserts, removals, replacements and changes, each checked against an array: the same elements, sums
    /// and prefix sums, and a balanced tree after every step.
    @Test func randomEditsEqualAnArray() {
        var generator = SeededLCG(seed: 17)
        var tree = SummedTree<Number>()
        var model: [Number] = []
        for step in 0..<3000 {
            let choice = Int(generator.next() % 10)
            let value = Int(generator.next() % 1000)
            if choice < 4 || model.isEmpty {
                let index = Int(generator.next() % UInt64(model.count + 1))
                tree.insert(Number(value: value), at: index)
                model.insert(Number(value: value), at: index)
            } else if choice < 6 {
                let index = Int(generator.next() % UInt64(model.count))
                #expect(tree.remove(at: index) == model.remove(at: index))
            } else if choice < 8 {
                let lower = Int(generator.next() % UInt64(model.count + 1))
                let upper = min(model.count, lower + Int(generator.next() % 80))
                let new = (0..<Int(generator.next() % 80)).map { Number(value: $0 * value % 997) }
                tree.replaceSubrange(lower..<upper, with: new)
                model.replaceSubrange(lower..<upper, with: new)
            } else {
                let index = Int(generator.next() % UInt64(model.count))
                tree[index].value = value
                model[index].value = value
            }
            if step % 50 == 0 || step == 2999 {
                Self.check(tree, model)
                for index in stride(from: 0, through: model.count, by: max(model.count / 17, 1)) {
                    #expect(tree.summary(upTo: index) == Self.sum(model[..<index]))
                    if index < model.count {
                        let found = tree.elementAndSummary(at: index)
                        #expect(found.element == model[index] && found.before == Self.sum(model[..<index]))
                    }
                    // Visiting from here on, with the running sums, as far as a stop a few elements on.
                    var visited: [(Number, Number.Summary)] = []
                    let stop = Int(generator.next() % 40)
                    tree.forEachWithSummary(from: index) { visited.append(($0, $1)); return visited.count <= stop }
                    let expected = model.indices.dropFirst(index).prefix(stop + 1)
                    #expect(visited.map(\.0) == expected.map { model[$0] })
                    #expect(visited.map(\.1) == expected.map { Self.sum(model[..<$0]) })
                }
            }
        }
    }

    /// Finding by a running sum: the first element at which the total passes a target.
    @Test func firstWhereFindsByRunningSum() {
        let model = (0..<5000).map { Number(value: $0 % 13 + 1) }
        let tree = SummedTree(model)
        Self.check(tree, model)
        var running = 0
        var firstPassing: [Int: Int] = [:]
        for (index, number) in model.enumerated() {
            for target in running..<(running + number.value) where firstPassing[target] == nil { firstPassing[target] = index }
            running += number.value
        }
        for target in stride(from: 0, to: running, by: 37) {
            let found = tree.first { $0.total > target }
            #expect(found?.index == firstPassing[target])
            #expect(found?.before == Self.sum(model[..<(found?.index ?? 0)]))
            let measured = tree.first(measuring: \.total, passing: target)
            #expect(measured?.index == firstPassing[target] && measured?.before == found?.before.total)
        }
        #expect(tree.first { $0.total > running } == nil)
        #expect(tree.first(measuring: \.total, passing: running) == nil)
    }

    /// The partitioning index by element and running sum: as a scan of the array finds it, for predicates on the
    /// element alone, on the sum alone, and at both ends.
    @Test func partitioningIndexEqualsAScan() {
        for count in [0, 1, 31, 32, 33, 1000, 5000] {
            let model = (0..<count).map { Number(value: $0 * 3 + $0 % 2) }  // ascending values
            let tree = SummedTree(model)
            for target in [-1, 0, 1, 7, count / 3, count, count * 3, count * 4] {
                let byValue = tree.partitioningIndex { element, _ in element.value > target }
                #expect(byValue == (model.firstIndex { $0.value > target } ?? count), "count \(count), target \(target)")
                let bySum = tree.partitioningIndex { _, before in before.total > target * 20 }
                var scan = 0
                while scan < count, !(Self.sum(model[..<scan]).total > target * 20) { scan += 1 }
                #expect(bySum == scan, "count \(count), sum over \(target * 20)")
            }
        }
    }

    /// Copies are independent: changing one leaves the other as it was.
    @Test func copiesAreValues() {
        let model = (0..<2000).map { Number(value: $0) }
        var tree = SummedTree(model)
        let copy = tree
        for index in stride(from: 0, to: 2000, by: 3) { tree[index].value = -1 }
        tree.replaceSubrange(100..<900, with: [])
        tree.insert(Number(value: 5), at: 0)
        Self.check(copy, model)
        var edited = model
        for index in stride(from: 0, to: 2000, by: 3) { edited[index].value = -1 }
        edited.replaceSubrange(100..<900, with: [])
        edited.insert(Number(value: 5), at: 0)
        Self.check(tree, edited)
    }

    /// Built from a sequence of any length, the tree is balanced; emptied, it is empty.
    @Test func buildsBalancedAndEmpties() {
        for size in [0, 1, 31, 32, 33, 47, 1024, 1025, 1057, 40_000] {
            let model = (0..<size).map { Number(value: $0) }
            var tree = SummedTree(model)
            Self.check(tree, model)
            while !tree.isEmpty { tree.remove(at: tree.count / 2) }
            Self.check(tree, [])
        }
    }
}
