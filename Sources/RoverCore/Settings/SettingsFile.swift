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
    // A settings file is a few lines: one of megabytes is refused before it is read (a 50 MB one cost 44 s).
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
      size.intValue > maxBytes
    {
      throw SettingsError.fileTooLarge(path: path, limit: maxBytes)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SettingsError.unreadableFile(path: path)
    }
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
    // Only the folders `environment` names: the library reads no home directory of its own.
    let configHome =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.config" }
    return (currentDirectory.map { [$0 + "/" + name] } ?? []) + (configHome.map { [$0 + "/rover/" + name] } ?? [])
  }
}
