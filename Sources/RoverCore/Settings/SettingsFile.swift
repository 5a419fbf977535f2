import Foundation

/// An `APIKeys.plist`: `APIKey`, and optionally `BaseURL`, `Service` and the cache settings.
package struct SettingsFile: Sendable {
  package static let name = "APIKeys.plist"
  /// The largest settings file read, in bytes.
  package static let maxBytes = 64 * 1024

  package var path: String
  package var values: [String: String]

  /// Reads the file if it exists; a file that exists but cannot be read is an error worth reporting.
  package static func load(path: String) throws -> SettingsFile? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    // Sized on the file it opened (a link's target, not the link), without waiting on a pipe: a settings file is a
    // few lines, and one of megabytes is refused before it is read (a 50 MB one cost 44 s).
    guard case .success(let file) = RegularFile.open(path) else { throw SettingsError.unreadableFile(path: path) }
    guard file.size <= maxBytes else { throw SettingsError.fileTooLarge(path: path, limit: maxBytes) }
    guard let data = file.read(upTo: maxBytes + 1) else { throw SettingsError.unreadableFile(path: path) }
    guard data.count <= maxBytes else { throw SettingsError.fileTooLarge(path: path, limit: maxBytes) }
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw SettingsError.invalidPropertyList(path: path)
    }
    guard let dictionary = object as? [String: Any] else {
      throw SettingsError.notADictionary(path: path)
    }
    var values: [String: String] = [:]
    for (key, value) in dictionary {
      switch value {
      case let text as String: values[key] = text
      case let number as NSNumber: values[key] = number.stringValue
      default: continue
      }
    }
    return SettingsFile(path: path, values: values)
  }

  /// The files consulted, highest precedence first: the working directory, then the user's config directory.
  package static func candidatePaths(environment: [String: String], currentDirectory: String?) -> [String] {
    // Only the folders `environment` names: the library reads no home directory of its own. A relative
    // XDG_CONFIG_HOME is ignored, as the XDG specification says.
    let configHome =
      environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.config" }
    return (currentDirectory.map { [$0 + "/" + name] } ?? []) + (configHome.map { [$0 + "/rover/" + name] } ?? [])
  }
}
