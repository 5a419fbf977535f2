import Foundation

extension ConnectionSettings {
  /// The variables that name a CA file, in curl's order: its own `CURL_CA_BUNDLE`, then OpenSSL's `SSL_CERT_FILE`.
  /// A flag (`--cacert`) wins over both. `APIKeys.plist` is never read for it: a checkout's file must not be able
  /// to make rover trust a CA of its choosing.
  static let caFileVariables = ["CURL_CA_BUNDLE", "SSL_CERT_FILE"]

  /// The CA file given anywhere, checked to be a readable PEM file; nil: the system's CAs.
  static func caFileChoice(_ lookup: SettingLookup) throws -> Sourced<String>? {
    guard let given = lookup.first(\.caFile, flagName: \.caFile, env: caFileVariables, file: nil) else { return nil }
    try checkCAFile(given.value, source: given.source)
    return given
  }

  /// A CA file that cannot be read, or holds no PEM certificate, would fail every HTTPS request with a message
  /// about the server: say what is wrong with the file before any request.
  static func checkCAFile(_ path: String, source: SettingSource) throws {
    // Opened without waiting (a named pipe with no writer would block for ever) and only when a regular file:
    // libcurl reads the file again for every connection's store, which a pipe (`<(cat ca.pem)`) cannot give.
    let file: RegularFile
    switch RegularFile.open(path) {
    case .success(let opened): file = opened
    case .failure(.cannotOpen):
      throw SettingsError.invalidCAFile(path: path, source: "\(source)", reason: "cannot read it")
    case .failure(.notRegular):
      throw SettingsError.invalidCAFile(
        path: path, source: "\(source)", reason: "not a regular file (a pipe?); give the PEM file's own path")
    }
    // A bundle of every public CA is about 200 KB; the first certificate is all this check needs.
    let start = file.read(upTo: 1 << 20) ?? Data()
    // Searched as bytes: a bundle need not be UTF-8, and decoding 200 KB to search it cost more than the search.
    guard Self.holdsCertificate(start) else {
      throw SettingsError.invalidCAFile(path: path, source: "\(source)", reason: "no PEM certificate in it")
    }
  }

  /// Whether `pem` holds one certificate block whose base64 decodes to a DER sequence (`0x30`): markers around
  /// nothing, or around text that is no certificate, make libcurl fail every request as if the server were wrong.
  static func holdsCertificate(_ pem: Data) -> Bool {
    let begin = Array("-----BEGIN CERTIFICATE-----".utf8)
    let end = Array("-----END CERTIFICATE-----".utf8)
    var rest = pem[...]
    while let opening = rest.firstRange(of: begin) {
      rest = rest[opening.upperBound...]
      guard let closing = rest.firstRange(of: end) else { return false }
      let body = rest[..<closing.lowerBound].filter { !(" \t\r\n" as String).utf8.contains($0) }
      if let der = Data(base64Encoded: Data(body)), der.count >= 2, der.first == 0x30 { return true }
      rest = rest[closing.upperBound...]
    }
    return false
  }

  /// FoundationNetworking on Linux offers no way to give libcurl a CA file (it sets the system bundle itself and
  /// delivers no server-trust challenge to a delegate), so the URLSession engine cannot honour one: refused here,
  /// never silently ignored.
  static func refuseUnusableCAFile(_ caFile: Sourced<String>?, engine: Sourced<HTTPEngineKind>) throws {
    guard let caFile, engine.value == .urlSession, !isURLSessionBundle(caFile.value) else { return }
    throw SettingsError.caFileNeedsCurl(
      path: caFile.value, source: "\(caFile.source)", engineSource: "\(engine.source)")
  }

  /// Where FoundationNetworking on Linux finds the bundle it gives libcurl: the first of these that exists.
  static let urlSessionBundles = [
    "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/usr/share/ssl/certs/ca-bundle.crt",
    "/usr/local/share/certs/ca-root-nss.crt", "/etc/ssl/cert.pem",
  ]

  /// Whether `path` is the very bundle URLSession uses anyway: a CA file naming it (a `CURL_CA_BUNDLE` many systems
  /// export) changes nothing URLSession trusts, so it need not be refused.
  static func isURLSessionBundle(_ path: String) -> Bool {
    guard let bundle = urlSessionBundles.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
      return false
    }
    return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
      == URL(fileURLWithPath: bundle).resolvingSymlinksInPath().path
  }
}
