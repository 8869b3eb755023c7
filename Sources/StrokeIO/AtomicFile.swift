#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reading and writing whole files safely.
///
/// Writes never leave a half-written file in place of a good one: the bytes go to a
/// temporary file in the same directory, are flushed, and the temporary file is renamed over
/// the destination (rename is atomic on POSIX file systems). On any failure the temporary
/// file is removed and the destination is untouched.
public enum AtomicFile {
    /// An I/O failure, naming the path and the system's reason.
    public struct IOError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The path.
        public var path: String
        /// What went wrong.
        public var problem: String
        /// `path: problem`, one line.
        public var description: String { "\(path): \(problem)" }
    }

    /// Writes `bytes` to `path` atomically, creating parent directories as needed.
    public static func write(_ bytes: some Collection<UInt8>, to path: String) throws(IOError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw IOError(path: path, problem: "cannot create directory \(directory): \(error.localizedDescription)")
        }
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw IOError(path: path, problem: "cannot create a temporary file: \(reason())") }
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        let array = Array(bytes)
        var written = 0
        while written < array.count {
            let n = array.withUnsafeBytes { raw in
                Glibc_write(fd, raw.baseAddress! + written, array.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                let why = reason()
                close(fd)
                throw IOError(path: path, problem: "write failed: \(why)")
            }
            written += n
        }
        if fsync(fd) != 0 {
            let why = reason()
            close(fd)
            throw IOError(path: path, problem: "fsync failed: \(why)")
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            throw IOError(path: path, problem: "cannot replace the file: \(reason())")
        }
        ok = true
    }

    /// Writes `text` as UTF-8 to `path` atomically.
    public static func write(text: String, to path: String) throws(IOError) {
        try write(Array(text.utf8), to: path)
    }

    /// Reads the whole file at `path`.
    public static func read(_ path: String) throws(IOError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw IOError(path: path, problem: "no such file")
        }
        guard !isDirectory.boolValue else { throw IOError(path: path, problem: "is a directory, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw IOError(path: path, problem: "cannot read the file (permissions?)")
        }
        return [UInt8](data)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, p, n)
    #else
    return Darwin.write(fd, p, n)
    #endif
}
