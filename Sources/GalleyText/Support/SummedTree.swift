/// What a `SummedTree` sums over its elements: a monoid (`zero`, and `+` that is associative, not necessarily
/// commutative), so that any run of elements has one summary and a node's summary is its children's in order.
protocol TreeSummary {
    static var zero: Self { get }
    static func + (left: Self, right: Self) -> Self
}

/// An element of a `SummedTree`: it knows its own summary.
protocol Summarized {
    associatedtype Summary: TreeSummary
    var summary: Summary { get }
}

/// A sequence in a balanced tree (a B+ tree: elements in the leaves, each node keeping its subtree's element count
/// and summary), so that inserting, removing and replacing elements, and finding an element by its index or by a
/// running sum of summaries, take O(log n) — where an array takes O(n) to insert and to sum. A value type: copies
/// share nodes until one of them changes (copy on write, node by node along the changed path).
///
/// Zed's SumTree and Xi's rope are built the same way; the layout manager keeps its paragraphs in one (summed by
/// length and height), the text storage its text (chunks summed by length).
struct SummedTree<Element: Summarized> {
    typealias Summary = Element.Summary

    /// The most children (or elements) a node holds; a node other than the root holds at least half as many.
    static var order: Int { 32 }

    /// (Its fields are not checked for exclusive access at run time: only the tree's own code reaches a node, never
    /// two accesses to one field overlapping — a change's closure is handed an element, not the node — and the
    /// checks cost a third of a lookup's instructions.)
    fileprivate final class Node {
        @exclusivity(unchecked) var elements: [Element]
        @exclusivity(unchecked) var children: [Node]
        @exclusivity(unchecked) var count: Int
        @exclusivity(unchecked) var summary: Summary

        /// A leaf.
        init(elements: [Element]) {
            self.elements = elements
            children = []
            count = elements.count
            summary = SummedTree.summary(of: elements, upTo: elements.count)
        }

        /// An inner node.
        init(children: [Node]) {
            elements = []
            self.children = children
            count = children.reduce(0) { $0 + $1.count }
            summary = children.reduce(.zero) { $0 + $1.summary }
        }

        var isLeaf: Bool { children.isEmpty }
        var width: Int { isLeaf ? elements.count : children.count }

        func copy() -> Node { isLeaf ? Node(elements: elements) : Node(children: children) }

        /// The summary of the node's elements or children, added up again.
        var summed: Summary {
            isLeaf ? SummedTree.summary(of: elements, upTo: elements.count) : children.reduce(.zero) { $0 + $1.summary }
        }

        /// Sets the summary after the elements or children changed (the count kept by the caller).
        func recomputeSummary() { summary = summed }

        /// Sets the count and the summary after elements or children moved in or out.
        func recompute() {
            count = isLeaf ? elements.count : children.reduce(0) { $0 + $1.count }
            recomputeSummary()
        }
    }

    private var root: Node

    /// An empty tree.
    init() { root = Node(elements: []) }

