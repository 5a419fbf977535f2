import ArgumentParser

/// `assemble --format`, `anaglyph --format`: each picture's path, or one JSON object a line.
enum PictureFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
}
