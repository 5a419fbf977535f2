import RoverCore

extension FrameMovie: Tabular {
  static var columns: [String] {
    ["SOL", "MOVIE", "FRAMES", "FIRST SCLK", "LAST SCLK", "CADENCE S", "DURATION S", "CAMERA"]
  }
  static var numericColumns: Set<Int> { [0, 2, 3, 4, 5, 6] }

  var cells: [String] {
    [
      String(sol), id, String(photos.count), number(firstClock), number(lastClock), number(cadence), number(duration),
      camera,
    ].map { $0 ?? "-" }
  }

  static var fields: [String] {
    [
      "id", "sol", "last_sol", "sequence", "camera", "eye", "frames", "first_sclk", "last_sclk", "cadence_seconds",
      "duration_seconds", "width", "height",
    ]
  }

  var fieldValues: [String?] {
    [
      id, String(sol), String(lastSol), sequence, camera, eye, String(photos.count), number(firstClock),
      number(lastClock), number(cadence), number(duration), width.map(String.init), height.map(String.init),
    ]
  }

  /// As JSON writes the number (whole seconds without `.0`).
  private func number(_ value: Double?) -> String? { value.flatMap(DecodedName.seconds) }
}
