/// The part of the sensor a frame was read from, in full-sensor pixels; `x` and `y` count from 1.
public struct Subframe: Sendable, Hashable, Codable {
  /// The first column read, from 1.
  public var x: Int
  /// The first row read, from 1.
  public var y: Int
  /// Columns read.
  public var width: Int
  /// Rows read.
  public var height: Int

  /// A subframe from its corner (from 1) and size, in full-sensor pixels.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}
