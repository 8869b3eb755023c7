import CCairo
import Foundation
import StrokeCore
import StrokeSmoothing

/// ForceSketch's fade-out (seed 003), frame by frame: strokes accumulate on an image (each
/// event's newly committed segments drawn onto it, as ForceSketch composites each
/// `touchesMoved`'s segments over its `CIImageAccumulator`); after lift-off, on every display
/// refresh while no finger is down, the accumulated image gets brightness +0.05 (Core Image's
/// `CIColorControls`: +0.05 added to each colour component, Cairo's ADD operator) and then a
/// Gaussian blur of radius 1 (`CIGaussianBlur`: standard deviation 1 px; pixman's convolution
/// filter with the 7×7 kernel of the sampled Gaussian, normalised, edges padded) until the
/// next stroke begins, or until the image is blank (every pixel white).
///
/// Frames are produced one at a time through a callback, so memory stays that of one image.
/// Deterministic: integer pixel arithmetic in pixman and Cairo.
public enum FadeAnimation {
    /// One stroke to animate: its replay and when the next stroke starts (seconds; `nil` for
    /// the last stroke, which fades until blank).
    public struct Stroke: Sendable {
        /// The stroke's replay (its committed ink grows frame by frame).
        public var replay: StrokeReplay
        /// Time the stroke ends (its last frame's delivery time), seconds.
        public var endTime: Double
        /// Start of the next stroke, seconds, or `nil`.
        public var nextStart: Double?
        /// Creates a stroke to animate.
        public init(replay: StrokeReplay, endTime: Double, nextStart: Double?) {
            self.replay = replay
            self.endTime = endTime
            self.nextStart = nextStart
        }
    }

    /// Settings.
    public struct Options: Hashable, Sendable {
        /// Display refresh rate, Hz (fade steps per second).
        public var refreshRateHz: Double = 60
        /// Brightness added per refresh (ForceSketch: 0.05).
        public var brightnessStep: Double = 0.05
        /// Standard deviation of the blur, pixels (ForceSketch: radius 1).
        public var blurSigma: Double = 1
        /// Most fade frames after one lift-off.
        public var maximumFadeFrames = 2000
        /// Canvas's longer side, pixels.
        public var longestSide = 640
        /// Write every `every`-th frame only (frame indices 0, every, 2·every, …); the others
        /// are still drawn (the fade of a frame depends on the one before), not encoded.
        public var every = 1
        /// The defaults.
        public init() {}

        /// The fade frames after one lift-off can take at most: ``maximumFadeFrames``, and no
        /// more than it takes the brightness steps alone to make every pixel white,
        /// ⌈1/``brightnessStep``⌉ (+ 4 for 8-bit rounding and the blur's edges). ForceSketch's
        /// fade is blank after about a dozen.
        public var fadeFrameLimit: Int {
            guard brightnessStep > 0, brightnessStep.isFinite else { return maximumFadeFrames }
            let saturating = (1 / brightnessStep).rounded(.up) + 4
            return saturating < Double(maximumFadeFrames) ? Int(saturating) : maximumFadeFrames
        }

        /// The fade frames after a stroke that ends at `endTime` when the next begins at
        /// `nextStart` (seconds; `nil` for the last stroke): the display refreshes between
        /// them, at most ``fadeFrameLimit``.
        public func fadeFrames(endTime: Double, nextStart: Double?) -> Int {
            guard let next = nextStart else { return fadeFrameLimit }
            let gap = ((next - endTime) * refreshRateHz).rounded(.down)
            return gap.isFinite ? Int(Swift.min(Swift.max(gap, 0), Double(fadeFrameLimit))) : fadeFrameLimit
        }
    }

    /// How many frames an animation holds at most, known from the strokes' events and times
    /// alone (before any replay or drawing): one per event, and ``Options/fadeFrames(endTime:nextStart:)``
    /// after each lift-off (`fades` of the `total`). `written` counts the frames written
    /// (every ``Options/every``-th), `drawnOnly` the fade frames that are blurred but not
    /// written. O(strokes).
    public static func frameBound(events: [(count: Int, endTime: Double, nextStart: Double?)], options: Options)
        -> (total: Int, fades: Int, written: Int, drawnOnly: Int)
    {
        var total = 0, fades = 0
        for e in events {
            let fade = options.fadeFrames(endTime: e.endTime, nextStart: e.nextStart)
            total += e.count + fade
            fades += fade
        }
        let every = Swift.max(options.every, 1)
        let written = (total + every - 1) / every
        return (total, fades, written, every == 1 ? 0 : fades - fades / every)
    }

    /// What was produced.
    public struct Summary: Hashable, Sendable {
        /// Frames written in all (every ``Options/every``-th frame drawn).
        public var frames: Int
        /// Per stroke: fade frames until the image was blank, or `nil` when the next stroke
        /// began first (or the maximum was reached).
        public var fadeFramesToBlank: [Int?]
    }

