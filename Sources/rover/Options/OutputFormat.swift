import ArgumentParser

/// How results are printed. `urls` exists for photos only: one image URL a line, for `xargs` and `curl`.
enum OutputFormat: String, CaseIterable {
  case table, json, jsonl, csv, urls
  /// Photos only: an RFC 7946 FeatureCollection (see `GeoJSONWriter`).
  case geojson
}

/// The formats of a listing that is not photos: `--format` lists (and completes) only these.
enum ListFormat: String, ExpressibleByArgument, CaseIterable {
  case table, json, jsonl, csv

  var output: OutputFormat { OutputFormat(rawValue: rawValue) ?? .table }
}

/// The formats of photos: a listing's, plus image URLs.
enum PhotoFormat: String, ExpressibleByArgument, CaseIterable {
  case table, json, jsonl, csv, urls, geojson

  var output: OutputFormat { OutputFormat(rawValue: rawValue) ?? .table }
}

/// When to color the table header.
enum ColorMode: String, ExpressibleByArgument, CaseIterable {
  case auto, always, never
}
