import Foundation
import CCairo

/// Collects the bytes Cairo writes to a stream surface or PNG stream.
final class ByteSink {
    var bytes: [UInt8] = []
}

/// Cairo's stream-writing callback: appends to the ``ByteSink`` passed as the closure.
private func appendToSink(_ closure: UnsafeMutableRawPointer?, _ data: UnsafePointer<UInt8>?, _ length: UInt32) -> cairo_status_t {
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
}

/// A Cairo surface and its drawing context for one output file: an RGB image for PNG, or a
/// vector surface streaming SVG or PDF into memory. ``finish()`` returns the file's bytes,
/// made deterministic (see ``DeterministicVectorOutput``); writing them is the caller's job,
/// so that it can be atomic.
///
/// Units: one device unit is one pixel (SVG with `px` document units; PDF points).
final class CairoCanvas {
    let format: RasterFormat
    let width: Int
    let height: Int
    let surface: OpaquePointer
    let cr: OpaquePointer
    private let sink = ByteSink()
    private var finished = false

    /// Creates a canvas of `width` × `height` pixels, filled with `background`.
    init(format: RasterFormat, width: Int, height: Int, background: RasterColor = .white) throws(RasterError) {
        guard width >= 1, height >= 1, width <= 32_767, height <= 32_767 else {
            throw RasterError("raster size \(width)×\(height) px is outside 1…32767")
        }
        self.format = format
        self.width = width
        self.height = height
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let s: OpaquePointer?
        switch format {
        case .png:
            s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        case .svg:
            s = cairo_svg_surface_create_for_stream(appendToSink, closure, Double(width), Double(height))
            if let s { cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX) }
        case .pdf:
            s = cairo_pdf_surface_create_for_stream(appendToSink, closure, Double(width), Double(height))
            // The creation date ("now") is fixed afterwards by DeterministicVectorOutput.
            if let s { cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "StrokeLab") }
        }
        guard let s, cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            if let s { cairo_surface_destroy(s) }
            throw RasterError("cannot create a \(width)×\(height) \(format.rawValue.uppercased()) surface")
        }
        guard let c = cairo_create(s), cairo_status(c) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            throw RasterError("cannot create a Cairo context")
        }
        surface = s
        cr = c
        cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
        cairo_paint(cr)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Ends drawing and returns the file's bytes.
    func finish() throws(RasterError) -> [UInt8] {
        precondition(!finished, "a canvas is finished once")
        finished = true
        if cairo_status(cr) != CAIRO_STATUS_SUCCESS {
            throw RasterError("Cairo drawing failed: \(String(cString: cairo_status_to_string(cairo_status(cr))))")
        }
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        switch format {
        case .png:
            cairo_surface_flush(surface)
            let status = cairo_surface_write_to_png_stream(surface, appendToSink, closure)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw RasterError("PNG encoding failed: \(String(cString: cairo_status_to_string(status)))")
            }
            return sink.bytes
        case .svg:
            cairo_surface_finish(surface)
            try checkSurface()
            return DeterministicVectorOutput.renumberingSVGIdentifiers(sink.bytes)
        case .pdf:
            cairo_surface_finish(surface)
            try checkSurface()
            return DeterministicVectorOutput.fixingPDFDates(sink.bytes)
        }
    }

    /// The image as PNG bytes now, leaving the canvas open for more drawing (PNG canvases only).
    func snapshotPNG() throws(RasterError) -> [UInt8] {
        precondition(format == .png, "snapshots are of image canvases")
        let snapshot = ByteSink()
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png_stream(surface, appendToSink, Unmanaged.passUnretained(snapshot).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RasterError("PNG encoding failed: \(String(cString: cairo_status_to_string(status)))")
        }
        return snapshot.bytes
    }

    /// True when every pixel of the image is white (PNG canvases only).
    func isBlank() -> Bool {
        precondition(format == .png, "only image canvases have pixels")
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return false }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] & 0x00ff_ffff != 0x00ff_ffff { return false }
        }
        return true
    }

    private func checkSurface() throws(RasterError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RasterError("\(format.rawValue.uppercased()) output failed: \(String(cString: cairo_status_to_string(status)))")
        }
    }
}
