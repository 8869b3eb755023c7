@testable import StrokeRecorder
import XCTest

/// Who the recorder serves, from the head of a request alone.
final class ClientAccessTests: XCTestCase {
    func testLoopbackAddressesAreRecognised() {
        for a in ["127.0.0.1", "127.1.2.3", "127.255.255.254", "::1", "[::1]", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"] {
            XCTAssertTrue(ClientAccess.isLoopback(a), a)
        }
        for a in ["128.0.0.1", "10.0.0.1", "192.168.1.20", "0.0.0.0", "::", "::2", "fe80::1%eth0", "::ffff:10.0.0.1",
                  "localhost", "", "127.0.0.1.evil", "1.127.0.0"] {
            XCTAssertFalse(ClientAccess.isLoopback(a), a)
        }
    }

    func testTheAccessFollowsTheListeningAddress() {
        XCTAssertEqual(ClientAccess.forListening(on: "127.0.0.1"), .loopbackOnly)
        XCTAssertEqual(ClientAccess.forListening(on: "::1"), .loopbackOnly)
        let lan = ClientAccess.forListening(on: "192.168.1.20", key: "k")
        XCTAssertTrue(lan.servesOtherMachines)
        XCTAssertEqual(lan.hostNames, ["192.168.1.20"])
        XCTAssertEqual(lan.key, "k")
        let all = ClientAccess.forListening(on: "0.0.0.0", key: "k")
        XCTAssertEqual(all.hostNames, Set(NetworkAddresses.nonLoopbackIPv4() + ["localhost", "127.0.0.1", "::1"]))
        XCTAssertTrue(ClientAccess.forListening(on: "::", key: "k").hostNames.isSuperset(of: all.hostNames))
        // Keys are 128 random bits.
        let a = ClientAccess.newKey(), b = ClientAccess.newKey()
        XCTAssertEqual(a.count, 32)
        XCTAssertTrue(a.allSatisfy(\.isHexDigit))
        XCTAssertNotEqual(a, b)
        XCTAssertNotEqual(ClientAccess.forListening(on: "0.0.0.0").key, ClientAccess.forListening(on: "0.0.0.0").key)
    }

    func head(_ headers: [(String, String)], method: String = "POST", peer: String? = "127.0.0.1", target: String = "/traces") -> RecorderRequestHead {
        RecorderRequestHead(method: method, target: target, headers: headers.map { (name: $0.0, value: $0.1) }, peer: peer)
    }

    func testLoopbackOnlyRefusesOtherPeersAndForeignHostNames() {
        let access = ClientAccess.loopbackOnly
        XCTAssertNil(access.refusal(head([("Host", "127.0.0.1:8765")])))
        XCTAssertNil(access.refusal(head([("Host", "localhost:8765")])))
        XCTAssertNil(access.refusal(head([("Host", "[::1]:8765")])))
        XCTAssertNil(access.refusal(head([], peer: nil)), "a Unix socket and a request without Host are local")
        XCTAssertEqual(access.refusal(head([("Host", "127.0.0.1:8765")], peer: "192.168.1.20"))?.status, 403)
        XCTAssertEqual(access.refusal(head([("Host", "rebind.attacker.example:8765")]))?.status, 403)
        XCTAssertEqual(access.refusal(head([("Host", "127.0.0.1.attacker.example")]))?.status, 403)
    }

    /// Issue 24 item 5: with `--host` the recorder served any page whose name rebinds to the
    /// machine (DNS rebinding: `Host: evil.example:8765` got 201) and anyone on the network.
    /// Now only the addresses served, and only under the key printed at start.
    func testOtherMachinesAreServedOnlyUnderTheKeyAndAtAnAddressServed() {
        let access = ClientAccess.network(addresses: ["192.168.1.5", "localhost", "::1"], key: "0123abcd")
        XCTAssertNil(access.refusal(head([("Host", "192.168.1.5:8765")], peer: "192.168.1.20", target: "/0123abcd/traces")))
        XCTAssertNil(access.refusal(head([("Host", "192.168.1.5:8765")], method: "GET", peer: "192.168.1.20", target: "/0123abcd/")))
        XCTAssertNil(access.refusal(head([("Host", "[::1]:8765")], target: "/0123abcd/traces")))
        XCTAssertEqual(access.route("/0123abcd/traces"), "/traces")
        XCTAssertEqual(access.route("/0123abcd/"), "/")
        for target in ["/traces", "/", "/0123abcd", "/0123abce/traces", "/0123ABCD/traces", "//0123abcd/traces", "/0123abc/traces"] {
            let refused = access.refusal(head([("Host", "192.168.1.5:8765")], peer: "192.168.1.20", target: target))
            XCTAssertEqual(refused?.status, 403, target)
            XCTAssertTrue(refused?.errorMessage?.contains("its path carries a key") == true, "\(target): \(refused?.errorMessage ?? "")")
        }
        for host in ["evil.example:8765", "laptop.local:8765", "192.168.1.50:8765", "192.168.1.5.evil.example"] {
            let rebound = access.refusal(head([("Host", host), ("Origin", "http://\(host)")], peer: "192.168.1.20", target: "/0123abcd/traces"))
            XCTAssertEqual(rebound?.status, 403, host)
            XCTAssertTrue(rebound?.errorMessage?.contains("not an address this recorder serves") == true, rebound?.errorMessage ?? "")
        }
        XCTAssertEqual(access.refusal(head([], peer: "192.168.1.20", target: "/0123abcd/traces"))?.status, 403, "no Host")
    }

    func testUploadsFromAnotherOriginAreRefusedInEitherMode() {
        let network = ClientAccess.network(addresses: ["127.0.0.1", "localhost"], key: "k")
        for (access, target) in [(ClientAccess.loopbackOnly, "/traces"), (network, "/k/traces")] {
            func h(_ headers: [(String, String)], method: String = "POST") -> RecorderRequestHead { head(headers, method: method, target: target) }
            XCTAssertNil(access.refusal(h([("Host", "127.0.0.1:8765"), ("Origin", "http://127.0.0.1:8765")])))
            XCTAssertNil(access.refusal(h([("Host", "127.0.0.1"), ("Origin", "http://127.0.0.1:80")])))
            XCTAssertNil(access.refusal(h([("Host", "localhost"), ("Origin", "https://localhost:443")])), "behind a TLS proxy")
            let foreign = access.refusal(h([("Host", "127.0.0.1:8765"), ("Origin", "https://evil.example")]))
            XCTAssertEqual(foreign?.status, 403)
            XCTAssertEqual(foreign?.errorMessage, "cross-origin request from https://evil.example refused: only the recorder's own page may upload")
            XCTAssertEqual(access.refusal(h([("Host", "127.0.0.1:8765"), ("Origin", "http://127.0.0.1:9999")]))?.status, 403)
            XCTAssertEqual(access.refusal(h([("Host", "127.0.0.1:8765"), ("Origin", "null")]))?.status, 403)
            // Reading the page carries no Origin check.
            XCTAssertNil(access.refusal(h([("Host", "127.0.0.1:8765"), ("Origin", "https://evil.example")], method: "GET")))
        }
    }
}
