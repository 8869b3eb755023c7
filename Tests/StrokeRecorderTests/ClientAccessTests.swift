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
        XCTAssertEqual(ClientAccess.forListening(on: "0.0.0.0"), .anyClient)
        XCTAssertEqual(ClientAccess.forListening(on: "::"), .anyClient)
        XCTAssertEqual(ClientAccess.forListening(on: "192.168.1.20"), .anyClient)
    }

    func head(_ headers: [(String, String)], method: String = "POST", peer: String? = "127.0.0.1") -> RecorderRequestHead {
        RecorderRequestHead(method: method, target: "/traces", headers: headers.map { (name: $0.0, value: $0.1) }, peer: peer)
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

    func testAnyClientServesOtherPeers() {
        let access = ClientAccess.anyClient
        XCTAssertNil(access.refusal(head([("Host", "192.168.1.5:8765")], peer: "192.168.1.20")))
        XCTAssertNil(access.refusal(head([("Host", "laptop.local:8765"), ("Origin", "http://laptop.local:8765")], peer: "192.168.1.20")))
    }

    func testUploadsFromAnotherOriginAreRefusedInEitherMode() {
        for access in [ClientAccess.loopbackOnly, .anyClient] {
            XCTAssertNil(access.refusal(head([("Host", "127.0.0.1:8765"), ("Origin", "http://127.0.0.1:8765")])))
            XCTAssertNil(access.refusal(head([("Host", "127.0.0.1"), ("Origin", "http://127.0.0.1:80")])))
            XCTAssertNil(access.refusal(head([("Host", "localhost"), ("Origin", "https://localhost:443")])), "behind a TLS proxy")
            let foreign = access.refusal(head([("Host", "127.0.0.1:8765"), ("Origin", "https://evil.example")]))
            XCTAssertEqual(foreign?.status, 403)
            XCTAssertEqual(foreign?.errorMessage, "cross-origin request from https://evil.example refused: only the recorder's own page may upload")
            XCTAssertEqual(access.refusal(head([("Host", "127.0.0.1:8765"), ("Origin", "http://127.0.0.1:9999")]))?.status, 403)
            XCTAssertEqual(access.refusal(head([("Host", "127.0.0.1:8765"), ("Origin", "null")]))?.status, 403)
            // Reading the page carries no Origin check.
            XCTAssertNil(access.refusal(head([("Host", "127.0.0.1:8765"), ("Origin", "https://evil.example")], method: "GET")))
        }
    }
}
