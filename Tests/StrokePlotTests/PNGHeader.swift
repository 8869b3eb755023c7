/// The size fields of a PNG's IHDR chunk, parsed by hand so the test does not trust the
/// library that wrote the file.
struct PNGHeader: Equatable {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: Int

    /// Parses the signature and the first chunk (which the PNG spec requires to be IHDR).
    init?(_ bytes: [UInt8]) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 33, Array(bytes[0..<8]) == signature else { return nil }
        func u32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        guard u32(8) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        width = u32(16)
        height = u32(20)
        bitDepth = Int(bytes[24])
        colorType = Int(bytes[25])
    }
}
