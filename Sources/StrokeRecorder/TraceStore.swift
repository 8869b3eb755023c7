#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The output directory of `strokelab record`: stores each upload as a new file, atomically,
/// under a name no other upload has — never replacing a file, whoever else writes there.
///
/// A file is named `<stem>-<UTC date>-<time>.json` (e.g. `circle-20261123-114512.json`); when
/// that name is taken — the same recording uploaded twice in a second, two uploads at once,
/// or a file already there — the next free one of `…-2.json`, `…-3.json`, … is used. The bytes
/// go to a hidden temporary file in the directory (`O_EXCL`, flushed with `fsync`), which is
/// then *linked* to the final name: `link(2)` fails when the name exists, so two writers can
/// never both get one name, and a reader never sees a half-written file. (On file systems
/// without hard links the name is reserved with `O_EXCL` and the file renamed over the
/// reservation; a reader may then see an empty file for a moment.) The temporary file is
/// removed in every case. Files are only ever created directly inside ``directory``.
public struct TraceStore: Sendable {
    /// A failure to store, naming the path and the system's reason.
    public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong, one line.
        public var description: String
    }

    /// The output directory (as given, without a trailing slash).
    public let directory: String
    /// How many numbered alternatives to try before giving up.
    public static let maximumAttempts = 10_000

    /// A store writing into `directory`, which is created (with its parents) if missing.
    /// Throws when it cannot be created or is not a writable directory.
    public init(directory: String) throws(StoreError) {
        var path = directory
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw StoreError(description: "\(path): exists and is not a directory") }
        } else {
            do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
                throw StoreError(description: "\(path): cannot create the directory: \(error.localizedDescription)")
            }
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw StoreError(description: "\(path): the directory is not writable")
        }
        self.directory = path
    }

    /// The name `stem-date` for `date` (UTC), without a counter or extension.
    static func baseName(_ stem: RecordingName, date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ v: Int?) -> String { let v = v ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        return "\(stem.stem)-\(c.year ?? 0)\(two(c.month))\(two(c.day))-\(two(c.hour))\(two(c.minute))\(two(c.second))"
    }

    /// Stores `bytes` as a new file named after `stem` and `date`; returns the file's name
    /// (not its path). O(bytes) plus one `link` per name already taken.
    public func save(_ bytes: [UInt8], stem: RecordingName, date: Date = Date()) throws(StoreError) -> String {
        let temporary = "\(directory)/.upload-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw StoreError(description: "\(directory): cannot create a temporary file: \(Self.reason())") }
        defer { unlink(temporary) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in systemWrite(fd, raw.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let why = Self.reason()
                close(fd)
                throw StoreError(description: "\(temporary): write failed: \(why)")
            }
            written += n
        }
        if fsync(fd) != 0 {
            let why = Self.reason()
            close(fd)
            throw StoreError(description: "\(temporary): fsync failed: \(why)")
        }
        close(fd)
        let base = Self.baseName(stem, date: date)
        for attempt in 1...Self.maximumAttempts {
            let name = attempt == 1 ? "\(base).json" : "\(base)-\(attempt).json"
            let path = "\(directory)/\(name)"
            if link(temporary, path) == 0 {
                syncDirectory()
                return name
            }
            if errno == EEXIST { continue }
            // File systems without hard links (FAT, some network shares): reserve the name
            // with O_EXCL, then rename the finished file over the reservation.
            guard errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP || errno == EMLINK else {
                throw StoreError(description: "\(path): cannot create the file: \(Self.reason())")
            }
            let reservation = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            if reservation < 0 {
                if errno == EEXIST { continue }
                throw StoreError(description: "\(path): cannot create the file: \(Self.reason())")
            }
            close(reservation)
            guard rename(temporary, path) == 0 else {
                let why = Self.reason()
                unlink(path)
                throw StoreError(description: "\(path): cannot create the file: \(why)")
            }
            syncDirectory()
            return name
        }
        throw StoreError(description: "\(directory): \(Self.maximumAttempts) files named \(base)… exist already")
    }

    /// Flushes the directory entry, so a stored file survives a crash (best effort).
    private func syncDirectory() {
        let fd = open(directory, O_RDONLY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}

@inline(__always)
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, p, n)
    #else
    return Darwin.write(fd, p, n)
    #endif
}