    /// A tree of `elements`, in order (built bottom up in O(n)).
    init<S: Sequence>(_ elements: S) where S.Element == Element {
        let all = Array(elements)
        let size = Self.order
        var level: [Node] = stride(from: 0, to: all.count, by: size).map { Node(elements: Array(all[$0..<min($0 + size, all.count)])) }
        if level.isEmpty { level = [Node(elements: [])] }
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: size).map { Node(children: Array(level[$0..<min($0 + size, level.count)])) }
        }
        root = level[0]
        rebalanceLastSpine()
    }

    /// The number of elements.
    var count: Int { root.count }
    var isEmpty: Bool { root.count == 0 }

    /// The summary of every element.
    var summary: Summary { root.summary }

    /// The element at `index` (0 ≤ index < count).
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
            var node = root
            var index = index
            while !node.isLeaf {
                var child = 0
                while index >= node.children[child].count {
                    index -= node.children[child].count
                    child += 1
                }
                node = node.children[child]
            }
            return node.elements[index]
        }
        set {
            precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
            modify(at: index) { $0 = newValue }
        }
    }

    /// The element at `index` and the summary of the elements before it, in one descent.
    func elementAndSummary(at index: Int) -> (element: Element, before: Summary) {
        precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
        var node = root
        var index = index
        var sum = Summary.zero
        while !node.isLeaf {
            var child = 0
            while index >= node.children[child].count {
                index -= node.children[child].count
                sum = sum + node.children[child].summary
                child += 1
            }
            node = node.children[child]
        }
        return (node.elements[index], sum + Self.summary(of: node.elements, upTo: index))
    }

    /// The summary of `elements[..<end]`, read in place (iterating would copy each element out, and a paragraph's
    /// layout is dozens of bytes with references to retain).
    private static func summary(of elements: [Element], upTo end: Int) -> Summary {
        elements.withUnsafeBufferPointer { elements in
            var sum = Summary.zero
            for index in 0..<end { sum = sum + elements[index].summary }
            return sum
        }
    }

    /// The summary of the elements before `index` (0 ≤ index ≤ count).
    func summary(upTo index: Int) -> Summary {
        precondition(index >= 0 && index <= count, "index \(index) out of 0...\(count)")
        return index == count ? root.summary : elementAndSummary(at: index).before
    }

    /// The first element at which the running sum, that element's summary included, satisfies `reached` (which
    /// must be false for a prefix and then stay true: a monotone question such as "has the length passed 1,000?"),
    /// with the summary of the elements before it; nil when even the whole tree's summary does not satisfy it.
    func first(where reached: (Summary) -> Bool) -> (index: Int, before: Summary)? {
        guard reached(root.summary) else { return nil }
        var node = root
        var index = 0
        var sum = Summary.zero
        while !node.isLeaf {
            var child = 0
            while child + 1 < node.children.count, !reached(sum + node.children[child].summary) {
                sum = sum + node.children[child].summary
                index += node.children[child].count
                child += 1
            }
            node = node.children[child]
        }
        let found: Int? = node.elements.withUnsafeBufferPointer { elements in
            for element in elements.indices {
                let summary = elements[element].summary
                if reached(sum + summary) { return element }
                sum = sum + summary
            }
            return nil
        }
        if let found { return (index + found, sum) }
        index += node.elements.count
        // Only when `reached` is not monotone: the whole summary satisfied it but no prefix in this leaf did.
        return (max(index - 1, 0), sum)
    }

    /// The first element at which the running total of `measure` (a count that summaries add, such as a length),
    /// that element's included, passes `target`, with the total before it; nil when the whole tree's does not. What
    /// `first(where: { measure($0) > target })` finds, adding up one number instead of whole summaries.
    func first(measuring measure: (Summary) -> Int, passing target: Int) -> (index: Int, before: Int)? {
        guard measure(root.summary) > target else { return nil }
        var node = root
        var index = 0
        var total = 0
        while !node.isLeaf {
            var child = 0
            while child + 1 < node.children.count {
                let next = total + measure(node.children[child].summary)
                if next > target { break }
                total = next
                index += node.children[child].count
                child += 1
            }
            node = node.children[child]
        }
        let (found, before) = node.elements.withUnsafeBufferPointer { elements -> (Int, Int) in
            for element in elements.indices {
                let next = total + measure(elements[element].summary)
                if next > target { return (element, total) }
                total = next
            }
            // (Only for a measure that decreases somewhere: the leaf's last element.)
            return (Swift.max(elements.count - 1, 0), total - (elements.last.map { measure($0.summary) } ?? 0))
        }
        return (index + found, before)
    }

    /// How many elements from the start `isAfter` is false for, given each element and the summary of the elements
    /// before it — a predicate false for a prefix of the elements and true after it, as for elements in order by a
    /// key that is no summary (such as where a paragraph's first line is): a binary search over each node's children
    /// by their first elements, O(log n) elements looked at, where one over indices looks up each element it tries.
    func partitioningIndex(where isAfter: (Element, Summary) -> Bool) -> Int {
        var node = root
        var index = 0
        var sum = Summary.zero
        while !node.isLeaf {
            // The first child whose first element (read in place: a copy would retain what it holds) is after; the
            // answer is in the child before it.
            let children = node.children
            let (_, lastBefore) = Self.firstAfter(count: children.count, from: sum, summary: { children[$0].summary }) { child, before in
                var leftmost = children[child]
                while !leftmost.isLeaf { leftmost = leftmost.children[0] }
                return leftmost.elements.withUnsafeBufferPointer { isAfter($0[0], before) }
            }
            guard let (child, before) = lastBefore else { return index }
            sum = before
            index += children[..<child].reduce(0) { $0 + $1.count }
            node = children[child]
        }
        let start = sum
        return index + node.elements.withUnsafeBufferPointer { elements in
            Self.firstAfter(count: elements.count, from: start, summary: { elements[$0].summary }) { isAfter(elements[$0], $1) }.first
        }
    }

    /// A binary search over `count` items for the first at which `isAfter(item, the summary before it)` holds, the
    /// summaries before the items added up from `start` only as far as the search goes: that item (`count` when
    /// none), and the last item found not after (the one before it) with the summary before it, nil when there is none.
    private static func firstAfter(count: Int, from start: Summary, summary: (Int) -> Summary,
                                   isAfter: (Int, Summary) -> Bool) -> (first: Int, lastBefore: (item: Int, before: Summary)?) {
        var low = 0, high = count
        var beforeLow = start
        var lastBefore: (item: Int, before: Summary)? = nil
        while low < high {
            let middle = (low + high) / 2
            var before = beforeLow
            for item in low..<middle { before = before + summary(item) }
            if isAfter(middle, before) {
                high = middle
            } else {
                lastBefore = (middle, before)
                beforeLow = before + summary(middle)
                low = middle + 1
            }
        }
        return (low, lastBefore)
    }

    /// Changes the element at `index` in place.
    mutating func modify<Result>(at index: Int, _ change: (inout Element) -> Result) -> Result {
        precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
        uniqueRoot()
        return Self.modify(root, at: index, change)
    }

    private static func modify<Result>(_ node: Node, at index: Int, _ change: (inout Element) -> Result) -> Result {
        defer { node.recomputeSummary() }
        if node.isLeaf { return change(&node.elements[index]) }
        let (child, local) = uniqueChild(of: node, holding: index)
        return modify(node.children[child], at: local, change)
    }

    /// The child of `node` holding element `index` (and the index within it), made uniquely referenced: copied when
    /// another tree shares it, so that changing it changes this tree only.
    private static func uniqueChild(of node: Node, holding index: Int) -> (child: Int, index: Int) {
        var index = index
        var child = 0
        while index >= node.children[child].count {
            index -= node.children[child].count
            child += 1
        }
        if !isKnownUniquelyReferenced(&node.children[child]) { node.children[child] = node.children[child].copy() }
        return (child, index)
    }

    /// Inserts `element` before position `index` (0 ≤ index ≤ count).
    mutating func insert(_ element: Element, at index: Int) {
        precondition(index >= 0 && index <= count, "index \(index) out of 0...\(count)")
        uniqueRoot()
        if let split = Self.insert(element, at: index, into: root) {
            root = Node(children: [root, split])
        }
    }

    /// Inserts into the subtree; returns the new right sibling when the node split.
    private static func insert(_ element: Element, at index: Int, into node: Node) -> Node? {
        node.count += 1
        if node.isLeaf {
            node.elements.insert(element, at: index)
            guard node.elements.count > order else {
                node.recomputeSummary()
                return nil
            }
            let right = Node(elements: Array(node.elements[(node.elements.count / 2)...]))
            node.elements.removeSubrange((node.elements.count / 2)...)
            node.recompute()
            return right
        }
        var index = index
        var child = 0
        while child + 1 < node.children.count, index > node.children[child].count {
            index -= node.children[child].count
            child += 1
        }
        if !isKnownUniquelyReferenced(&node.children[child]) { node.children[child] = node.children[child].copy() }
        if let split = insert(element, at: index, into: node.children[child]) {
            node.children.insert(split, at: child + 1)
        }
        guard node.children.count > order else {
            node.recomputeSummary()
            return nil
        }
        let right = Node(children: Array(node.children[(node.children.count / 2)...]))
        node.children.removeSubrange((node.children.count / 2)...)
        node.recompute()
        return right
    }

    /// Removes and returns the element at `index` (0 ≤ index < count).
    @discardableResult
    mutating func remove(at index: Int) -> Element {
        precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
        uniqueRoot()
        let removed = Self.remove(at: index, from: root)
        // A root with one child gives way to it; the tree gets shorter.
        while !root.isLeaf, root.children.count == 1 { root = root.children[0] }
        return removed
    }

    private static func remove(at index: Int, from node: Node) -> Element {
        node.count -= 1
        if node.isLeaf {
            let removed = node.elements.remove(at: index)
            node.recomputeSummary()
            return removed
        }
        let (child, local) = uniqueChild(of: node, holding: index)
        let removed = remove(at: local, from: node.children[child])
        if node.children[child].width < order / 2 { rebalance(node, child: child) }
        node.recomputeSummary()
        return removed
    }

    /// Child `child` of `node` has fewer than half the order: it takes from a sibling, or merges with one.
    private static func rebalance(_ node: Node, child: Int) {
        guard node.children.count > 1 else { return }
        let left = child > 0 ? child - 1 : child
        let right = left + 1
        if !isKnownUniquelyReferenced(&node.children[left]) { node.children[left] = node.children[left].copy() }
        if !isKnownUniquelyReferenced(&node.children[right]) { node.children[right] = node.children[right].copy() }
        let a = node.children[left], b = node.children[right]
        if a.width + b.width <= order {
            a.elements += b.elements
            a.children += b.children
            a.recompute()
            node.children.remove(at: right)
        } else {
            // Even them out.
            let total = a.width + b.width
            let leftWidth = total / 2
            if a.isLeaf {
                var all = a.elements + b.elements
                a.elements = Array(all[..<leftWidth])
                all.removeFirst(leftWidth)
                b.elements = all
            } else {
                var all = a.children + b.children
                a.children = Array(all[..<leftWidth])
                all.removeFirst(leftWidth)
                b.children = all
            }
            a.recompute()
            b.recompute()
        }
    }

    /// Replaces the elements at `range` with `elements` (O((range.count + elements.count) · log n)).
    mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with elements: C) where C.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range \(range) out of 0...\(count)")
        var reused = 0
        for element in elements {
            if reused < range.count {
                self[range.lowerBound + reused] = element
            } else {
                insert(element, at: range.lowerBound + reused)
            }
            reused += 1
        }
        for _ in 0..<max(range.count - reused, 0) { remove(at: range.lowerBound + reused) }
    }

    /// Appends an element.
    mutating func append(_ element: Element) { insert(element, at: count) }

    /// The elements of `range`, in order.
    func elements(in range: Range<Int>) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(range.count)
        forEach(in: range) { result.append($0); return true }
        return result
    }

    /// Visits the elements of `range` in order until `body` returns false (O(log n + range.count)).
    func forEach(in range: Range<Int>, _ body: (Element) -> Bool) {
        let range = max(range.lowerBound, 0)..<min(range.upperBound, count)
        guard !range.isEmpty else { return }
        _ = Self.visit(root, skipping: range.lowerBound, taking: range.count, body)
    }

    /// Visits `taking` elements after the first `skipping`; returns how many are still to take (or -1 to stop).
    private static func visit(_ node: Node, skipping: Int, taking: Int, _ body: (Element) -> Bool) -> Int {
        var skipping = skipping
        var taking = taking
        if node.isLeaf {
            for element in node.elements[skipping..<min(node.elements.count, skipping + taking)] {
                if !body(element) { return -1 }
                taking -= 1
            }
            return taking
        }
        for child in node.children {
            if skipping >= child.count {
                skipping -= child.count
                continue
            }
            taking = visit(child, skipping: skipping, taking: taking, body)
            skipping = 0
            if taking <= 0 { return taking }
        }
        return taking
    }

    /// Visits the elements from `start` on, in order, each with the summary of the elements before it, until `body`
    /// returns false: O(log n) to reach `start`, then one summary added an element (where looking each one up would
    /// add up to a node's worth of summaries each time).
    func forEachWithSummary(from start: Int, _ body: (Element, Summary) -> Bool) {
        guard start >= 0, start < count else { return }
        var sum = Summary.zero
        _ = Self.visit(root, skipping: start, sum: &sum, body)
    }

    /// Visits the elements of `node` after the first `skipping`, `sum` the summary before the next one; false once
    /// `body` stopped.
    private static func visit(_ node: Node, skipping: Int, sum: inout Summary, _ body: (Element, Summary) -> Bool) -> Bool {
        if node.isLeaf {
            let elements = node.elements
            sum = sum + Self.summary(of: elements, upTo: skipping)
            for index in skipping..<elements.count {
                if !body(elements[index], sum) { return false }
                sum = sum + elements[index].summary
            }
            return true
        }
        var skipping = skipping
        for child in node.children {
            if skipping >= child.count {
                skipping -= child.count
                sum = sum + child.summary
                continue
            }
            if !visit(child, skipping: skipping, sum: &sum, body) { return false }
            skipping = 0
        }
        return true
    }

    /// Every element, in order.
    var allElements: [Element] { elements(in: 0..<count) }

    private mutating func uniqueRoot() {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
    }

    /// After a bottom-up build the last node of each level may be small: it takes from its left sibling.
    private mutating func rebalanceLastSpine() {
        var node = root
        while !node.isLeaf {
            let last = node.children.count - 1
            if last > 0, node.children[last].width < Self.order / 2 { Self.rebalance(node, child: last) }
            node.recompute()
            node = node.children[node.children.count - 1]
        }
        root.recompute()
    }

    /// Checks the tree (`GalleyText`'s tests): every node's count and summary are its children's; every node but
    /// the root holds between half the order and the order; every leaf is at the same depth.
    func _checkInvariants(summariesEqual: (Summary, Summary) -> Bool) {
        var leafDepth: Int? = nil
        func check(_ node: Node, depth: Int, isRoot: Bool) {
            precondition(node.width <= Self.order, "a node of \(node.width)")
            precondition(isRoot || node.width >= Self.order / 2, "a node of \(node.width), below half the order")
            if node.isLeaf {
                precondition(node.count == node.elements.count, "leaf count")
                precondition(summariesEqual(node.summary, node.summed), "leaf summary")
                if let leafDepth { precondition(leafDepth == depth, "leaves at depths \(leafDepth) and \(depth)") }
                leafDepth = depth
                return
            }
            precondition(node.count == node.children.reduce(0) { $0 + $1.count }, "node count")
            precondition(summariesEqual(node.summary, node.summed), "node summary")
            for child in node.children { check(child, depth: depth + 1, isRoot: false) }
        }
        check(root, depth: 0, isRoot: true)
    }
}
