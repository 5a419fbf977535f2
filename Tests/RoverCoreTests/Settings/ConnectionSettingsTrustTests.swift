import Foundation
import Testing

@testable import RoverCore

/// Where the CA file comes from (curl's order: `--cacert`, `CURL_CA_BUNDLE`, `SSL_CERT_FILE`), what is refused
/// before any request, and that a checkout's `APIKeys.plist` cannot name one.
@Suite struct ConnectionSettingsTrustTests {
  let home: String
  let ca: String
  let other: String

  init() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rover-trust-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    home = directory.path
    let pem = Data("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".utf8)
    ca = directory.appendingPathComponent("ca.pem").path
    other = directory.appendingPathComponent("other.pem").path
    try pem.write(to: URL(fileURLWithPath: ca))
    try pem.write(to: URL(fileURLWithPath: other))
  }

  func resolve(cacert: String? = nil, env: [String: String] = [:], cwd: String? = nil) throws -> ConnectionSettings {
    var flags = ConnectionSettings.Flags()
    flags.caFile = cacert
    flags.names.caFile = "--cacert"
    let environment = env.merging(["HOME": home, "ROVER_HTTP_ENGINE": "curl"]) { given, _ in given }
    return try ConnectionSettings.resolve(flags: [flags], environment: environment, currentDirectory: cwd ?? home)
  }

  @Test func noCAFileMeansTheSystemsCAs() throws {
    let settings = try resolve()
    #expect(settings.caFile == nil)
    #expect(settings.configuration(for: .nebulum).caFile == nil)
  }

  @Test func theFlagWinsThenCurlsVariableThenOpenSSLs() throws {
    let all = ["CURL_CA_BUNDLE": other, "SSL_CERT_FILE": other]
    let flag = try resolve(cacert: ca, env: all)
    #expect(flag.caFileChoice?.value == ca)
    #expect(flag.caFileChoice?.source == .flag("--cacert"))
    #expect(flag.configuration(for: .nasaRaw).caFile == ca)
    let bundle = try resolve(env: ["CURL_CA_BUNDLE": ca, "SSL_CERT_FILE": other])
    #expect(bundle.caFileChoice?.source == .environment("CURL_CA_BUNDLE"))
    let openssl = try resolve(env: ["SSL_CERT_FILE": ca])
    #expect(openssl.caFileChoice?.source == .environment("SSL_CERT_FILE"))
    #expect(openssl.caFile?.path == ca)
    let fromEnvironment = try ConnectionSettings.fromEnvironment(
      ["HOME": home, "SSL_CERT_FILE": ca, "ROVER_HTTP_ENGINE": "curl"], currentDirectory: home)
    #expect(fromEnvironment.caFile?.path == ca)
  }

  @Test func anUnreadableOrNonPEMFileIsRefused() throws {
    #expect(
      throws: SettingsError.invalidCAFile(path: "/nonexistent.pem", source: "flag --cacert", reason: "cannot read it")
    ) {
      try resolve(cacert: "/nonexistent.pem")
    }
    let junk = home + "/junk.pem"
    try Data("hello".utf8).write(to: URL(fileURLWithPath: junk))
    #expect(
      throws: SettingsError.invalidCAFile(
        path: junk, source: "environment SSL_CERT_FILE", reason: "no PEM certificate in it")
    ) {
      try resolve(env: ["SSL_CERT_FILE": junk])
    }
    // Almost a marker, then the marker cut short at the end of the file: still no certificate.
    let near = home + "/near.pem"
    try Data("-----BEGIN CERTIFICATE----\n-----BEGIN CERTIFICATE".utf8).write(to: URL(fileURLWithPath: near))
    #expect(throws: SettingsError.self) { try resolve(env: ["SSL_CERT_FILE": near]) }
    // Markers around nothing, or around text that is no certificate: refused here (64), not by every request (69).
    for body in ["", "hello world", "AAAA"] {
      let empty = home + "/empty.pem"
      try Data("-----BEGIN CERTIFICATE-----\n\(body)\n-----END CERTIFICATE-----\n".utf8)
        .write(to: URL(fileURLWithPath: empty))
      #expect(throws: SettingsError.self) { try resolve(env: ["SSL_CERT_FILE": empty]) }
    }
  }

  /// A named pipe with no writer once blocked the command for ever (deaf to SIGTERM); a pipe or a directory is
  /// refused at once, naming what to give instead.
  @Test func aPipeOrADirectoryIsRefusedWithoutWaiting() throws {
    let fifo = home + "/ca.fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    for path in [fifo, home] {
      let error = try #require(throws: SettingsError.self) { try resolve(cacert: path) }
      #expect(error.errorDescription?.contains("not a regular file") == true, "\(error)")
    }
  }

  /// Bundles open with comments (Fedora's names each CA before it), and need not be UTF-8 there.
  @Test func aCertificateAfterCommentsAndStrayBytesIsAccepted() throws {
    let bundle = home + "/commented.pem"
    var bytes = Data(String(repeating: "# ACCVRAIZ1 Ñ\n", count: 5_000).utf8)
    bytes.append(contentsOf: [0xFF, 0xFE, 0x0A])
    bytes.append(Data("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".utf8))
    try bytes.write(to: URL(fileURLWithPath: bundle))
    #expect(try resolve(env: ["SSL_CERT_FILE": bundle]).caFile?.path == bundle)
  }

  /// FoundationNetworking cannot be given a CA file: refused, never ignored, whichever way it was named.
  @Test func urlSessionRefusesACAFile() throws {
    #expect(
      throws: SettingsError.caFileNeedsCurl(
        path: ca, source: "environment SSL_CERT_FILE", engineSource: "environment ROVER_HTTP_ENGINE")
    ) {
      try resolve(env: ["SSL_CERT_FILE": ca, "ROVER_HTTP_ENGINE": "urlsession"])
    }
    var explicit = ConnectionSettings()
    explicit.caFile = URL(fileURLWithPath: ca)
    explicit.engine = .urlSession
    #expect(throws: SettingsError.self) { try PhotoClient(settings: explicit) }
    explicit.engine = .curl
    _ = try PhotoClient(settings: explicit)
    #expect(explicit.caFile?.path == ca)
  }

  /// A `CURL_CA_BUNDLE` naming the system's own bundle (exported on many machines) is what URLSession uses anyway.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/etc/ssl/certs/ca-certificates.crt")))
  func urlSessionAcceptsTheSystemsOwnBundle() throws {
    let bundle = "/etc/ssl/certs/ca-certificates.crt"
    let settings = try resolve(env: ["CURL_CA_BUNDLE": bundle, "ROVER_HTTP_ENGINE": "urlsession"])
    #expect(settings.caFile?.path == bundle)
    #expect(settings.engine == .urlSession)
  }

  /// Someone else's checkout must not make rover trust a CA of its choosing.
  @Test func aSettingsFileCannotNameACAFile() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>CAFile</key><string>\(ca)</string></dict></plist>
      """
    try Data(plist.utf8).write(to: URL(fileURLWithPath: home + "/APIKeys.plist"))
    #expect(try resolve(cwd: home).caFile == nil)
  }
}
