/// What a pipeline shows for one stroke at one moment: its **ink**.
///
/// Three styled centre lines, drawn in this order — the *committed* ink (final; an app draws
/// it into its cached image), the *provisional* tail (drawn now, replaced at the next event)
/// and the *predicted* ink (extrapolated, thrown away at the next event) — and, for stages
/// that make one, the stroke's *outline*: filled polygons (non-zero winding) covering the
/// ink, as perfect-freehand produces. When ``outline`` is empty the ink is its centre lines
/// drawn with their widths (round caps and joins; ``InkOutline`` derives the same area).
public struct Ink: Hashable, Sendable {
    /// Final ink.
    public var committed: InkPath
    /// The tail shown until the next event.
    public var provisional: InkPath
    /// Predicted ink, drawn straight from the tip.
    public var predicted: InkPath
    /// Outline polygons made by a style stage, in the stage's point order; empty when none.
    public var outline: [[Point]]

    /// Creates ink from its parts.
    public init(committed: InkPath = InkPath(), provisional: InkPath = InkPath(), predicted: InkPath = InkPath(),
                outline: [[Point]] = []) {
        self.committed = committed
        self.provisional = provisional
        self.predicted = predicted
        self.outline = outline
    }

    /// True when nothing would be drawn.
    public var isEmpty: Bool {
        committed.isEmpty && provisional.isEmpty && predicted.isEmpty && outline.allSatisfy { $0.count < 3 }
    }

    /// The tip: the end of predicted, else provisional, else committed ink; `nil` when empty.
    public var tip: Point? { predicted.currentPoint ?? provisional.currentPoint ?? committed.currentPoint }

    /// Box around every point of the ink, grown by half its widest line. `nil` when empty.
    public var bounds: Rect? {
        var box: Rect? = nil
        for part in [committed, provisional, predicted] {
            if let b = part.inkBounds { box = box.map { $0.union(b) } ?? b }
        }
        for polygon in outline { for p in polygon { box = box.including(p) } }
        return box
    }
}
