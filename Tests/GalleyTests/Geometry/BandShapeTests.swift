import CCairo
import Foundation
@testable import Galley
import Testing

/// Band queries against Cairo's own fill test (`cairo_in_fill`), on seeded random polygons (self-intersecting ones
/// among them, several subpaths, both fill rules) and on flattened curves: a container's answer is the x where the
/// shape is inside at every height of the band, an exclusion's where it is inside at some height.
@Suite struct BandShapeTests {
    /// Cairo's fill test for polygons: a context whose transformation scales by 1024, so Cairo's fixed-point device
    /// coordinates (1/256) resolve a thousandth of a point in the polygons' space.
    final class CairoFill {
        let surface: OpaquePointer
        let context: OpaquePointer

        init(_ polygons: [[CGPoint]], fillRule: Path.FillRule) {
            surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
            context = cairo_create(surface)
            cairo_scale(context, 1024, 1024)
            for polygon in polygons {
                cairo_move_to(context, polygon[0].x, polygon[0].y)
                for point in polygon.dropFirst() { cairo_line_to(context, point.x, point.y) }
                cairo_close_path(context)
            }
            cairo_set_fill_rule(context, fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        }

        deinit {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }

        func contains(_ x: CGFloat, _ y: CGFloat) -> Bool { cairo_in_fill(context, x, y) != 0 }
    }

    /// Polygons of 3 to 8 vertices on a grid of quarter points in [0, 100]², one or two of them.
    static func randomPolygons(_ generator: inout SeededLCG) -> [[CGPoint]] {
        (0..<Int.random(in: 1...2, using: &generator)).map { _ in
            (0..<Int.random(in: 3...8, using: &generator)).map { _ in
                CGPoint(x: CGFloat(Int.random(in: 0...400, using: &generator)) / 4,
                        y: CGFloat(Int.random(in: 0...400, using: &generator)) / 4)
            }
        }
    }

    /// Compares a band's answer with Cairo at x every half point (and at each answer interval's middle). At each x
    /// the heights where an edge crosses the vertical line, with the band's ends, cut the line into pieces along
    /// which inside or outside cannot change; Cairo is asked at the middle of each piece. An x whose line has a
    /// piece too short for Cairo's precision, or that lies too close to an answer's end, is not judged.
    static func check(_ polygons: [[CGPoint]], fillRule: Path.FillRule, role: BandShape.Role, bottom: CGFloat, top: CGFloat,
                      cairo: CairoFill, shape: BandShape, judged: inout (all: Int, claimed: Int)) -> String? {
        let answer = role == .container ? shape.inside(from: bottom, to: top) : shape.touched(from: bottom, to: top)
        let edges = polygons.flatMap { polygon in polygon.indices.map { (polygon[$0], polygon[($0 + 1) % polygon.count]) } }
        let near: CGFloat = 1e-3
        let xs = stride(from: -2, through: 102, by: 0.5).map { CGFloat($0) } + answer.map { ($0.lowerBound + $0.upperBound) / 2 }
        xLoop: for x in xs {
            if answer.contains(where: { abs($0.lowerBound - x) < near || abs($0.upperBound - x) < near }) { continue }
            var cuts = [bottom, top]
            for (a, b) in edges where min(a.x, b.x) <= x && x <= max(a.x, b.x) {
                // A vertical edge on the line, or one ending on it: too close to call.
                if a.x == b.x || a.x == x || b.x == x { continue xLoop }
                let y = a.y + (x - a.x) / (b.x - a.x) * (b.y - a.y)
                if y > bottom && y < top { cuts.append(y) }
            }
            cuts.sort()
            var heights: [CGFloat] = []
            for (low, high) in zip(cuts, cuts.dropFirst()) {
                if high - low < 1e-4 { continue xLoop }
                heights.append((low + high) / 2)
            }
            let claimed = answer.contains { $0.contains(x) }
            judged.all += 1
            if claimed { judged.claimed += 1 }
            let actual = role == .container ? heights.allSatisfy { cairo.contains(x, $0) } : heights.contains { cairo.contains(x, $0) }
            if claimed != actual {
                return "\(role) \(fillRule) band \(bottom)...\(top) x \(x): answer \(answer) says \(claimed), Cairo \(actual); polygons \(polygons)"
            }
        }
        return nil
    }

