import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// Both engines against an HTTPS server signed by a CA made for the test: libcurl trusts the CA file it is given;
/// URLSession on Linux cannot be given one and says so; neither retries a certificate that does not verify.
@Suite struct CertificateTrustTests {
  static func classify(_ response: HTTPResponse) -> HTTPVerdict {
    (200..<300).contains(response.status)
      ? .accept : .retry(ServiceError.serverError(status: response.status, url: ""), retryAfter: nil)
  }

  /// A server answering `{"ok":true}` and the HTTPS proxy in front of it, both stopped when `body` ends.
  static func withProxy(_ body: (TestHTTPServer, TLSProxy) async throws -> Void) async throws {
    let server = try TestHTTPServer { _ in .json(#"{"ok":true}"#) }
    defer { server.stop() }
    let proxy = try TLSProxy(upstream: server.url("/"))
    defer { proxy.stop() }
    try await body(server, proxy)
  }

  @Test func theGivenCAFileIsTrustedByLibcurlAndRefusedByURLSession() async throws {
    try await Self.withProxy { server, proxy in
      let engines = [
        HTTPEngines.api(.testing, timeout: 60, caFile: proxy.caFile.path),
        HTTPEngines.files(.testing, timeout: 60, jobs: 2, caFile: proxy.caFile.path),
      ]
      for engine in engines {
        let client = HTTPClient(engine: engine, retryPolicy: RetryPolicy(maxRetries: 0))
        let request = HTTPRequest(url: proxy.url("/x"))
        if HTTPEngineKind.testing == .urlSession {
          // No CA file reaches FoundationNetworking's libcurl: refused, with no connection made.
          await #expect {
            try await client.send(request, classify: Self.classify)
          } throws: { error in
            guard case HTTPError.unavailable(let reason) = error else { return false }
            return reason.contains("cannot use the CA file \(proxy.caFile.path)")
          }
          #expect(proxy.connections == 0)
        } else {
          let response = try await client.send(request, classify: Self.classify)
          #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
        }
      }
      #expect(server.requestCount == (HTTPEngineKind.testing == .urlSession ? 0 : 2))
    }
  }

  /// Three retries allowed; one connection made: the same certificate would come back every time.
  @Test func anUntrustedCertificateIsNotRetried() async throws {
    try await Self.withProxy { server, proxy in
      let client = HTTPClient(
        engine: HTTPEngines.api(.testing, timeout: 60), retryPolicy: RetryPolicy(maxRetries: 3, baseDelay: 5))
      let url = proxy.url("/x")
      await #expect(throws: HTTPError.untrustedCertificate(url: url.absoluteString, host: "127.0.0.1", caFile: nil)) {
        try await client.send(HTTPRequest(url: url), classify: Self.classify)
      }
      #expect(proxy.connections == 1)
      #expect(server.requestCount == 0)
    }
  }

  @Test func anUntrustedCertificateStopsADownloadAndNeverFallsBack() {
    let error = HTTPError.untrustedCertificate(url: "https://h/x", host: "h", caFile: nil)
    #expect(!error.isTransient)
    #expect(!error.isUnanswered)
    #expect(DownloadError.transfer(error).isFatal)
    #expect(!FallbackService.worthAnotherService(error))
    #expect(error.errorDescription == "the TLS certificate of h does not verify against the system's CAs")
    let given = HTTPError.untrustedCertificate(url: "https://h/x", host: "h", caFile: "/ca.pem")
    #expect(given.errorDescription == "the TLS certificate of h does not verify against the CA file /ca.pem")
  }
}
