import Foundation

extension Path {
    /// The path as closed polygons (curves flattened to within about 0.1 point), for band queries. Every subpath
    /// is closed implicitly, as filling does.
    func polygons() -> [[CGPoint]] {
        var polygons: [[CGPoint]] = []
        var current: [CGPoint] = []
        func finish() {
            if current.count >= 3 { polygons.append(current) }
            current = []
        }
        func flatten(_ steps: Int, _ point: (CGFloat) -> CGPoint) {
            for step in 1...steps { current.append(point(CGFloat(step) / CGFloat(steps))) }
        }
        for element in elements {
            switch element {
            case .move(let point):
                finish()
                current = [point]
            case .line(let point):
                if current.isEmpty { current = [point] } else { current.append(point) }
            case .quadCurve(let end, let control):
                guard let start = current.last else { current = [end]; continue }
                let length = hypot(control.x - start.x, control.y - start.y) + hypot(end.x - control.x, end.y - control.y)
                flatten(Path.steps(length)) { t in
                    let u = 1 - t
                    return CGPoint(x: u * u * start.x + 2 * u * t * control.x + t * t * end.x,
                                   y: u * u * start.y + 2 * u * t * control.y + t * t * end.y)
                }
            case .curve(let end, let c1, let c2):
                guard let start = current.last else { current = [end]; continue }
                let length = hypot(c1.x - start.x, c1.y - start.y) + hypot(c2.x - c1.x, c2.y - c1.y)
                    + hypot(end.x - c2.x, end.y - c2.y)
                flatten(Path.steps(length)) { t in
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    return CGPoint(x: a * start.x + b * c1.x + c * c2.x + d * end.x,
                                   y: a * start.y + b * c1.y + c * c2.y + d * end.y)
                }
            case .closeSubpath:
                let start = current.first
                finish()
                if let start { current = [start] }
            }
        }
        finish()
        return polygons.map { $0.filter { $0.x.isFinite && $0.y.isFinite } }.filter { $0.count >= 3 }
    }

    private static func steps(_ length: CGFloat) -> Int {
        guard length.isFinite else { return 1 }
        // Clamped before the conversion: a huge (finite) curve would overflow `Int`.
        return Int(min(max((length / 2).rounded(.up), 4), 256))
    }
}
