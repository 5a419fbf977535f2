import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// Attacks on the output directory and its records: links planted where rover writes, damaged and shared records.
@Suite struct DownloadHardeningTests {
  /// A file outside the output directory that an attacker wants overwritten.
  static func victim() throws -> URL {
    let url = try TestDirectory.make("rover-hard").appendingPathComponent("victim")
    try Data("precious".utf8).write(to: url)
    return url
  }

  static func run(
    _ photos: [Photo], into directory: URL, template: String = NameTemplate.defaultPattern, archive: URL? = nil
  ) async throws -> (DownloadSummary, [DownloadResult], [Notice]) {
    let options = DownloadOptions.testing(
      into: directory, template: try NameTemplate(template), jobs: 4, archive: archive)
    let run = try await DownloadRun.run(photos, options, retryPolicy: RetryPolicy(maxRetries: 1, baseDelay: 0.01))
    return (run.summary, run.results, run.warnings)
  }

  @Test func symlinkAtTemporaryNameIsNotFollowed() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-hard")
    let victim = try Self.victim()
    // The names round 1 used for temporaries, predictable from the pid: every one of them a link to the victim.
    for serial in 1...8 {
      try FileManager.default.createSymbolicLink(
        atPath: dir.appendingPathComponent(".curiosity_1000_FHAZ_1.jpg.\(getpid())-\(serial).part").path,
        withDestinationPath: victim.path)
    }
    let (summary, _, _) = try await Self.run([Photo.testing(1, at: api.server.url("/images/a.jpg"))], into: dir)
    #expect(summary.downloaded == 1)
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
    let placed = dir.appendingPathComponent("curiosity_1000_FHAZ_1.jpg")
    #expect(try FileManager.default.attributesOfItem(atPath: placed.path)[.type] as? FileAttributeType == .typeRegular)
    // Nothing named is left behind: the temporary never had a name.
    let hidden = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".part") }
    #expect(hidden.count == 8)
  }

  @Test func symlinkAtTheFinalNameIsReplacedNotWrittenThrough() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-hard")
    let victim = try Self.victim()
    let placed = dir.appendingPathComponent("curiosity_1000_FHAZ_1.jpg")
    try FileManager.default.createSymbolicLink(atPath: placed.path, withDestinationPath: victim.path)
    let (summary, _, _) = try await Self.run([Photo.testing(1, at: api.server.url("/images/a.jpg"))], into: dir)
    #expect(summary.downloaded == 1)
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
    let attributes = try FileManager.default.attributesOfItem(atPath: placed.path)
    #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    #expect(attributes[.size] as? Int == api.dataset.imageSize)
  }

  /// A directory where one photo goes fails that photo alone: every other photo of the run is still downloaded.
  @Test func aDirectoryAtOneFinalNameFailsThatPhotoAlone() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-hard")
    let blocked = dir.appendingPathComponent("curiosity_1000_FHAZ_3.jpg")
    try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: false)
    let photos = (1...10).map { Photo.testing($0, at: api.server.url("/images/\($0).jpg")) }
    let (summary, results, _) = try await Self.run(photos, into: dir)
    #expect(summary.fatal == nil)
    #expect(summary.downloaded == 9)
    #expect(summary.failed == 1)
    #expect(results.count == 10)
    let failed = results.first { if case .failed = $0.outcome { true } else { false } }
    #expect(failed?.photo.id == .number(3))
    if case .failed(let error)? = failed?.outcome {
      #expect(!error.isFatal)
      #expect(error.errorDescription?.contains("curiosity_1000_FHAZ_3.jpg") == true)
    }
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: blocked.path, isDirectory: &isDirectory) && isDirectory.boolValue)
  }

  @Test func symlinkedDirectoryUnderOutputIsNotFollowed() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-hard")
    let elsewhere = try TestDirectory.make("rover-hard")
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("1000").path, withDestinationPath: elsewhere.path)
    let photos = [
      Photo.testing(1, at: api.server.url("/images/a.jpg")), Photo.testing(2, at: api.server.url("/images/b.jpg")),
    ]
    let (summary, results, _) = try await Self.run(photos, into: dir, template: "{sol}/{id}.{ext}")
    #expect(summary.downloaded == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    guard case .failed(.io(let path, let reason))? = results.first?.outcome else {
      Issue.record("\(results)")
      return
    }
    #expect(path.hasSuffix("/1000"))
    #expect(reason.contains("refusing to follow"))
  }

  @Test func symlinkAtTheRecordFileIsNotFollowed() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-hard")
    let victim = try Self.victim()
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent(DownloadOptions.recordName).path, withDestinationPath: victim.path)
    await #expect(throws: DownloadError.self) {
      _ = try await Self.run([Photo.testing(1, at: api.server.url("/images/a.jpg"))], into: dir)
    }
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
    #expect(api.requestCount == 0)
  }

  @Test func symlinkAtTheArchiveIsNotFollowed() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-hard")
    let victim = try Self.victim()
    let archive = dir.appendingPathComponent("done.txt")
    try FileManager.default.createSymbolicLink(atPath: archive.path, withDestinationPath: victim.path)
    await #expect(throws: DownloadError.self) {
      _ = try await Self.run([Photo.testing(1, at: api.server.url("/images/a.jpg"))], into: dir, archive: archive)
    }
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
  }

  /// One line that is not UTF-8 costs that line, with one warning; a torn last line does not swallow the next.
  @Test func aDamagedArchiveKeepsItsGoodLines() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-hard")
    let archive = dir.appendingPathComponent("done.txt")
    var text = Data()
    for id in 1...5 { text += Data("curiosity\t\(id)\t4096\tx/\(id).jpg\n".utf8) }
    text += Data([0x63, 0xFF, 0xFE, 0x09, 0x0A])  // invalid UTF-8
    text += Data(repeating: 0x41, count: 100_000) + Data([0x0A])  // one endless line
    text += Data("curiosity\t6\t40".utf8)  // torn by a crash
    try text.write(to: archive)
    let photos = (1...7).map { Photo.testing($0, at: api.server.url("/images/\($0).jpg")) }
    let (summary, _, warnings) = try await Self.run(photos, into: dir, archive: archive)
    #expect(summary.skipped == 5)
    #expect(summary.downloaded == 2)
    #expect(
      warnings.contains { if case .unreadableLines(count: 2, path: archive.path) = $0 { true } else { false } },
      "\(warnings)")
    let lines = try String(contentsOf: archive, encoding: .isoLatin1).split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("curiosity\t6\t4096\t") || $0.hasPrefix("curiosity\t7\t4096\t") }.count == 2)
  }

  /// Two runs sharing one output directory take turns: every image is fetched once, not once per run.
  @Test func twoRunsSharingADirectoryFetchEachPhotoOnce() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    api.inject(.delay(0.05), times: .max, pathPrefix: "/images/")
    let dir = try TestDirectory.make("rover-hard")
    let photos = (1...20).map { Photo.testing($0, at: api.server.url("/images/\($0).jpg")) }
    async let first = Self.run(photos, into: dir)
    async let second = Self.run(photos, into: dir)
    let (a, b) = try await (first, second)
    #expect(a.0.downloaded + b.0.downloaded == 20)
    #expect(a.0.skipped + b.0.skipped == 20)
    #expect(api.requestCount(pathPrefix: "/images/") == 20)
  }

  /// Named temporaries (where there is no O_TMPFILE) of a killed run go; those of a live process stay.
  @Test func onlyTemporariesOfDeadProcessesAreRemoved() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-hard")
    let dead = ".rover-\(SafeDirectory.host)-4194303-1.part"
    let live = ".rover-\(SafeDirectory.host)-1-2.part"
    let otherHost = ".rover-elsewhere-4194303-3.part"
    for name in [dead, live, otherHost] { try Data("x".utf8).write(to: dir.appendingPathComponent(name)) }
    _ = try await Self.run([Photo.testing(1, at: api.server.url("/images/a.jpg"))], into: dir)
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
    #expect(!left.contains(dead))
    #expect(left.contains(live))
    #expect(left.contains(otherHost))
  }
}
