#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A set of output files that replaces the previous set in an output directory all at once,
/// so that a run killed at any point (`kill -9`, a full disk, a power cut after the switch)
/// leaves the directory holding either the previous complete set or the new complete set,
/// never a mix (issue 11 item 7).
///
/// **Layout.** In the output directory `OUT`, each file or folder of the set is a symbolic
/// link through one switch link to the set's own hidden folder:
///
/// ```text
/// OUT/results.csv  → .strokelab-current/results.csv
/// OUT/figures      → .strokelab-current/figures
/// OUT/.strokelab-current → .strokelab-set-<id>      (the switch)
/// OUT/.strokelab-set-<id>/results.csv, figures/…    (the files themselves)
/// OUT/.strokelab-lock                               (held while a run writes)
/// ```
///
/// Readers open `OUT/results.csv` as before. A run writes its files into a fresh staging
/// folder (``stagingDirectory``), then ``commit()`` makes sure every name of the new set has
/// its link (links to names the old set lacks resolve to nothing until the switch, exactly
/// as before), atomically replaces `.strokelab-current` (one `rename`), removes the links of
/// names the new set lacks and deletes the old set. Files of `OUT` that are not the set's
/// (another command's output, `OUT/run/` of a nested run, a notebook) are never touched.
///
/// **Exclusive.** ``begin(directory:)`` takes an exclusive `flock` on `OUT/.strokelab-lock`,
/// so a second run on the same `OUT` fails at once with an error naming the other process;
/// the lock ends with the process, however it ends. Holding the lock, it removes what
/// killed runs left behind: staging folders, sets no longer current, temporary links, and
/// the `.<name>.tmp-*` files earlier versions could leak.
///
/// **Names.** ``path(_:)`` accepts only relative paths inside the set (no `..`, no
/// absolute paths, no control characters), so nothing is written outside `OUT`.
///
/// **Steps.** Each step of a set's life that changes what a reader could see or what a killed
/// run would leave (each file handed out by ``path(_:)``, each link, the switch, each removal)
/// is numbered from 1 and reported to the ``StepObserver`` given to ``begin(directory:observer:)``,
/// if any — the crash-consistency test looks at the directory after every step, which is what
/// a run killed there leaves. Runs pass none.
public final class OutputSet: @unchecked Sendable {
    /// Called after each step (see the type's documentation) with its number, on the thread
    /// that took the step.
    public typealias StepObserver = (_ step: Int) -> Void
    /// The output directory as given.
    public let directory: String
    /// Where this run writes its files until ``commit()``.
    public let stagingDirectory: String
    private let lockDescriptor: Int32
    private var finished = false
    private let observer: StepObserver?
    private var step = 0

    /// The switch link's name.
    public static let currentLink = ".strokelab-current"
    /// The lock file's name.
    public static let lockFile = ".strokelab-lock"
    static let setPrefix = ".strokelab-set-"
    static let stagingPrefix = ".strokelab-staging-"

    /// One step taken: numbered and reported to the observer.
    private func stepTaken() {
        guard let observer else { return }
        step += 1
        observer(step)
    }

    private init(directory: String, staging: String, lock: Int32, observer: StepObserver?) {
        self.directory = directory
        self.stagingDirectory = staging
        self.lockDescriptor = lock
        self.observer = observer
    }

    deinit {
        if !finished { abandon() }
    }

