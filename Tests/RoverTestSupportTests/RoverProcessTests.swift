import Foundation
import RoverTestSupport
import Testing

/// The runner's promises, shown with `/bin/sh` children: streams apart, a clean sandbox, signals that arrive.
@Suite("RoverProcess")
struct RoverProcessTests {
  let shell = URL(fileURLWithPath: "/bin/sh")

  @Test("captures stdout, stderr and the exit code separately, and feeds stdin")
  func streams() async throws {
    let result = try await RoverProcess.run(
      executable: shell, arguments: ["-c", "cat; echo err >&2; exit 3"], stdin: Data("in\n".utf8))
    #expect(result.stdout == "in\n")
    #expect(result.stderr == "err\n")
    #expect(result.exitCode == 3)
  }

  @Test("gives the child a minimal environment with fresh HOME and XDG directories")
  func sandbox() async throws {
    let result = try await RoverProcess.run(
      executable: shell, arguments: ["-c", "echo $HOME; echo $XDG_CACHE_HOME; echo ${ROVER_API_KEY:-none}; echo $X"],
      environment: ["X": "given"])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines[0].contains("rover-process-") && lines[1].hasSuffix("/cache"))
    #expect(lines[2...] == ["none", "given"])
  }

  @Test("interrupt reaches a child spawned from a concurrency thread: its signal mask is empty")
  func interrupt() async throws {
    let trapped = try RoverProcess.start(
      executable: shell, arguments: ["-c", "trap 'echo caught; exit 7' INT; echo ready; while :; do sleep 0.05; done"])
    try await trapped.waitUntil("ready") { $0.stdout.contains("ready") }
    trapped.interrupt()
    let result = try await trapped.wait(timeout: 20)
    #expect(result.exitCode == 7 && result.stdout.contains("caught"), "\(result)")

    let plain = try RoverProcess.start(executable: shell, arguments: ["-c", "echo ready; exec sleep 300"])
    try await plain.waitUntil("ready") { $0.stdout.contains("ready") }
    plain.terminate()
    let terminated = try await plain.wait(timeout: 20)
    #expect(terminated.terminationSignal == SIGTERM && terminated.exitCode == 128 + SIGTERM)
  }

  @Test("a timeout kills the child and what it started, and reports what it wrote")
  func timeout() async throws {
    // A duration no other process uses, so the background sleep can be looked for by name.
    let marker = "120.\(Int.random(in: 100_000...999_999))"
    // The background sleep holds the pipe open: the pipe hangs up when it ends.
    let held = try NamedPipe()
    let error = await #expect(throws: RoverProcessError.self) {
      try await RoverProcess.run(
        executable: shell,
        arguments: ["-c", "echo started; sleep \(marker) 3> \"$0\" & sleep \(marker)", held.path], timeout: 1)
    }
    guard case .timedOut(_, let partial) = error else { return }
    #expect(partial.stdout == "started\n")
    #expect(partial.terminationSignal == SIGKILL)
    // The background sleep was killed too: waited for by its pipe, not timed, since the wait for a child slot
    // (every CLI test shares them) grows with the suite and the machine's load.
    #expect(await held.written(), "the background sleep was killed too")
    #expect(Self.processes(running: ["sleep", marker]).isEmpty, "the background sleep was killed too")
  }

  /// Live processes whose command line is exactly `arguments` (zombies have none).
  static func processes(running arguments: [String]) -> [String] {
    let wanted = Data(arguments.joined(separator: "\0").utf8 + [0])
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.filter { entry in
      entry.allSatisfy(\.isNumber) && FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") == wanted
    }
  }

  @Test("finds the built rover")
  func locatesRover() throws {
    #expect(try RoverProcess.roverExecutableURL().lastPathComponent == "rover")
  }
}
