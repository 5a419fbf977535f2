import Foundation
import Testing

/// The command is RoverCore's first adopter: it lists through `PhotoClient` and downloads through the `Downloader`
/// a client makes, as a library user does, and never builds a service or a listing itself. Read from the sources,
/// so a command that reaches past the front door fails here however it behaves.
@Suite struct FrontDoorTests {
  /// The internal listing and factory types, and the construction of any service client or places client.
  static let forbidden = [
    #"\bPhotoListing\b"#, #"\bServiceFactory\b"#, #"\bMissionLister\b"#, #"\bany PhotoService\b"#,
    #"\b(FallbackService|RoverClient|RawFeedClient|PDSClient|PlacesClient|PhotoLocator)\("#,
  ]

  /// `Sources/rover`, found from this file's own place in the package.
  static let commandSources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/rover")

  /// Each line of `text` that names a forbidden type, as `line: text`.
  static func violations(in text: String) throws -> [String] {
    // Simple (ASCII) word boundaries: by Unicode's rules `ServiceFactory.make` would be one word.
    let patterns = try forbidden.map { try Regex($0).wordBoundaryKind(.simple) }
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
      patterns.contains { line.contains($0) } ? "\(number + 1): \(line.trimmingCharacters(in: .whitespaces))" : nil
    }
  }

  @Test func noCommandFileBuildsAServiceOrAListing() throws {
    let files = try #require(FileManager.default.enumerator(atPath: Self.commandSources.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(files.count > 20, "found \(files.count) Swift files under \(Self.commandSources.path)")
    var found: [String] = []
    var throughClient = 0
    for file in files {
      let text = try String(contentsOf: Self.commandSources.appendingPathComponent(file), encoding: .utf8)
      found += try Self.violations(in: text).map { "Sources/rover/\(file):\($0)" }
      if text.contains("client(") || text.contains("PhotoClient") { throughClient += 1 }
    }
    #expect(found.isEmpty, "the command reaches past PhotoClient:\n\(found.joined(separator: "\n"))")
    #expect(throughClient >= 10, "only \(throughClient) files list through a PhotoClient")
  }

  /// The check itself: each way of reaching past the front door is caught, and the front door is not.
  @Test func forbiddenNamesAreFound() throws {
    let reaching = [
      "let listing = PhotoListing(service: service)", "ServiceFactory.make(settings, events: nil)",
      "func service() -> any PhotoService", "RawFeedClient(configuration: configuration)",
      "PhotoLocator(settings: settings, events: nil)", "var outcome: PhotoListing.Outcome",
    ]
    for line in reaching { #expect(try Self.violations(in: line).count == 1, "\(line)") }
    let frontDoor = [
      "let client = try PhotoClient(settings: settings)", "client.downloader(options)",
      "RawFeedClient.defaultSols", "FallbackService.frameMetadataService(for: rover)",
    ]
    for line in frontDoor { #expect(try Self.violations(in: line).isEmpty, "\(line)") }
  }
}
