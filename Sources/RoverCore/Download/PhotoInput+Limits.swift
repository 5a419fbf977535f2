extension PhotoInput {
  /// A URL or id line is at most this long (real ones are under 300 bytes): a longer one is refused as it is read,
  /// so one endless line costs no more memory than this.
  package static let maxLineBytes = 8192

  /// The refusal of line `number`, longer than ``maxLineBytes``.
  static func lineTooLong(_ number: Int) -> DownloadError {
    .malformedInput(detail: "line \(number): longer than \(maxLineBytes) bytes, which no URL or id is")
  }
}
