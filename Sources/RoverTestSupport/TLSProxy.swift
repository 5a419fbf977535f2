import Foundation

/// An HTTPS front for a local test server (the mock services speak plain HTTP only), signed by a certificate
/// authority made for it alone, so tests can prove what rover trusts without the internet or the system's CAs.
///
/// Made at start: with `openssl`, a CA (``caFile``) and a certificate for `127.0.0.1` and `localhost` signed by it,
/// in a temporary folder; then a small Python `ssl` server (``TLSProxy/script``) as a child process on a free port,
/// which forwards each request to `upstream` and relays the answer, redirects included. It counts every
/// connection it accepts, the ones whose handshake the client refused too, so a test can count attempts rather
/// than time them. ``stop()`` ends the child and removes the folder.
public final class TLSProxy: Sendable {
  /// The temporary folder holding the keys, the certificates, the script and the counters.
  public let directory: URL
  /// The port the proxy listens on at 127.0.0.1.
  public let port: Int
  private let child: Locked<Process?>

  /// Starts the proxy in front of `upstream` (an `http://127.0.0.1:port` base); throws when `openssl` or
  /// `python3` fail, with what they said.
  public init(upstream: URL) throws {
    directory = try TestDirectory.make("rover-tls")
    try Self.makeCertificates(in: directory)
    try Self.script.write(to: directory.appendingPathComponent("proxy.py"), atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", directory.appendingPathComponent("proxy.py").path, directory.path, upstream.absoluteString,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: Self.emptyFile(directory.appendingPathComponent("proxy.log")))
    try process.run()
    child = Locked(process)
    do {
      port = try Self.readPort(from: output.fileHandleForReading, directory: directory)
    } catch {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw error
    }
  }

  deinit { stop() }

  /// The PEM file of the CA that signed the proxy's certificate: what `--cacert` or `SSL_CERT_FILE` names.
  public var caFile: URL { directory.appendingPathComponent("ca.pem") }

  /// `https://127.0.0.1:<port>` with `path` (and query) appended.
  public func url(_ pathAndQuery: String) -> URL {
    URL(string: "https://127.0.0.1:\(port)\(pathAndQuery)") ?? URL(fileURLWithPath: "/invalid-url")
  }

  /// Connections accepted so far, a refused handshake included.
  public var connections: Int {
    let text = try? String(contentsOf: directory.appendingPathComponent("connections"), encoding: .utf8)
    return text.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
  }

  /// Ends the proxy and removes its folder; safe to call twice.
  public func stop() {
    guard
      let process = child.withLock({ process in
        defer { process = nil }
        return process
      })
    else { return }
    // SIGKILL, not SIGTERM: a child spawned from a Swift concurrency thread inherits its blocked SIGTERM
    // (linux-notes.md), and would outlive the test.
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: directory)
  }

  private static func emptyFile(_ url: URL) throws -> URL {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw TLSProxyError("cannot create \(url.path)")
    }
    return url
  }

  /// The port the script prints once it listens, read from its stdout: the read returns as the line comes, or at
  /// the end of output if the script died first (python starts slowly on a loaded machine; nothing is timed).
  private static func readPort(from output: FileHandle, directory: URL) throws -> Int {
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    if let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) {
      return port
    }
    let log = (try? String(contentsOf: directory.appendingPathComponent("proxy.log"), encoding: .utf8)) ?? ""
    throw TLSProxyError("the TLS proxy did not start: \(log)")
  }
}

/// Why the TLS proxy could not start: the tool's own words.
public struct TLSProxyError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String
  init(_ description: String) { self.description = description }
}
