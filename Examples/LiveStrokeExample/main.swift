// `live-example TRACE [LABEL]`: feeds every stroke of a recorded trace, event by event, through
// a LiveStroke (default label: the UIKit snippet's) and prints what each event asks the app to
// draw — the elements newly committed, the provisional tail, the predicted ink — then drives the
// guide's UIKit view and SwiftUI canvas (DrawingView.swift, InkCanvas.swift) with the same
// events through the stand-in touch types, and says how much they stroked.
import Foundation
import StrokeCore
import StrokeIO
import StrokeSmoothing

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: live-example TRACE [LABEL]\n".utf8))
    exit(2)
}
let label = arguments.count > 2 ? arguments[2] : "midpoint-bezier(tail=complete)|predict:kalman(horizon=16.7)"
let strokes: [Stroke]
var live: LiveStroke
do {
    strokes = try TraceImport.load(path: arguments[1]).flatMap(\.strokes)
    live = try LiveStroke(label: label)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

var replayer = PipelineReplayer(input: live.input, stages: try! PipelineDescription(parsing: label).stages.map(\.implementation))
for stroke in strokes {
    print("stroke \(stroke.id): \(stroke.events.count) events through \(label)")
    for (k, event) in stroke.events.enumerated() {
        live.handle(event)
        print("  event \(k) \(event.phase.rawValue): +\(live.newlyCommitted.count) committed (\(live.committed.count) in all), "
              + "tail \(live.provisional.count), predicted \(live.predicted.count)")
    }
    let replayed = replayer.replay(stroke).ink
    print("  committed \(live.committed.count) elements; the replay recorded \(replayed.count): \(live.committed == replayed ? "equal" : "DIFFERENT")")
}

// The guide's snippets, fed the same events through the stand-in touch types.
let view = DrawingView()
let model = InkModel()
for stroke in strokes {
    for (k, event) in stroke.events.enumerated() {
        func touch(_ s: TouchSample) -> UITouch {
            UITouch(timestamp: s.time, point: CGPoint(s.location), force: CGFloat(s.force),
                    maximumPossibleForce: CGFloat(s.maximumPossibleForce), altitudeAngle: CGFloat(s.altitude),
                    azimuth: CGFloat(s.azimuth), majorRadius: CGFloat(s.majorRadius), type: stroke.kind == .finger ? .direct : .pencil)
        }
        let coalesced = event.samples.map(touch)
        let uiEvent = UIEvent(timestamp: event.time, coalesced: coalesced, predicted: event.predicted.map(touch))
        let touches: Set<UITouch> = [coalesced[coalesced.count - 1]]
        switch event.phase {
        case .began: view.touchesBegan(touches, with: uiEvent)
        case .moved: view.touchesMoved(touches, with: uiEvent)
        case .ended: view.touchesEnded(touches, with: uiEvent)
        case .cancelled: view.touchesCancelled(touches, with: uiEvent)
        }
        view.draw(view.bounds)
        let main = CGPoint(event.main.location)
        if event.phase.isTerminal { model.dragEnded(at: main, time: event.time) } else { model.dragChanged(to: main, at: event.time, first: k == 0) }
        _ = InkCanvas(model: model).body
    }
}
print("snippets: the UIKit view and the SwiftUI canvas stroked \(DrawingLog.shared.stroked) path elements over \(DrawingLog.shared.displays) displays")
