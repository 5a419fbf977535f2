import ArgumentParser

/// `fetch-image --format`: one line a photo result, as it finishes (results stream, so there is no one-array
/// JSON). `paths`: where each photo is (downloaded or already there), for the next tool in a pipe.
enum ResultFormat: String, ExpressibleByArgument, CaseIterable {
  case jsonl, csv, paths
}
