import Foundation
import RoverTestSupport
import Testing

/// `--cacert` and `SSL_CERT_FILE` against an HTTPS server whose CA the test made (`TLSProxy`), and what happens
/// without them: one line naming the host and how to trust a CA, exit 76, no retry, no photo after the first.
/// URLSession on Linux cannot be given a CA file: under `ROVER_HTTP_ENGINE=urlsession` the same runs prove that
/// rover refuses the CA file rather than ignore it.
@Suite struct CertificateTrustTests {
  static var onURLSession: Bool { ProcessInfo.processInfo.environment["ROVER_HTTP_ENGINE"] == "urlsession" }

  /// The mock API behind the proxy, and `rover photos` pointed at the proxy.
  static func photos(through proxy: TLSProxy, _ extra: [String] = []) -> [String] {
    ["photos", "curiosity", "--sol", "1000", "--service", "nebulum", "--base-url", proxy.url("/api/v1").absoluteString]
      + extra
  }

  /// The mock API and the HTTPS proxy in front of it, both stopped when `body` ends.
  static func withProxy(_ body: (MockRoverAPI, TLSProxy) async throws -> Void) async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let proxy = try TLSProxy(upstream: api.server.url("/"))
    defer { proxy.stop() }
    try await body(api, proxy)
  }

  /// Under URLSession a CA file is refused before any connection, in a line naming where it came from.
  static func expectRefused(_ result: RoverProcessResult, _ proxy: TLSProxy, naming source: String) {
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("needs the curl engine") && result.stderr.contains(source), "\(result.stderr)")
    #expect(proxy.connections == 0)
  }

  @Test func cacertTrustsThePrivateCAForAnswersAndImages() async throws {
    try await Self.withProxy { api, proxy in
      let listed = try await CLI.run(Self.photos(through: proxy, ["--cacert", proxy.caFile.path, "--json"]))
      if Self.onURLSession { return Self.expectRefused(listed, proxy, naming: "flag --cacert") }
      #expect(listed.exitCode == 0, "\(listed)")
      #expect(try CLI.jsonArray(listed.stdout).count == api.dataset.photos(rover: "Curiosity", sol: 1000).count)
      let dir = try TestDirectory.make("rover-cli")
      let line = PhotoLines.line(id: "1", imgSrc: proxy.url("/images/trusted.jpg").absoluteString)
      let fetched = try await CLI.run(
        ["fetch-image", "-", "-o", dir.path, "--cacert", proxy.caFile.path], stdin: PhotoLines.data([line]))
      #expect(fetched.exitCode == 0, "\(fetched)")
      #expect(api.requestCount(pathPrefix: "/images/trusted.jpg") == 1)
    }
  }

  @Test func sslCertFileTrustsThePrivateCA() async throws {
    try await Self.withProxy { api, proxy in
      let result = try await CLI.run(Self.photos(through: proxy), environment: ["SSL_CERT_FILE": proxy.caFile.path])
      if Self.onURLSession { return Self.expectRefused(result, proxy, naming: "environment SSL_CERT_FILE") }
      #expect(result.exitCode == 0, "\(result)")
      #expect(api.requestCount(pathPrefix: "/api/v1/rovers/curiosity/photos") >= 1)
    }
  }

  /// Five retries five seconds apart would be asked for; the proxy sees one connection, the mock no request.
  @Test func untrustedCertificateFailsOnceWithOneLineAnd76() async throws {
    try await Self.withProxy { api, proxy in
      let result = try await CLI.run(
        Self.photos(through: proxy, ["--retries", "5"]), environment: ["ROVER_RETRY_BASE_DELAY": "5"])
      #expect(result.exitCode == 76, "\(result)")
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(result.stderr)")
      #expect(result.stderr.contains("TLS certificate of 127.0.0.1"), "\(result.stderr)")
      #expect(result.stderr.contains("--cacert FILE or SSL_CERT_FILE=FILE"), "\(result.stderr)")
      #expect(proxy.connections == 1)
      #expect(api.requestCount(pathPrefix: "/") == 0)
    }
  }

  /// 20 photos on a host whose certificate does not verify: the run stops at the first, said in one line.
  @Test func bulkDownloadStopsAtTheFirstUntrustedPhoto() async throws {
    try await Self.withProxy { api, proxy in
      let dir = try TestDirectory.make("rover-cli")
      let lines = (1...20).map {
        PhotoLines.line(id: String($0), imgSrc: proxy.url("/images/u\($0).jpg").absoluteString)
      }
      let result = try await CLI.run(["fetch-image", "-", "-o", dir.path, "-j", "2"], stdin: PhotoLines.data(lines))
      #expect(result.exitCode == 76, "\(result)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(result.stderr.contains("127.0.0.1") && result.stderr.contains("--cacert"), "\(result.stderr)")
      // At most the two transfers in flight when the first failed; never one a photo.
      #expect(proxy.connections <= 2, "\(proxy.connections) connections")
      #expect(api.requestCount(pathPrefix: "/images/") == 0)
      #expect(imagesBelow(dir).isEmpty)
    }
  }

  @Test func configShowsTheCAFileAndWhereItCameFrom() async throws {
    let ca = try TestDirectory.make("rover-cli").appendingPathComponent("ca.pem")
    try Data("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".utf8).write(to: ca)
    let curl = ["ROVER_HTTP_ENGINE": "curl"]
    let none = try await CLI.run(["config"], environment: curl)
    #expect(none.stdout.contains("system CAs"), "\(none)")
    let flag = try await CLI.run(["config", "--cacert", ca.path], environment: curl)
    // A long path puts its source on the next line, under it (80 columns): read as one line.
    let joined = flag.stdout.replacingOccurrences(of: #"\n +"#, with: "  ", options: .regularExpression)
    #expect(joined.contains("\(ca.path)  (flag --cacert)"), "\(flag)")
    let variable = try await CLI.run(
      ["config", "--json"], environment: curl.merging(["SSL_CERT_FILE": ca.path]) { $1 })
    let object = try #require(try CLI.json(variable.stdout) as? [String: Any])
    let entry = try #require(object["ca_file"] as? [String: Any])
    #expect(entry["value"] as? String == ca.path)
    #expect(entry["source"] as? String == "environment SSL_CERT_FILE")
    // The flag wins over the variables, as curl's --cacert does.
    let both = try await CLI.run(
      ["config", "--cacert", ca.path], environment: curl.merging(["SSL_CERT_FILE": "/nonexistent.pem"]) { $1 })
    #expect(both.exitCode == 0, "\(both)")
    #expect(both.stdout.contains("(flag --cacert)"))
  }

  @Test func aCAFileWithoutACertificateIsRefusedBeforeAnyRequest() async throws {
    let file = try TestDirectory.make("rover-cli").appendingPathComponent("not-a-ca.pem")
    try Data("hello\n".utf8).write(to: file)
    let result = try await CLI.run(["rovers", "--cacert", file.path])
    #expect(result.exitCode == 64, "\(result)")
    #expect(
      result.stderr == "rover: cannot use the CA file \(file.path) from flag --cacert: no PEM certificate in it\n")
  }
}