    /// Creates `directory` if needed, takes its lock, removes what killed runs left there and
    /// makes a fresh staging folder. `observer` hears of every later step (see the type's
    /// documentation); runs pass none.
    /// - Throws: when the directory cannot be created or written, is a file, or another
    ///   process holds its lock.
    public static func begin(directory: String, observer: StepObserver? = nil) throws(AtomicFile.IOError) -> OutputSet {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw AtomicFile.IOError(path: directory, problem: "is a file; the output must be a directory")
            }
        } else {
            do { try fm.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw AtomicFile.IOError(path: directory, problem: "cannot create the output directory: \(error.localizedDescription)")
            }
        }
        let lockPath = directory + "/" + lockFile
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AtomicFile.IOError(path: directory, problem: "cannot create the lock file \(lockFile): \(reason())") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let other = String(decoding: (try? readAll(fd)) ?? [], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            close(fd)
            throw AtomicFile.IOError(path: directory, problem: "another strokelab run\(other.isEmpty ? "" : " (pid \(ErrorText.excerpt(other, limit: 12)))") is writing this output directory; wait for it to finish or choose another --out")
        }
        // Record who holds it (for the message above); the content does not matter otherwise.
        _ = ftruncate(fd, 0)
        let pid = Array("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress!, $0.count, 0) }
        removeLeftovers(in: directory)
        let staging = directory + "/" + stagingPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard mkdir(staging, 0o755) == 0 else {
            let why = reason()
            close(fd)
            throw AtomicFile.IOError(path: directory, problem: "cannot write in the output directory: \(why)")
        }
        return OutputSet(directory: directory, staging: staging, lock: fd, observer: observer)
    }

    /// The staging path of `relative` (e.g. `figures/trade-off.png`), for writing.
    /// - Precondition: `relative` is a safe relative path (``isSafeRelativePath(_:)``);
    ///   callers build it from ``SafeFileName`` names.
    public func path(_ relative: String) -> String {
        precondition(Self.isSafeRelativePath(relative), "unsafe output path \(relative)")
        stepTaken()
        return stagingDirectory + "/" + relative
    }

    /// True for a relative path of non-empty components that are not `.` or `..`, without
    /// control characters and not absolute: a path that stays inside the set.
    public static func isSafeRelativePath(_ relative: String) -> Bool {
        guard !relative.isEmpty, !relative.hasPrefix("/") else { return false }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        return parts.allSatisfy { p in
            !p.isEmpty && p != "." && p != ".." && !p.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        } && !parts[0].hasPrefix(".strokelab")
    }

    /// Switches the directory to the staged set (see the type's documentation) and releases
    /// the lock. After it returns, `directory` holds exactly the new set.
    ///
    /// `detached` names top-level files of the set that `OUT` holds as regular files rather
    /// than links into the hidden set folder: a page meant to be mailed or attached must travel
    /// as itself, and a link copied elsewhere is a dangling link. Each is made right after the
    /// switch as a hard link to the set's file (a copy where the file system has none), put in
    /// place by one `rename`; until then `OUT` keeps the previous one. A detached file that a
    /// later set lacks is removed only while it is still that set's file (the same inode).
    /// A detached file that cannot be made a regular file (no hard link, no copy, no rename)
    /// becomes a link into the new set like the others, so `OUT` never keeps the previous
    /// set's copy under the name; the problem is returned for the caller to report.
    /// - Returns: one problem per detached file left as a link (empty when all were placed).
    /// - Throws: when a link cannot be made; the previous set then stays current and the
    ///   staging folder is removed.
    @discardableResult
    public func commit(detached: Set<String> = []) throws(AtomicFile.IOError) -> [AtomicFile.IOError] {
        precondition(!finished, "commit after commit or abandon")
        let fm = FileManager.default
        let dir = directory
        let names = ((try? fm.contentsOfDirectory(atPath: stagingDirectory)) ?? []).sorted()
        let oldTarget = try? fm.destinationOfSymbolicLink(atPath: dir + "/" + Self.currentLink)
        let oldNames = oldTarget.flatMap { try? fm.contentsOfDirectory(atPath: dir + "/" + $0) } ?? []
        do throws(AtomicFile.IOError) {
            try syncDirectory(stagingDirectory)
            // 1. Every name of the new set gets its link before the switch. A name the old set
            //    lacks then resolves to nothing, exactly as before; an entry of an older layout
            //    (a plain file or folder of the same name) is replaced. Detached files come
            //    after the switch.
            for name in names where !detached.contains(name) {
                try link(name)
                stepTaken()
            }
            // 2. The switch: one atomic rename of the current link.
            let setName = Self.setPrefix + String(stagingDirectory.split(separator: "/").last!.dropFirst(Self.stagingPrefix.count))
            guard rename(stagingDirectory, dir + "/" + setName) == 0 else {
                throw AtomicFile.IOError(path: dir, problem: "cannot finish the output set: \(Self.reason())")
            }
            stepTaken()
            let temporaryLink = dir + "/" + Self.currentLink + ".tmp-\(getpid())"
            unlink(temporaryLink)
            guard symlink(setName, temporaryLink) == 0, rename(temporaryLink, dir + "/" + Self.currentLink) == 0 else {
                let why = Self.reason()
                unlink(temporaryLink)
                _ = try? fm.removeItem(atPath: dir + "/" + setName)
                throw AtomicFile.IOError(path: dir, problem: "cannot switch to the new output set: \(why)")
            }
            try syncDirectory(dir)
            stepTaken()
        } catch {
            abandon()
            throw error
        }
        finished = true
        // 3. After the switch: detached files in place, links of names the new set lacks (and
        //    detached files still the old set's), and the old set, go.
        let setName = dir + "/" + Self.currentLink
        var problems: [AtomicFile.IOError] = []
        for name in names where detached.contains(name) {
            if let problem = detach(name, from: setName) {
                // Never the previous set's copy under the new set's name: a link, or nothing.
                do throws(AtomicFile.IOError) { try link(name) } catch { unlink(dir + "/" + name) }
                problems.append(problem)
            }
            stepTaken()
        }
        for name in oldNames where !names.contains(name) {
            let path = dir + "/" + name
            if (try? fm.destinationOfSymbolicLink(atPath: path)) == Self.currentLink + "/" + name {
                unlink(path)
            } else if let oldTarget, Self.sameFile(path, dir + "/" + oldTarget + "/" + name) {
                unlink(path)
            }
            stepTaken()
        }
        if let oldTarget, oldTarget.hasPrefix(Self.setPrefix), !oldTarget.contains("/") {
            try? fm.removeItem(atPath: dir + "/" + oldTarget)
            stepTaken()
        }
        close(lockDescriptor)
        return problems
    }

    /// Makes `OUT/name` a regular file with the content of `set/name`: a hard link (or, where
    /// the file system refuses one, a copy) under a temporary name, then one `rename` over
    /// whatever `OUT/name` was (the previous copy, or a link of an older layout).
    /// - Returns: `nil` when placed; else the problem, `OUT/name` untouched (the caller
    ///   replaces it: ``commit(detached:)``).
    private func detach(_ name: String, from set: String) -> AtomicFile.IOError? {
        let source = set + "/" + name, path = directory + "/" + name
        let temporary = directory + "/.strokelab-link-\(getpid())-\(name)"
        unlink(temporary)
        if hardLink(source, temporary) != 0 {
            let why = Self.reason()
            do throws(AtomicFile.IOError) {
                try AtomicFile.write(try AtomicFile.read(source), to: temporary)
            } catch {
                unlink(temporary)
                return AtomicFile.IOError(path: path, problem: "left as a link into the output set, not a file of its own: no hard link (\(why)) and no copy (\(error.problem))")
            }
        }
        guard rename(temporary, path) == 0 else {
            let why = Self.reason()
            unlink(temporary)
            return AtomicFile.IOError(path: path, problem: "left as a link into the output set, not a file of its own: \(why)")
        }
        return nil
    }

    /// Whether two paths are the same file (device and inode), following no final link.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        guard lstat(a, &x) == 0, lstat(b, &y) == 0 else { return false }
        return x.st_dev == y.st_dev && x.st_ino == y.st_ino && x.st_mode & S_IFMT == S_IFREG
    }

    /// Gives up: removes the staging folder and releases the lock, leaving the previous set
    /// as it was.
    public func abandon() {
        guard !finished else { return }
        finished = true
        try? FileManager.default.removeItem(atPath: stagingDirectory)
        close(lockDescriptor)
    }

    /// Makes `OUT/name` the link `.strokelab-current/name`, replacing any other entry of
    /// that name atomically for files (a folder of an older layout is moved aside first).
    private func link(_ name: String) throws(AtomicFile.IOError) {
        let fm = FileManager.default
        let path = directory + "/" + name
        let target = Self.currentLink + "/" + name
        if (try? fm.destinationOfSymbolicLink(atPath: path)) == target { return }
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            // An older layout's real folder: out of the way first (rename cannot replace a
            // folder with a link); it is removed as a leftover.
            let aside = directory + "/" + Self.stagingPrefix + "old-\(getpid())-\(name)"
            guard rename(path, aside) == 0 else {
                throw AtomicFile.IOError(path: path, problem: "cannot replace the folder with the new output: \(Self.reason())")
            }
            try? fm.removeItem(atPath: aside)
        }
        let temporary = directory + "/.strokelab-link-\(getpid())-\(name)"
        unlink(temporary)
        guard symlink(target, temporary) == 0 else {
            throw AtomicFile.IOError(path: path, problem: "cannot create the link: \(Self.reason())")
        }
        guard rename(temporary, path) == 0 else {
            let why = Self.reason()
            unlink(temporary)
            throw AtomicFile.IOError(path: path, problem: "cannot replace it with the new output: \(why)")
        }
    }

    /// Removes staging folders, sets that are not current, temporary links and the
    /// `.<name>.tmp-<pid>-<n>` files of interrupted atomic writes. Only called with the lock.
    static func removeLeftovers(in directory: String) {
        let fm = FileManager.default
        let current = try? fm.destinationOfSymbolicLink(atPath: directory + "/" + currentLink)
        for entry in (try? fm.contentsOfDirectory(atPath: directory)) ?? [] {
            let stale: Bool
            if entry.hasPrefix(stagingPrefix) || entry.hasPrefix(".strokelab-link-") || entry.hasPrefix(currentLink + ".tmp-") {
                stale = true
            } else if entry.hasPrefix(setPrefix) {
                stale = entry != current
            } else {
                stale = isAtomicTemporary(entry)
            }
            if stale { try? fm.removeItem(atPath: directory + "/" + entry) }
        }
    }

    /// True for the temporary names ``AtomicFile/write(_:to:)`` uses, `.<name>.tmp-<pid>-<n>`,
    /// whose process no longer runs (another command may be writing a file here right now).
    static func isAtomicTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), let range = name.range(of: ".tmp-", options: .backwards) else { return false }
        let suffix = name[range.upperBound...].split(separator: "-")
        guard suffix.count == 2, suffix.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let pid = Int32(suffix[0]) else { return false }
        return pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    private func syncDirectory(_ path: String) throws(AtomicFile.IOError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw AtomicFile.IOError(path: path, problem: "cannot open the directory: \(Self.reason())") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw AtomicFile.IOError(path: path, problem: "fsync failed: \(Self.reason())") }
    }

    private static func readAll(_ fd: Int32) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, 0) }
        return n > 0 ? Array(buffer[0..<n]) : []
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}

/// `link(2)`: a second name for a file (the method `link(_:)` of ``OutputSet`` hides the
/// system call's name inside the class).
private func hardLink(_ source: String, _ destination: String) -> Int32 { link(source, destination) }
