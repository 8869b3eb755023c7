import Foundation
import StrokeGoldenImages

// `make golden`: rewrites every committed golden image of the raster tests from the current
// code (GoldenImages), and says which changed. The only writer of those files.
do {
    for image in try GoldenImages.all() {
        let old = FileManager.default.contents(atPath: image.path).map { [UInt8]($0) }
        try Data(image.png).write(to: URL(fileURLWithPath: image.path), options: .atomic)
        print("\(old == image.png ? "unchanged" : "rewritten"): \(image.path)")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