    /// Animates `strokes` in order, calling `write(index, pngBytes)` for every frame written
    /// (every ``Options/every``-th; `index` counts every frame drawn). At most
    /// ``frameBound(events:options:)`` frames.
    /// - Throws: ``RasterError`` for an empty drawing or a failing surface, or what `write` throws.
    public static func run(_ strokes: [Stroke], options: Options = Options(),
                           write: (Int, [UInt8]) throws -> Void) throws -> Summary {
        var bounds: Rect? = nil
        for s in strokes { if let b = s.replay.ink.inkBounds { bounds = bounds.map { $0.union(b) } ?? b } }
        guard let box = bounds, box.width.isFinite, box.height.isFinite else {
            throw RasterError("nothing to animate: no stroke drew ink")
        }
        guard options.refreshRateHz > 0, options.refreshRateHz.isFinite, options.blurSigma > 0, options.blurSigma <= 8 else {
            throw RasterError("the fade needs a positive refresh rate and a blur sigma in (0, 8]")
        }
        let margin = 12.0
        let side = Double(min(max(options.longestSide, 64), DrawingRenderer.maximumSide))
        let scale = (side - 2 * margin) / max(box.width, box.height, 1e-9)
        let w = RasterSize.pixels(box.width * scale + 2 * margin), h = RasterSize.pixels(box.height * scale + 2 * margin)
        let canvas = try CairoCanvas(format: .png, width: w, height: h)
        let viewport = Viewport(bounds: box, scale: scale, origin: Point(x: margin, y: margin))
        let blur = try GaussianBlur(width: w, height: h, sigma: options.blurSigma)
        var frames = 0, written = 0
        var toBlank: [Int?] = []
        let every = Swift.max(options.every, 1)
        func emit() throws {
            if frames % every == 0 {
                try write(frames, try canvas.snapshotPNG())
                written += 1
            }
            frames += 1
        }
        for stroke in strokes {
            var drawn = 0
            for frame in stroke.replay.frames {
                if frame.committedCount > drawn {
                    InkDrawing.segments(stroke.replay.ink.continuation(from: drawn).prefix(frame.committedCount - drawn + (drawn > 0 ? 1 : 0)),
                                        in: canvas.cr, viewport: viewport, background: .white)
                    drawn = frame.committedCount
                }
                try emit()
            }
            let limit = options.fadeFrames(endTime: stroke.endTime, nextStart: stroke.nextStart)
            var reached: Int? = nil
            var k = 0
            while k < limit {
                cairo_save(canvas.cr)
                cairo_set_operator(canvas.cr, CAIRO_OPERATOR_ADD)
                cairo_set_source_rgba(canvas.cr, options.brightnessStep, options.brightnessStep, options.brightnessStep, 1)
                cairo_paint(canvas.cr)
                cairo_restore(canvas.cr)
                try blur.apply(to: canvas.surface)
                k += 1
                try emit()
                if canvas.isBlank() { reached = k; break }
            }
            toBlank.append(reached)
        }
        return Summary(frames: written, fadeFramesToBlank: toBlank)
    }
}

/// A Gaussian blur through pixman's convolution filter (`PIXMAN_FILTER_CONVOLUTION`): the
/// sampled Gaussian exp(−(x² + y²)/(2σ²)) on a (2⌈3σ⌉+1)² grid, normalised to sum 1, in
/// 16.16 fixed point; edges padded (the border pixels extend outwards).
final class GaussianBlur {
    private let width: Int
    private let height: Int
    private var params: [pixman_fixed_t]
    private var scratch: [UInt32]

    init(width: Int, height: Int, sigma: Double) throws(RasterError) {
        self.width = width
        self.height = height
        let r = Int((3 * sigma).rounded(.up))
        let n = 2 * r + 1
        var kernel: [Double] = []
        for y in -r...r { for x in -r...r { kernel.append(exp(-Double(x * x + y * y) / (2 * sigma * sigma))) } }
        let sum = kernel.reduce(0, +)
        params = [pixman_fixed_t(n << 16), pixman_fixed_t(n << 16)] + kernel.map { pixman_fixed_t(($0 / sum * 65536).rounded()) }
        scratch = [UInt32](repeating: 0, count: width * height)
    }

    /// Blurs the RGB24 image surface in place.
    func apply(to surface: OpaquePointer) throws(RasterError) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw RasterError("the fade image has no pixel data") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let ok: Bool = scratch.withUnsafeMutableBufferPointer { buffer in
            let src = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(width), Int32(height),
                                               UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), Int32(stride))
            let dst = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(width), Int32(height), buffer.baseAddress, Int32(width * 4))
            guard let src, let dst else { return false }
            defer { pixman_image_unref(src); pixman_image_unref(dst) }
            params.withUnsafeBufferPointer { p in
                _ = pixman_image_set_filter(src, PIXMAN_FILTER_CONVOLUTION, p.baseAddress, Int32(p.count))
            }
            pixman_image_set_repeat(src, PIXMAN_REPEAT_PAD)
            pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
            return true
        }
        guard ok else { throw RasterError("pixman could not wrap the fade image") }
        scratch.withUnsafeBytes { bytes in
            for y in 0..<height {
                (data + y * stride).update(from: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * width * 4, count: width * 4)
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
