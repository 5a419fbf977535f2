/// How the two rectified eyes are put into one picture.
public enum AnaglyphStyle: String, Sendable, Hashable, CaseIterable, Codable {
  /// Red/cyan from luminance: red = the left eye's Y, green and blue = the right eye's Y. Least retinal rivalry, and
  /// right for the engineering cameras' near-grey scenes.
  case grey
  /// Red/cyan keeping some colour: red from the left eye, green and blue from the right.
  case color
  /// Both eyes side by side, the right eye's picture on the left, for viewing cross-eyed.
  case crossEye = "cross-eye"
  /// Both eyes side by side, left on the left, for a stereoscope or parallel viewing.
  case sideBySide = "side-by-side"
}
