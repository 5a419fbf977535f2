// list-sols ROVER: each sol with photos and its photo count, tab-separated. README.md quotes this file verbatim.
import Foundation
import RoverCore

@main
struct ListSols {
  static func main() async {
    do {
      guard CommandLine.arguments.count == 2 else { throw Usage() }
      let settings = try ConnectionSettings.fromEnvironment(ProcessInfo.processInfo.environment)
      for sol in try await PhotoClient(settings: settings).sols(of: CommandLine.arguments[1]) {
        print("\(sol.sol)\t\(sol.totalPhotos)")
      }
    } catch {
      FileHandle.standardError.write(Data("list-sols: \(error.localizedDescription)\n".utf8))
      exit(1)
    }
  }
  struct Usage: LocalizedError { var errorDescription: String? { "usage: list-sols ROVER" } }
}
