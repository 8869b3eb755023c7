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

    /// Writes `bytes` to `path` atomically, creating parent directories as needed. Bytes in
    /// contiguous storage (an array, a string's UTF-8) are written from where they are, not
    /// copied first.
    public static func write(_ bytes: some Collection<UInt8>, to path: String) throws(IOError) {
        var failure: IOError? = nil
        let wrote: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(IOError) { try write(contiguous: UnsafeRawBufferPointer(buffer), to: path) } catch { failure = error }
        }
        if let failure { throw failure }
        if wrote == nil {
            Array(bytes).withUnsafeBytes { raw in
                do throws(IOError) { try write(contiguous: raw, to: path) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    /// Writes the bytes of `bytes` to `path` atomically (``write(_:to:)``).
    private static func write(contiguous bytes: UnsafeRawBufferPointer, to path: String) throws(IOError) {
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
        var written = 0
        while written < bytes.count {
            let n = Glibc_write(fd, bytes.baseAddress! + written, bytes.count - written)
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

    /// Writes `text` as UTF-8 to `path` atomically, from the string's own storage (a
    /// 200 MB `results.csv` is not copied into an array first).
    public static func write(text: String, to path: String) throws(IOError) {
        var text = text
        var failure: IOError? = nil
        text.withUTF8 { buffer in
            do throws(IOError) { try write(contiguous: UnsafeRawBufferPointer(buffer), to: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// The largest file ``read(_:limit:)`` reads by default: 256 MiB. Parsing multiplies
    /// memory by up to about ten, so this keeps a hostile input within a few GiB.
    public static let maximumReadBytes = 256 << 20

    /// Reads the whole regular file at `path`, at most `limit` bytes.
    ///
    /// Refuses, with a message that says what the path is, anything that is not a regular
    /// file — a directory, a named pipe (which would block), a character device such as
    /// `/dev/zero` (which never ends), a block device or a socket — and files larger than
    /// `limit`; the system's own reason is given when the file cannot be opened or read
    /// (`Permission denied`). Never blocks on a FIFO: the type is checked before opening.
    public static func read(_ path: String, limit: Int = maximumReadBytes) throws(IOError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw IOError(path: path, problem: errno == ENOENT ? "no such file" : "cannot read the file: \(reason())")
        }
        if let kind = nonRegularKind(info.st_mode) {
            throw IOError(path: path, problem: kind == "a directory" ? "is a directory, not a file" : "is \(kind), not a regular file")
        }
        if Int64(info.st_size) > Int64(limit) {
            throw IOError(path: path, problem: "is \(byteCount(Int64(info.st_size))); StrokeLab reads files of at most \(byteCount(Int64(limit)))")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw IOError(path: path, problem: "cannot read the file: \(reason())") }
        defer { close(fd) }
        // The size can change (or lie, as in /proc): read until the end, within the limit.
        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(max(0, min(Int64(info.st_size), Int64(limit)))) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc_read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw IOError(path: path, problem: "cannot read the file: \(reason())")
            }
            if n == 0 { break }
            guard bytes.count + n <= limit else {
                throw IOError(path: path, problem: "is larger than \(byteCount(Int64(limit))), the most StrokeLab reads")
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// What a non-regular file is ("a named pipe (FIFO)", …), or `nil` for a regular file.
    static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// `n` bytes as "300 MiB", "12 KiB" or "17 bytes".
    static func byteCount(_ n: Int64) -> String {
        if n >= 1 << 20 { return "\(n >> 20) MiB" }
        if n >= 1 << 10 { return "\(n >> 10) KiB" }
        return "\(n) bytes"
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}

@inline(__always)
private func Glibc_read(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, p, n)
    #else
    return Darwin.read(fd, p, n)
    #endif
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, p, n)
    #else
    return Darwin.write(fd, p, n)
    #endif
}
