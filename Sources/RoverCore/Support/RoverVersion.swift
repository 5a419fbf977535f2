/// The version sent in `User-Agent` and printed by `rover --version`.
package enum RoverVersion {
  package static let current = "0.1.0"
}
