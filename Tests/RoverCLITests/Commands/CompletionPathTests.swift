import Foundation
import RoverTestSupport
import Testing

/// Bash completes paths where a path is asked for (issue 37, point 7): a folder for `-o` and `gallery DIR`, a file
/// for `--cacert` and `--archive`. Run in bash itself, the generated script's function given the words typed.
@Suite struct CompletionPathTests {
  @Test(arguments: [
    ("rover fetch-image -o pa", ["pathdir"]), ("rover sync -o pa", ["pathdir"]), ("rover gallery pa", ["pathdir"]),
    ("rover photos curiosity --cacert pa", ["pathdir", "pathfile.pem"]),
    ("rover fetch-image 1 --archive pa", ["pathdir", "pathfile.pem"]),
  ])
  func pathsAreCompleted(typed: String, expected: [String]) async throws {
    let dir = try TestDirectory.make("rover-cli")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("pathdir"), withIntermediateDirectories: true)
    try Data().write(to: dir.appendingPathComponent("pathfile.pem"))
    let script = try await CLI.run(["--generate-completion-script", "bash"])
    #expect(script.exitCode == 0)
    try Data(script.stdout.utf8).write(to: dir.appendingPathComponent("rover.bash"))
    let words = typed.split(separator: " ").map(String.init)
    let call = """
      source ./rover.bash
      COMP_WORDS=(\(words.map(PseudoTerminal.quoted).joined(separator: " ")))
      COMP_CWORD=\(words.count - 1); COMP_LINE=\(PseudoTerminal.quoted(typed)); COMP_POINT=\(typed.count)
      _rover rover \(PseudoTerminal.quoted(words[words.count - 1])) \(PseudoTerminal.quoted(words[words.count - 2]))
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try await RoverProcess.run(
      executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", call], currentDirectory: dir)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.split(separator: "\n").map(String.init).sorted() == expected, "\(typed): \(result)")
  }
}
