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

/// `scripts/run` on a fresh clone (issue 37, point 8): one line for the build step (`building…`, `done`), then the
/// command's own output; SwiftPM's fetching and resolving lines only when the build fails. A stand-in `swift`
/// prints what SwiftPM prints on a fresh clone and makes the binary.
@Suite struct RunScriptTests {
  /// A copy of the scripts in a folder of their own, with a `swift` that prints `lines` and exits `status`.
  static func clone(swiftPrints lines: String, status: Int) throws -> (root: URL, bin: URL) {
    let root = try TestDirectory.make("rover-cli")
    let scripts = root.appendingPathComponent("scripts")
    try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
    for name in ["run", "system-packages"] {
      try FileManager.default.copyItem(
        at: SetUpScriptTests.root.appendingPathComponent("scripts/\(name)"), to: scripts.appendingPathComponent(name))
    }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Sources"), withIntermediateDirectories: true)
    try Data().write(to: root.appendingPathComponent("Package.swift"))
    let bin = root.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let swift = """
      #!/bin/sh
      \(lines)
      [ \(status) -eq 0 ] || exit \(status)
      mkdir -p .build/release
      printf '#!/bin/sh\\necho "rover ran: $*"\\n' > .build/release/rover
      chmod +x .build/release/rover
      """
    for (name, body) in [("swift", swift), ("dpkg", "#!/bin/sh\nexit 0")] {
      let file = bin.appendingPathComponent(name)
      try Data((body + "\n").utf8).write(to: file)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    }
    return (root, bin)
  }

  static func run(_ clone: (root: URL, bin: URL)) async throws -> RoverProcessResult {
    try await RoverProcess.run(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: [
        "-i", "PATH=\(clone.bin.path):/usr/bin:/bin", clone.root.appendingPathComponent("scripts/run").path,
        "rovers",
      ])
  }

  static let swiftPM = """
    echo "Fetching https://github.com/apple/swift-argument-parser"
    echo "Fetched https://github.com/apple/swift-argument-parser from cache (0.52s)" >&2
    echo "Computing version for https://github.com/apple/swift-argument-parser" >&2
    echo "Working copy of https://github.com/apple/swift-argument-parser resolved at 1.5.0"
    """

  @Test func aFreshCloneSaysOneLineThenRunsTheCommand() async throws {
    let clone = try Self.clone(swiftPrints: Self.swiftPM, status: 0)
    let first = try await Self.run(clone)
    #expect(first.exitCode == 0, "\(first)")
    #expect(first.stderr == "rover: building the release binary (first run: a few minutes)… done\n", "\(first)")
    #expect(first.stdout == "rover ran: rovers\n", "\(first)")
    // Built: later runs start it at once, silently.
    let again = try await Self.run(clone)
    #expect(again.stderr.isEmpty && again.stdout == "rover ran: rovers\n", "\(again)")
  }

  @Test func aFailedBuildShowsWhatSwiftPMSaid() async throws {
    let clone = try Self.clone(swiftPrints: Self.swiftPM + "\necho 'error: no such module' >&2", status: 1)
    let result = try await Self.run(clone)
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.hasPrefix("rover: building the release binary (first run: a few minutes)… failed:\n"))
    #expect(result.stderr.contains("error: no such module"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}
