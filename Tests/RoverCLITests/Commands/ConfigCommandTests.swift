import Foundation
import RoverTestSupport
import Testing

/// `rover config` fits 80 columns and says when the key sent is NASA's shared DEMO_KEY (issue 37, point 7).
@Suite struct ConfigCommandTests {
  @Test func fitsEightyColumnsAndNamesTheSharedKey() async throws {
    let result = try await CLI.run(["config"])
    #expect(result.exitCode == 0, "\(result)")
    for line in result.stdout.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    let nasa = PseudoTerminal.lines(result.stdout).drop { !$0.hasPrefix("nasa ") }.prefix(2).joined(separator: " ")
    #expect(nasa.contains("NASA's shared DEMO_KEY"), "\(result.stdout)")
  }

  @Test func anOwnKeyIsNotCalledShared() async throws {
    let result = try await CLI.run(["config"], environment: ["NASA_API_KEY": "SECRET_KEY_999"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(!result.stdout.contains("DEMO_KEY"), "\(result.stdout)")
    #expect(!result.stdout.contains("SECRET_KEY_999"))
  }
}

/// JSON as jq prints it (issue 37, point 7): `"key": value`, never Foundation's `"key" : value`.
@Suite struct JSONStyleTests {
  @Test func documentsUseJqsSpacing() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    for arguments in [
      ["config", "--json"], ["rovers", "--json"], ["photos", "curiosity", "--sol", "1000", "--json"],
    ] {
      let result = try await CLI.run(arguments, against: arguments[0] == "config" ? nil : api)
      #expect(result.exitCode == 0, "\(result)")
      #expect(!result.stdout.contains("\" : "), "\(arguments): \(result.stdout.prefix(300))")
      #expect(result.stdout.contains("\": "), "\(arguments)")
    }
  }
}
