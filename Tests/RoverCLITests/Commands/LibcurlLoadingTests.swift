import Foundation
import RoverTestSupport
import Testing

/// libcurl and its thirty libraries load at the first request, not at start-up: a command that asks no service
/// starts faster, and a machine without libcurl still runs those commands and says what to install for the rest.
@Suite struct LibcurlLoadingTests {
  /// The dynamic loader's own account of what it loaded (`LD_DEBUG=libs`, on stderr).
  static func loadsLibcurl(_ result: RoverProcessResult) -> Bool {
    result.stderr.contains("libcurl.so.4")
  }

  @Test(arguments: [["--version"], ["sol-date", "curiosity", "1000"], ["cameras", "curiosity"]])
  func commandsThatAskNoServiceNeverLoadLibcurl(arguments: [String]) async throws {
    let result = try await CLI.run(arguments, environment: ["LD_DEBUG": "libs"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(!Self.loadsLibcurl(result))
  }

  @Test func aRequestLoadsLibcurl() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let result = try await CLI.run(["rovers"], against: api, environment: ["LD_DEBUG": "libs"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(Self.loadsLibcurl(result))
  }

  /// A libcurl that does not load (here a file that is no library, found first through LD_LIBRARY_PATH): one line
  /// naming it and the package to install, exit 69, and no retries of something that cannot work.
  @Test func missingLibcurlIsNamedWithTheFix() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("not a library".utf8).write(to: directory.appendingPathComponent("libcurl.so.4"))
    let result = try await CLI.run(["rovers"], against: api, environment: ["LD_LIBRARY_PATH": directory.path])
    #expect(result.exitCode == 69, "\(result)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("cannot load libcurl"))
    #expect(result.stderr.contains("apt-get install libcurl4"))
    #expect(api.server.requestCount == 0)
  }

  /// A download without libcurl says so once, not once a photo.
  @Test func missingLibcurlStopsADownloadWithOneLine() async throws {
    let directory = try CLI.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("not a library".utf8).write(to: directory.appendingPathComponent("libcurl.so.4"))
    let lines = (1...20).map { "http://127.0.0.1:9/images/\($0).jpg" }.joined(separator: "\n")
    let output = directory.appendingPathComponent("out")
    let result = try await CLI.run(
      ["fetch-image", "-", "-o", output.path], environment: ["LD_LIBRARY_PATH": directory.path],
      stdin: Data(lines.utf8))
    #expect(result.exitCode == 69, "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("apt-get install libcurl4"))
  }
}
