import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// `--limit-rate` is one budget over every transfer together, on either engine.
@Suite struct TransferBudgetTests {
  @Test func aChunkIsTakenWholeThenTheBudgetWaits() {
    let budget = TransferBudget(bytesPerSecond: 10_000)
    #expect(budget.take(50_000) == 0)
    // Five seconds' worth in debt: the next chunk waits about that long, and is not charged meanwhile.
    let wait = budget.take(1000)
    #expect(wait > 4)
    #expect(budget.secondsUntilAvailable > 4)
  }

  @Test func hostileRatesAreClampedNotTrapped() {
    #expect(TransferBudget(bytesPerSecond: 0).bytesPerSecond == 1)
    #expect(TransferBudget(bytesPerSecond: -5).bytesPerSecond == 1)
    #expect(TransferBudget(bytesPerSecond: .max).bytesPerSecond == ByteRateText.maxBytesPerSecond)
    #expect(TransferBudget(bytesPerSecond: .max).chunkBytes == 102_400)
    #expect(TransferBudget(bytesPerSecond: 1).chunkBytes == 1024)
  }

  /// Five images of 200 KB at 200K a second over eight parallel transfers: about five seconds, however parallel.
  @Test func theRateHoldsOverAllTransfersTogether() async throws {
    // A JPEG's signature first: only images are kept.
    let image = Data([0xFF, 0xD8, 0xFF]) + Data(repeating: 0xAB, count: 199_997)
    let server = try TestHTTPServer { _ in .bytes(image, contentType: "image/jpeg") }
    defer { server.stop() }
    let dir = try TestDirectory.make("rover-rate")
    defer { try? FileManager.default.removeItem(at: dir) }
    let options = DownloadOptions.testing(into: dir, jobs: 8)
    let photos = (1...5).map { Photo.testing($0, at: server.url("/images/\($0).jpg")) }
    let started = Date()
    let run = try await DownloadRun.run(photos, options, maxBytesPerSecond: ByteRateText.parse("200K"))
    let seconds = Date().timeIntervalSince(started)
    #expect(run.summary.downloaded == 5, "\(run.results)")
    #expect(run.summary.bytes == 1_000_000)
    // 1,000,000 bytes at 204,800 a second, less the budget's burst and one chunk: at least 4.6 s.
    #expect(seconds >= 4, "took \(seconds) s")
  }

  /// A library user's settings carry the rate to every engine made from them, answers included.
  @Test func settingsCarryTheRateToTheServicesEngines() throws {
    var settings = ConnectionSettings(service: .preset(.nasaRaw))
    (settings.maxBytesPerSecond, settings.requestSpacing) = (2048, 0.5)
    #expect(settings.configuration(for: .nasaRaw).transferBudget?.bytesPerSecond == 2048)
    #expect(settings.configuration(for: .nasaRaw).requestSpacing?.seconds == 0.5)
    settings.requestSpacing = .nan
    settings.maxBytesPerSecond = nil
    #expect(settings.requestSpacing == 0)
    #expect(settings.configuration(for: .nasaRaw).transferBudget == nil)
  }
}
