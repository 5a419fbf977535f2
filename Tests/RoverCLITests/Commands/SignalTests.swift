import Foundation
import RoverTestSupport
import Testing

/// What job schedulers send: SIGTERM (`timeout`, systemd, CI) and SIGHUP (a closed terminal) stop a download the
/// way Ctrl-C does, with the summary so far, no partial file, and an exit code that names the signal.
@Suite struct SignalTests {
  @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func signalStopsCleanly(signal: Int32, code: Int32) async throws {
    let download = try await SlowDownload.start(slow: 3, chunkDelay: 0.1)
    defer { download.stop() }
    download.child.send(signal: signal)
    let result = try await download.child.wait(timeout: 20)
    #expect(result.exitCode == code, "\(result)")
    #expect(result.stderr.contains("downloaded 1"), "\(result)")
    let left = imagesBelow(download.directory)
    #expect(left == [SlowDownload.finished], "\(left)")
  }

  /// GNU `timeout` signals the command and then its process group, the command included: two SIGTERMs a moment
  /// apart are one request to stop, with the clean-up and summary, not the "now" a second Ctrl-C means.
  @Test func aSignalSentTwiceAtOnceStillStopsCleanly() async throws {
    let download = try await SlowDownload.start(slow: 3, chunkDelay: 0.1)
    defer { download.stop() }
    download.child.send(signal: SIGTERM)
    download.child.send(signal: SIGTERM)
    let result = try await download.child.wait(timeout: 20)
    #expect(result.exitCode == 143, "\(result)")
    #expect(result.stderr.contains("downloaded 1"), "\(result)")
    #expect(imagesBelow(download.directory) == [SlowDownload.finished])
  }
}
