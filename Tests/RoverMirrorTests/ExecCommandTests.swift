import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore
@testable import RoverMirror

/// `watch --exec`: words split once, placeholders filled once, and server values that would change what the
/// program does refused.
@Suite struct ExecCommandTests {
  static func photo(id: PhotoID = .number(7), camera: String = "FHAZ", url: String = "https://h/a.jpg") -> Photo {
    Photo(
      id: id, sol: 1000, camera: Camera(name: camera), imageSource: url,
      earthDate: CalendarDate(year: 2015, month: 5, day: 30)!, rover: Rover(name: "Curiosity", status: .active))
  }

  @Test func everyPlaceholderInsideWords() throws {
    let command = try ExecCommand("echo {id}:{rover}:{sol} '{camera} {earth_date}' x{url}x {path} {unknown} {{id}}")
    let arguments = try command.arguments(for: Self.photo(), path: "/d/a.jpg")
    #expect(
      arguments == ["echo", "7:curiosity:1000", "FHAZ 2015-05-30", "xhttps://h/a.jpgx", "/d/a.jpg", "{unknown}", "{7}"])
  }

  /// Server values that name each other come out as sent, whatever order the placeholders are filled in.
  @Test func placeholdersInServerValuesAreNeverExpanded() throws {
    let photo = Self.photo(id: .text("{camera}"), camera: "{id}{url}{path}")
    let command = try ExecCommand("echo {id}{camera} {camera}")
    #expect(try command.arguments(for: photo, path: "/p") == ["echo", "{camera}{id}{url}{path}", "{id}{url}{path}"])
  }

  @Test(arguments: ["-rf", "--version", "-"])
  func aValueBeginningWithADashIsRefused(camera: String) throws {
    let photo = Self.photo(camera: camera)
    #expect(
      throws: ExecCommandError.refused(
        photo: "7", reason: "'\(camera)' would reach the program as an option (put -- before it)")
    ) {
      try ExecCommand("touch {camera}").arguments(for: photo, path: nil)
    }
    // Typed by the user, or after a literal --, a leading dash is the user's.
    #expect(try ExecCommand("touch -x{camera}").arguments(for: photo, path: nil) == ["touch", "-x" + camera])
    #expect(try ExecCommand("touch -- {camera}").arguments(for: photo, path: nil) == ["touch", "--", camera])
    #expect(try ExecCommand("touch x{camera}").arguments(for: photo, path: nil) == ["touch", "x" + camera])
  }

  /// A NUL inside a server value would cut the argument short in the program's argv: refused, as a leading dash.
  @Test func aValueHoldingANULIsRefused() throws {
    let photo = Self.photo(camera: "FHAZ\u{0}--delete")
    #expect(throws: ExecCommandError.self) { try ExecCommand("touch x{camera}").arguments(for: photo, path: nil) }
    #expect(throws: ExecCommandError.self) { try ExecCommand("touch -- {camera}").arguments(for: photo, path: nil) }
  }

  @Test(arguments: ["file:///etc/passwd", "javascript:alert(1)", "/local/a.jpg", "ftp://h/a.jpg"])
  func urlIsOnlyAnHTTPURL(url: String) throws {
    let photo = Self.photo(url: url)
    #expect(throws: ExecCommandError.refused(photo: "7", reason: "its {url} is not an http(s) URL")) {
      try ExecCommand("echo {url}").arguments(for: photo, path: nil)
    }
    #expect(try ExecCommand("echo {id}").arguments(for: photo, path: nil) == ["echo", "7"])
  }

  @Test func theProgramIsTheUsersAndMustExist() throws {
    #expect(throws: ExecCommandError.placeholderInProgram("{camera}")) { try ExecCommand("{camera} x") }
    #expect(throws: ExecCommandError.placeholderInProgram("/bin/{id}")) { try ExecCommand("/bin/{id}") }
    #expect(throws: ExecCommandError.programNotFound("rover-none")) {
      try ExecCommand("rover-none").checkProgram(searchPath: "/bin:/usr/bin")
    }
    #expect(throws: ExecCommandError.programNotFound("/bin")) { try ExecCommand("/bin").checkProgram(searchPath: nil) }
    try ExecCommand("sh -c x").checkProgram(searchPath: "/nowhere::/bin")
    try ExecCommand("/bin/sh").checkProgram(searchPath: "")
  }

  /// A stop reaches the program's whole process group; one that ignores SIGTERM is killed after the grace period.
  @Test func cancellingEndsEvenAProgramThatIgnoresSIGTERM() async throws {
    let started = try NamedPipe()
    let command = try ExecCommand("sh -c 'trap \"\" TERM; echo > \"$0\"; sleep 300' \(started.path)")
    let run = Task { try await command.run(for: Self.photo(), path: nil) }
    // Cancelled once the program says it ignores SIGTERM, so only the SIGKILL after the grace period can end it.
    #expect(await started.written())
    let cancelled = ContinuousClock.now
    run.cancel()
    #expect(try await run.value == 128 + SIGKILL)
    let elapsed = ContinuousClock.now - cancelled
    #expect(elapsed >= .seconds(ExecCommand.stopGrace - 0.5), "\(elapsed)")
  }

  @Test func wordsSplitByShellRules() throws {
    #expect(try ExecCommand(#"a 'b c' "d\"e" f\ g"#).words == ["a", "b c", #"d"e"#, "f g"])
    #expect(throws: ExecCommandError.unbalanced("'")) { try ExecCommand("echo 'x") }
    #expect(throws: ExecCommandError.empty) { try ExecCommand("  ") }
  }
}
