import Foundation
import RoverTestSupport
import Testing

/// The README's set-up: on a machine without the system packages, the scripts name the exact command to run
/// (a non-root user) rather than failing inside the compiler.
@Suite struct SetUpScriptTests {
  static var root: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
  }

  @Test func missingPackagesAreNamedWithTheCommandToInstallThem() async throws {
    // A fresh machine as far as the script can tell: dpkg knows no package, and the user is not root.
    let bin = try TestDirectory.make("rover-cli")
    for (name, body) in [("dpkg", "exit 1"), ("id", "echo 1000")] {
      let file = bin.appendingPathComponent(name)
      try Data("#!/bin/sh\n\(body)\n".utf8).write(to: file)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    }
    let result = try await RoverProcess.run(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: [
        "-i", "PATH=\(bin.path):/usr/bin:/bin", Self.root.appendingPathComponent("scripts/system-packages").path,
      ])
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stderr.contains(
        "sudo apt-get install -y libcurl4-openssl-dev libturbojpeg0-dev libjpeg-dev libpng-dev libsqlite3-dev"),
      "\(result.stderr)")
  }

  @Test func withThePackagesInPlaceTheScriptIsSilent() async throws {
    let result = try await RoverProcess.run(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: ["-i", "PATH=/usr/bin:/bin", Self.root.appendingPathComponent("scripts/system-packages").path])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.isEmpty)
  }
}
