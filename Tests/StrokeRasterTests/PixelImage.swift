import CCairo
import Foundation

/// A decoded PNG (through Cairo's `cairo_image_surface_create_from_png`), as 8-bit RGB.
struct PixelImage {
    var width: Int
    var height: Int
    /// Row-major (r, g, b) triples.
    var rgb: [UInt8]

    /// Decodes PNG bytes; nil when Cairo cannot read them.
    init?(png bytes: [UInt8]) {
        let path = FileManager.default.temporaryDirectory.path + "/raster-test-\(UUID().uuidString).png"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        self.init(path: path)
    }

    /// Decodes the PNG file at `path`.
    init?(path: String) {
        guard let surface = cairo_image_surface_create_from_png(path) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        // Convert whatever format Cairo chose (RGB24 or ARGB32) into RGB24 by painting.
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        guard let target = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(target) }
        let cr = cairo_create(target)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        let stride = Int(cairo_image_surface_get_stride(target))
        guard let data = cairo_image_surface_get_data(target) else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                // RGB24 is a native-endian 32-bit word 0x00RRGGBB.
                let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
                out.append(UInt8((word >> 16) & 0xff))
                out.append(UInt8((word >> 8) & 0xff))
                out.append(UInt8(word & 0xff))
            }
        }
        rgb = out
    }

    /// The (r, g, b) at a pixel.
    func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * width + x) * 3
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    /// Number of pixels whose largest channel difference to `other` exceeds `tolerance`.
    func pixelsDiffering(from other: PixelImage, by tolerance: Int) -> Int {
        precondition(width == other.width && height == other.height)
        var count = 0
        var i = 0
        while i < rgb.count {
            let d = max(abs(Int(rgb[i]) - Int(other.rgb[i])), abs(Int(rgb[i + 1]) - Int(other.rgb[i + 1])),
                        abs(Int(rgb[i + 2]) - Int(other.rgb[i + 2])))
            if d > tolerance { count += 1 }
            i += 3
        }
        return count
    }
}
