import ArgumentParser

/// How results are printed. `urls` exists for photos only: one image URL a line, for `xargs` and `curl`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case table, json, jsonl, csv, urls
}

/// When to colour the table header.
enum ColorMode: String, ExpressibleByArgument, CaseIterable {
  case auto, always, never
}
