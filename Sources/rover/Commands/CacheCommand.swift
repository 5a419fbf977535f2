import ArgumentParser
import Foundation
import RoverCore

extension RoverCommand {
  struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "cache", abstract: "Inspect or clear the response cache.",
      subcommands: [Info.self, Clear.self])

    struct Info: AsyncParsableCommand, ServiceCommand {
      static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Where the cache is, how many entries and bytes, the oldest and newest.",
        discussion: """
          EXAMPLES:
            rover cache info
            rover cache info --json
          """)

      @ParentCommand var root: RoverCommand
      @OptionGroup(title: "Connection options", visibility: .hidden) var connection: ConnectionOptions
      @OptionGroup var quietFlag: QuietFlag
      @Flag(help: "Print JSON.") var json = false

      func run() async throws {
        let info = try settings().responseCache.info()
        let printer = Printer(format: .table, color: false)
        if json {
          printer.write(try JSONOutput.document(CacheInfoReport(info)))
        } else {
          printer.write(CacheInfoReport(info).text)
        }
      }
    }

    struct Clear: AsyncParsableCommand, ServiceCommand {
      static let configuration = CommandConfiguration(
        commandName: "clear", abstract: "Remove cached responses.",
        discussion: """
          EXAMPLES:
            rover cache clear
            rover cache clear --older-than 7d
          """)

      @ParentCommand var root: RoverCommand
      @OptionGroup(title: "Connection options", visibility: .hidden) var connection: ConnectionOptions
      @OptionGroup var quietFlag: QuietFlag
      @Option(help: ArgumentHelp("Only entries not used for this long (e.g. 7d, 12h).", valueName: "age"))
      var olderThan: String?

      func validate() throws {
        if let olderThan, DurationText.parse(olderThan) == nil {
          throw ValidationError("--older-than must be a duration such as 12h or 7d, got '\(olderThan)'")
        }
      }

      func run() async throws {
        let cache = try settings().responseCache
        let removed = try cache.clear(olderThan: olderThan.flatMap(DurationText.parse))
        StandardError.line("removed \(removed) cached response\(removed == 1 ? "" : "s") from \(cache.directory.path)")
      }
    }
  }
}
