import Foundation
import Galley
import Testing

@Suite struct PathTests {
    @Test func rectangleAndEllipse() {
        let rect = CGRect(x: 10, y: 20, width: 30, height: 40)
        let path = Path(rect: rect)
        #expect(path.boundingBox == rect && path.boundingBoxOfPath == rect)
        #expect(path.elements.count == 5 && path.elements.last == .closeSubpath)
        let ellipse = Path(ellipseIn: rect)
        #expect(abs(ellipse.boundingBoxOfPath.minX - 10) < 1e-9 && abs(ellipse.boundingBoxOfPath.maxY - 60) < 1e-9)
        let rounded = Path(roundedRect: rect, cornerWidth: 100, cornerHeight: 5)
        #expect(abs(rounded.boundingBoxOfPath.width - 30) < 1e-9 && abs(rounded.boundingBoxOfPath.height - 40) < 1e-9)
        #expect(Path().boundingBox.isNull && Path().isEmpty && Path().currentPoint == nil)
    }

    @Test func tightBoundsOfCurves() {
        var path = Path()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 3, y: 0), control1: CGPoint(x: 1, y: 3), control2: CGPoint(x: 2, y: 3))
        path.addQuadCurve(to: CGPoint(x: 5, y: 0), control: CGPoint(x: 4, y: -2))
        #expect(path.boundingBox.maxY == 3 && path.boundingBox.minY == -2, "control points")
        #expect(abs(path.boundingBoxOfPath.maxY - 2.25) < 1e-9, "cubic peak at t = 1/2: 3·¾·3/4… = 2.25")
        #expect(abs(path.boundingBoxOfPath.minY - -1) < 1e-9, "quadratic peak: half the control's depth")
    }

    @Test func transformsAndImplicitMoves() {
        var path = Path()
        path.addLine(to: CGPoint(x: 1, y: 1))  // no current point: becomes a move
        path.addLine(to: CGPoint(x: 2, y: 1))
        path.closeSubpath()
        path.closeSubpath()  // a second close is ignored
        #expect(path.elements == [.move(to: CGPoint(x: 1, y: 1)), .line(to: CGPoint(x: 2, y: 1)), .closeSubpath])
        #expect(path.currentPoint == CGPoint(x: 1, y: 1))
        let moved = path.applying(AffineTransform(translationByX: 10, byY: 0))
        #expect(moved.boundingBox == CGRect(x: 11, y: 1, width: 1, height: 0))
    }
}
