import ArgumentParser
import RoverCore

/// A subcommand that talks to a service; its connection flags override those given before the subcommand name.
protocol ServiceCommand {
  var root: RoverCommand { get }
  var connection: ConnectionOptions { get }
}

extension ServiceCommand {
  func context() throws -> ServiceContext {
    try ServiceContext(connection.merged(over: root.connection))
  }

  func service() throws -> any PhotoService {
    try context().makeService()
  }
}

/// Rover names are passed to the service as typed (it knows its rovers); only obvious junk is refused here.
func validateRoverName(_ name: String) throws {
  guard !name.isEmpty, name.count <= 64, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
  else {
    throw ValidationError("invalid rover name '\(name)'")
  }
}
