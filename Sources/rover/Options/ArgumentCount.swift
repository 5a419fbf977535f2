/// A bound on the command line's length: swift-argument-parser (1.8.2) parses positionals in time quadratic in
/// their number, so 60 000 names took 110 s before anything ran. Past this many arguments the command says at
/// once where such lists go instead: standard input, read a line at a time.
enum ArgumentCount {
  static let limit = 4096

  /// The refusal for `arguments` (the command line without the program), or nil when they are few enough.
  static func message(for arguments: ArraySlice<String>) -> String? {
    guard arguments.count > limit else { return nil }
    return "\(arguments.count) arguments, more than the \(limit) rover reads from its command line: "
      + "give long lists one a line on standard input ('rover fetch-image -', 'rover decode -')"
  }
}
