// The SwiftUI snippet of docs/guides/live.md (the guide shows this file): a model that feeds a
// live stroke, and a Canvas that draws the finished strokes, the committed ink of the current
// one, its tail and its prediction. SwiftUI's gestures deliver one location per event (no
// coalesced or predicted touches): wrap the UIKit view in a UIViewRepresentable to get them.
#if canImport(SwiftUI)
import SwiftUI
#else
import Foundation
#endif
import StrokeCore
import StrokeSmoothing

final class InkModel {
    private(set) var live = try! LiveStroke(label: "midpoint-bezier(tail=complete)")
    /// The committed ink of the strokes already finished.
    private(set) var finished: [InkPath] = []

    /// A drag gesture's change: the first of a drag begins a stroke.
    func dragChanged(to location: CGPoint, at time: TimeInterval, first: Bool) {
        let sample = TouchSample(time: time, location: Point(x: Double(location.x), y: Double(location.y)), kind: .finger)
        if first { live.began([sample]) } else { live.moved([sample]) }
    }

    /// The drag ended: the stroke is finished and kept.
    func dragEnded(at location: CGPoint, time: TimeInterval) {
        live.ended([TouchSample(time: time, location: Point(x: Double(location.x), y: Double(location.y)), kind: .finger)])
        finished.append(live.committed)
    }
}

struct InkCanvas: View {
    let model: InkModel

    var body: some View {
        Canvas { context, size in
            for ink in model.finished { stroke(ink, in: &context, color: .primary) }
            let live = model.live
            if live.isDrawing {
                stroke(live.committed, in: &context, color: .primary)
                stroke(live.provisional, from: live.committed.currentPoint, in: &context, color: .primary)
                stroke(live.predicted, in: &context, color: .blue)
            }
        }
    }

    /// Strokes every segment of `ink` with the width of the ink at its end.
    private func stroke(_ ink: InkPath, from start: StrokeCore.Point? = nil, in context: inout GraphicsContext, color: Color) {
        var current = start
        for (element, attributes) in zip(ink.elements, ink.attributes) {
            defer { current = element.endPoint }
            guard let from = current, !element.isMove else { continue }
            var path = SwiftUI.Path()
            path.move(to: CGPoint(from))
            switch element {
            case .move: break
            case .line(let p): path.addLine(to: CGPoint(p))
            case .quadCurve(let p, let c): path.addQuadCurve(to: CGPoint(p), control: CGPoint(c))
            case .curve(let p, let c1, let c2): path.addCurve(to: CGPoint(p), control1: CGPoint(c1), control2: CGPoint(c2))
            }
            context.stroke(path, with: .color(color), style: StrokeStyle(lineWidth: attributes.width))
        }
    }
}