    @Test(arguments: [BandShape.Role.container, .exclusion])
    func randomPolygonsAgreeWithCairo(role: BandShape.Role) {
        var generator = SeededLCG(seed: role == .container ? 16 : 17)
        var failures: [String] = []
        var judged = (all: 0, claimed: 0)
        for _ in 0..<120 {
            let polygons = Self.randomPolygons(&generator)
            let fillRule: Path.FillRule = Bool.random(using: &generator) ? .evenOdd : .winding
            let shape = BandShape(polygons: polygons, fillRule: fillRule, role: role)
            let cairo = CairoFill(polygons, fillRule: fillRule)
            for _ in 0..<4 {
                // Band ends off the quarter-point grid, so no vertex lies exactly on one.
                let bottom = CGFloat(Int.random(in: -20...400, using: &generator)) / 4 + 0.1
                let top = bottom + CGFloat(Int.random(in: 2...160, using: &generator)) / 4
                if let failure = Self.check(polygons, fillRule: fillRule, role: role, bottom: bottom, top: top, cairo: cairo, shape: shape, judged: &judged) {
                    failures.append(failure)
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) bands disagree; first: \(failures.first ?? "")")
        // Most x are judged, and a fair share of them lie in answers.
        #expect(judged.all > 80_000 && judged.claimed > 2_000, "\(judged) \(role)")
    }

    @Test(arguments: [BandShape.Role.container, .exclusion])
    func curvesAgreeWithCairo(role: BandShape.Role) {
        var path = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 80))
        path.addPath(Path(roundedRect: CGRect(x: 30, y: 20, width: 40, height: 70), cornerWidth: 12, cornerHeight: 20))
        path.move(to: CGPoint(x: 5, y: 95))
        path.addCurve(to: CGPoint(x: 95, y: 95), control1: CGPoint(x: 120, y: -20), control2: CGPoint(x: -20, y: -20))
        path.closeSubpath()
        let polygons = path.polygons()
        var failures: [String] = []
        var judged = (all: 0, claimed: 0)
        for fillRule in [Path.FillRule.evenOdd, .winding] {
            let shape = BandShape(polygons: polygons, fillRule: fillRule, role: role)
            let cairo = CairoFill(polygons, fillRule: fillRule)
            for bottom in stride(from: -3.3, through: 96, by: 7.1) {
                for height in [0.7, 5.3, 14.2, 40.9] {
                    if let failure = Self.check(polygons, fillRule: fillRule, role: role, bottom: bottom, top: bottom + height,
                                                cairo: cairo, shape: shape, judged: &judged) {
                        failures.append(failure)
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) bands disagree; first: \(failures.first?.prefix(600) ?? "")")
        #expect(judged.all > 10_000 && judged.claimed > 1_000, "\(judged)")
    }

    /// A band across hundreds of slabs (answered from the tree's nodes, not slab by slab) is the circle's narrowest
    /// chord in it.
    @Test func aBandAcrossManyVerticesIsAnsweredFromTheTree() {
        let circle = BandShape(Path(ellipseIn: CGRect(x: 0, y: 0, width: 4000, height: 4000)), fillRule: .winding, role: .container)
        #expect(circle.slabHeights.count > 500)
        // The widest band inside: from 1000 to 3000 the circle is at least 2·√(2000² − 1000²) wide.
        let inside = circle.inside(from: 1000, to: 3000)
        #expect(inside.count == 1)
        let half = (2000.0 * 2000 - 1000 * 1000).squareRoot()
        #expect(abs(inside[0].lowerBound - (2000 - half)) < 0.5 && abs(inside[0].upperBound - (2000 + half)) < 0.5)
    }
}
