extension ConnectionSettings {
  /// Checks the whole value once, where a ``PhotoClient`` or a ``Downloader`` is made from it: every field is a
  /// plain `var`, so a combination that cannot work (a base URL under `auto`, a CA file with URLSession) is named
  /// here, before any request, rather than failing every request later. Values read by
  /// ``fromEnvironment(_:currentDirectory:)`` were checked as they were read (the CA file is not read twice).
  /// - Throws: `SettingsError.baseURLNeedsOneService` for a base URL with `.auto`, `SettingsError.invalidBaseURL`
  ///   for a URL that is not http(s) with a host, `SettingsError.unknownEngine` for an engine this build lacks,
  ///   `SettingsError.keyWithControlCharacters` for a key that would forge headers,
  ///   `SettingsError.invalidCAFile` for a CA file that cannot be read or holds no PEM certificate,
  ///   `SettingsError.caFileNeedsCurl` for a CA file with the URLSession engine.
  package func validate() throws {
    if let url = baseURLChoice {
      guard case .preset = serviceChoice.value else {
        throw SettingsError.baseURLNeedsOneService(text: url.value.absoluteString, source: "\(url.source)")
      }
      _ = try Self.parseBaseURL(url.value.absoluteString, source: url.source)
    }
    guard engine.isAvailable else {
      throw SettingsError.unknownEngine(
        name: engine.rawValue, source: Self.origin(engineChoice.source),
        known: HTTPEngineKind.allCases.filter(\.isAvailable).map(\.rawValue))
    }
    if let key = apiKeyChoice.value, Self.hasControlCharacters(key) {
      throw SettingsError.keyWithControlCharacters(source: Self.origin(apiKeyChoice.source))
    }
    if let caFile = caFileChoice, caFile.source == .given { try Self.checkCAFile(caFile.value, source: .given) }
    try Self.refuseUnusableCAFile(caFileChoice, engine: engineChoice)
  }

  /// Where a value came from, as the messages name it: "the settings" for one a program set in code.
  private static func origin(_ source: SettingSource) -> String {
    source == .given ? "the settings" : "\(source)"
  }
}
