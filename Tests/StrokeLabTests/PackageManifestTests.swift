import Foundation
import StrokeTestSupport
import XCTest

/// Issue 28 item 5: Package.swift's dependency declarations are true — every target declares
/// each module of the package (or product) it imports, and imports each target it declares
/// (StrokeIO declared StrokeMetrics long after it stopped importing it, while StrokePlot
/// imported StrokeMetrics without declaring it) — and no build output is tracked in git.
final class PackageManifestTests: XCTestCase {
    struct Target {
        var name: String
        var path: String
        var dependencies: Set<String>
    }

    /// The targets of Package.swift: name, directory, and declared dependencies (targets by
    /// name, products by their module name).
    static func targets() throws -> [Target] {
        let text = try String(contentsOfFile: TestPaths.packageRoot + "/Package.swift", encoding: .utf8)
        let starts = try NSRegularExpression(pattern: #"\.(target|executableTarget|testTarget|systemLibrary)\("#)
        let ns = text as NSString
        var out: [Target] = []
        for match in starts.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            // The call's text up to its closing parenthesis.
            var depth = 0, end = match.range.location + match.range.length - 1
            for i in end..<ns.length {
                let c = ns.character(at: i)
                if c == 40 { depth += 1 } else if c == 41 { depth -= 1; if depth == 0 { end = i; break } }
            }
            let call = ns.substring(with: NSRange(location: match.range.location, length: end - match.range.location + 1))
            guard let name = Self.first(#"name: "([^"]+)""#, in: call) else { continue }
            let kind = ns.substring(with: match.range(at: 1))
            let path = Self.first(#"path: "([^"]+)""#, in: call) ?? ((kind == "testTarget" ? "Tests/" : "Sources/") + name)
            var dependencies = Set<String>()
            if let list = Self.first(#"dependencies: \[([\s\S]*?)\]\)?,?\s*(?:path:|exclude:|linkerSettings:|$)"#, in: call) {
                for product in Self.all(#"\.product\(name: "([^"]+)""#, in: list) { dependencies.insert(product) }
                let withoutProducts = list.replacingOccurrences(of: #"\.product\([^)]*\)"#, with: "", options: .regularExpression)
                for target in Self.all(#""([^"]+)""#, in: withoutProducts) { dependencies.insert(target) }
            }
            out.append(Target(name: name, path: path, dependencies: dependencies))
        }
        return out
    }

    static func first(_ pattern: String, in text: String) -> String? { all(pattern, in: text).first }

    static func all(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) }
    }

    /// The modules the Swift files under `path` import (`@testable` included).
    static func imports(under path: String) -> Set<String> {
        let root = TestPaths.packageRoot + "/" + path
        var modules = Set<String>()
        for file in FileManager.default.enumerator(atPath: root)?.compactMap({ $0 as? String }) ?? [] where file.hasSuffix(".swift") {
            guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter { $0 != "@testable" }
                if words.count >= 2, words[0] == "import" { modules.insert(String(words[1])) }
            }
        }
        return modules
    }

    func testEveryTargetDeclaresWhatItImportsAndImportsWhatItDeclares() throws {
        let targets = try Self.targets()
        XCTAssertGreaterThanOrEqual(targets.count, 20)
        let names = Set(targets.map(\.name))
        let manifest = try String(contentsOfFile: TestPaths.packageRoot + "/Package.swift", encoding: .utf8)
        let products = Set(Self.all(#"\.product\(name: "([^"]+)""#, in: manifest))
        XCTAssertTrue(products.isSuperset(of: ["RealModule", "Yams", "ArgumentParser", "NIOCore"]), "\(products)")
        for target in targets where FileManager.default.fileExists(atPath: TestPaths.packageRoot + "/" + target.path) {
            let imported = Self.imports(under: target.path).intersection(names.union(products))
            if target.path.hasSuffix("CCairo") { continue }   // a system library has no Swift files
            XCTAssertEqual(imported.subtracting(target.dependencies), [], "\(target.name) imports these without declaring them")
            XCTAssertEqual(target.dependencies.subtracting(imported), [], "\(target.name) declares these without importing them")
        }
    }

    /// Every name of Tests/slow-tests.txt (what `make test-fast` skips) is a test that exists,
    /// so a renamed slow test does not silently join the fast tier.
    func testEverySlowTestNamedExists() throws {
        let list = try String(contentsOfFile: TestPaths.packageRoot + "/Tests/slow-tests.txt", encoding: .utf8)
        let names = list.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        XCTAssertGreaterThan(names.count, 10)
        var sources = ""
        let tests = TestPaths.packageRoot + "/Tests"
        for file in FileManager.default.enumerator(atPath: tests)?.compactMap({ $0 as? String }) ?? [] where file.hasSuffix(".swift") {
            sources += (try? String(contentsOfFile: tests + "/" + file, encoding: .utf8)) ?? ""
        }
        for name in names {
            let parts = name.split(separator: "/")
            XCTAssertTrue(sources.contains("class \(parts[0]): XCTestCase"), "\(name): no class \(parts[0])")
            if parts.count > 1 {
                XCTAssertTrue(sources.contains("func \(parts[1])()"), "\(name): no test \(parts[1])")
            }
        }
    }

    func testNoBuildOutputIsTracked() throws {
        let result = try runProcess("/usr/bin/env", ["git", "-C", TestPaths.packageRoot, "ls-files"])
        try XCTSkipIf(result.status != 0, "not a git checkout")
        let tracked = result.stdout.split(separator: "\n")
        XCTAssertTrue(tracked.contains("LICENSE") && tracked.contains("THIRD_PARTY.md"))
        let outputs = tracked.filter { $0.contains(".egg-info/") || $0.hasPrefix(".build") || $0.hasPrefix("out/")
            || $0.contains("__pycache__") || $0 == "Package.resolved" || $0.contains(".ipynb_checkpoints") }
        XCTAssertEqual(outputs, [], "build outputs tracked in git")
    }
}
