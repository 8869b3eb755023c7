// The UIKit snippet of docs/guides/live.md (the guide shows this file): a drawing view in the
// seeds' structure. Committed ink is drawn once into a cached image; the provisional tail and
// the prediction are drawn on top at every frame and replaced at the next event.
#if canImport(UIKit)
import UIKit
#else
import Foundation
#endif
import StrokeCore
import StrokeSmoothing

final class DrawingView: UIView {
    /// The pipeline that won the comparison, as its label.
    private var live = try! LiveStroke(label: "midpoint-bezier(tail=complete)|predict:kalman(horizon=16.7)")
    /// The committed ink of every stroke so far.
    private var drawingImage: UIImage?
    /// Sample buffers reused from event to event (the live stroke does not keep them).
    private var samples: [TouchSample] = []
    private var predicted: [TouchSample] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { handle(.began, touches, event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { handle(.moved, touches, event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { handle(.ended, touches, event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { handle(.cancelled, touches, event) }

    private func handle(_ phase: TouchPhase, _ touches: Set<UITouch>, _ event: UIEvent?) {
        guard let touch = touches.first else { return }
        samples.removeAll(keepingCapacity: true)
        for t in event?.coalescedTouches(for: touch) ?? [touch] { samples.append(sample(t)) }
        predicted.removeAll(keepingCapacity: true)
        for t in event?.predictedTouches(for: touch) ?? [] { predicted.append(sample(t)) }
        live.handle(TouchEvent(phase: phase, time: event?.timestamp, samples: samples, predicted: predicted))

        // Committed ink only grows: draw what this event committed into the cached image, once.
        if !live.newlyCommitted.isEmpty {
            let committed = live.committed, range = live.newlyCommitted
            drawingImage = UIGraphicsImageRenderer(bounds: bounds).image { _ in
                drawingImage?.draw(in: bounds)
                stroke(committed, range, color: .black)
            }
        }
        setNeedsDisplay()
    }

    override func draw(_ rect: CGRect) {
        drawingImage?.draw(in: bounds)
        let tail = live.provisional, guess = live.predicted
        stroke(tail, 0..<tail.count, from: live.committed.currentPoint, color: .black)
        stroke(guess, 0..<guess.count, color: .systemBlue)
    }

    /// Strokes elements `range` of `ink`, each segment with its own width (the ink at its end,
    /// as the seeds draw each segment); the first starts at `start`, or where element
    /// `range.lowerBound − 1` ends.
    private func stroke(_ ink: InkPath, _ range: Range<Int>, from start: Point? = nil, color: UIColor) {
        color.setStroke()
        var current = start ?? (range.lowerBound > 0 ? ink.elements[range.lowerBound - 1].endPoint : nil)
        for i in range {
            let element = ink.elements[i]
            defer { current = element.endPoint }
            guard let from = current, !element.isMove else { continue }
            let path = UIBezierPath()
            path.lineWidth = ink.attributes[i].width
            path.move(to: CGPoint(from))
            switch element {
            case .move: break
            case .line(let p): path.addLine(to: CGPoint(p))
            case .quadCurve(let p, let c): path.addQuadCurve(to: CGPoint(p), controlPoint: CGPoint(c))
            case .curve(let p, let c1, let c2): path.addCurve(to: CGPoint(p), controlPoint1: CGPoint(c1), controlPoint2: CGPoint(c2))
            }
            path.stroke()
        }
    }

    /// A touch as a StrokeLab sample (every channel UIKit reports).
    private func sample(_ t: UITouch) -> TouchSample {
        let p = t.location(in: self)
        return TouchSample(time: t.timestamp, location: Point(x: Double(p.x), y: Double(p.y)), force: Double(t.force),
                           maximumPossibleForce: Double(t.maximumPossibleForce), altitude: Double(t.altitudeAngle),
                           azimuth: Double(t.azimuthAngle(in: self)), majorRadius: Double(t.majorRadius),
                           kind: t.type == .pencil ? .stylus : .finger)
    }
}

extension CGPoint {
    /// A StrokeLab point as a Core Graphics point.
    init(_ p: Point) { self.init(x: CGFloat(p.x), y: CGFloat(p.y)) }
}
