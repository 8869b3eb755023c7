// A tiny stand-in for the UIKit and SwiftUI types the guide's snippets use (docs/guides/live.md),
// so that the snippets compile — and run, fed a recorded trace — on Linux. On Apple platforms the
// real frameworks are used instead and this file compiles to nothing. Only what the snippets
// call is here; drawing calls are recorded, not drawn.
#if !canImport(UIKit)
import Foundation

/// `UITouch.TouchType`.
enum UITouchType { case direct, pencil }

/// One touch: what UIKit reports for the main, each coalesced and each predicted touch.
final class UITouch {
    let timestamp: TimeInterval
    private let point: CGPoint
    let force: CGFloat
    let maximumPossibleForce: CGFloat
    let altitudeAngle: CGFloat
    let majorRadius: CGFloat
    let type: UITouchType
    private let azimuth: CGFloat
    init(timestamp: TimeInterval, point: CGPoint, force: CGFloat, maximumPossibleForce: CGFloat, altitudeAngle: CGFloat,
         azimuth: CGFloat, majorRadius: CGFloat, type: UITouchType) {
        self.timestamp = timestamp
        self.point = point
        self.force = force
        self.maximumPossibleForce = maximumPossibleForce
        self.altitudeAngle = altitudeAngle
        self.azimuth = azimuth
        self.majorRadius = majorRadius
        self.type = type
    }
    func location(in view: UIView?) -> CGPoint { point }
    func azimuthAngle(in view: UIView?) -> CGFloat { azimuth }
}

/// The event of one `touches…` call: its coalesced and predicted touches.
final class UIEvent {
    let timestamp: TimeInterval
    private let coalesced: [UITouch]
    private let predicted: [UITouch]
    init(timestamp: TimeInterval, coalesced: [UITouch], predicted: [UITouch]) {
        self.timestamp = timestamp
        self.coalesced = coalesced
        self.predicted = predicted
    }
    func coalescedTouches(for touch: UITouch) -> [UITouch]? { coalesced }
    func predictedTouches(for touch: UITouch) -> [UITouch]? { predicted }
}

/// A colour (unused on Linux).
struct UIColor { static let black = UIColor(), systemBlue = UIColor(); func setStroke() {} }

/// A path the snippets build and stroke; stroking records the element count.
final class UIBezierPath {
    private(set) var elements = 0
    var lineWidth: CGFloat = 1
    var lineCapStyle = 0
    func move(to p: CGPoint) { elements += 1 }
    func addLine(to p: CGPoint) { elements += 1 }
    func addQuadCurve(to p: CGPoint, controlPoint: CGPoint) { elements += 1 }
    func addCurve(to p: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) { elements += 1 }
    func stroke() { DrawingLog.shared.stroked += elements }
}

/// The cached image of committed ink.
final class UIImage { func draw(in rect: CGRect) {} }

/// Draws into an image (the cached committed ink).
final class UIGraphicsImageRenderer {
    init(bounds: CGRect) {}
    func image(actions: (Any) -> Void) -> UIImage { actions(0); return UIImage() }
}

/// A view: the touch handlers the snippet overrides.
class UIView {
    var bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
    func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
    func setNeedsDisplay() { DrawingLog.shared.displays += 1 }
    func draw(_ rect: CGRect) {}
}

extension UITouch: Hashable {
    static func == (a: UITouch, b: UITouch) -> Bool { a === b }
    func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

// SwiftUI: just enough for the Canvas snippet.

/// `SwiftUI.Path` (named so it cannot be confused with StrokeCore's `Path`; the snippets write
/// `SwiftUI.Path`, which the enum below resolves here).
struct StandInPath {
    private(set) var elements = 0
    mutating func move(to p: CGPoint) { elements += 1 }
    mutating func addLine(to p: CGPoint) { elements += 1 }
    mutating func addQuadCurve(to p: CGPoint, control: CGPoint) { elements += 1 }
    mutating func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint) { elements += 1 }
}
/// `SwiftUI.StrokeStyle`.
struct StrokeStyle { var lineWidth: CGFloat; var lineCap = 0; var lineJoin = 0 }
/// `SwiftUI.Color` and `GraphicsContext.Shading`.
struct Color { static let primary = Color(), blue = Color() }
/// `SwiftUI.GraphicsContext`.
struct GraphicsContext {
    enum Shading { case color(Color) }
    func stroke(_ path: StandInPath, with shading: Shading, style: StrokeStyle) { DrawingLog.shared.stroked += path.elements }
}
/// `SwiftUI.View`.
protocol View { associatedtype Body; var body: Body { get } }
/// `SwiftUI.Canvas`: calls its renderer once here.
struct Canvas: View {
    init(renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
        var context = GraphicsContext()
        renderer(&context, CGSize(width: 1024, height: 768))
    }
    var body: Canvas { self }
}
/// The module name the snippets qualify `Path` with.
enum SwiftUI { typealias Path = StandInPath }

/// What the stand-ins were asked to draw.
final class DrawingLog: @unchecked Sendable {
    static let shared = DrawingLog()
    var stroked = 0
    var displays = 0
}
#endif
