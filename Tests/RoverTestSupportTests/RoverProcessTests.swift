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

    let plain = try RoverProcess.start(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"])
    try await Task.sleep(nanoseconds: 200_000_000)
    plain.terminate()
    let terminated = try await plain.wait(timeout: 20)
    #expect(terminated.terminationSignal == SIGTERM && terminated.exitCode == 128 + SIGTERM)
  }

  @Test("a timeout kills the child and what it started, and reports what it wrote")
  func timeout() async throws {
    let start = Date()
    let error = await #expect(throws: RoverProcessError.self) {
      try await RoverProcess.run(
        executable: shell, arguments: ["-c", "echo started; sleep 120 & sleep 120"], timeout: 1)
    }
    guard case .timedOut(_, let partial) = error else { return }
    #expect(partial.stdout == "started\n")
    #expect(partial.terminationSignal == SIGKILL)
    // Well under 120 s: the background sleep was killed too; the margin is for a slot wait on a loaded machine.
    #expect(Date().timeIntervalSince(start) < 100, "the background sleep was killed too")
  }

  @Test("finds the built rover")
  func locatesRover() throws {
    #expect(try RoverProcess.roverExecutableURL().lastPathComponent == "rover")
  }
}
