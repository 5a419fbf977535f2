/// The version sent in `User-Agent` and printed by `rover --version`.
public enum RoverVersion {
  public static let current = "0.1.0"
}
