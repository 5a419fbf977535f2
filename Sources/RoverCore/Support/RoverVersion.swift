public enum RoverCoreVersion { public static let current = "0.1.0" }
