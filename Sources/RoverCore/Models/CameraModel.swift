/// A camera's geometric model as JPL writes it: a family (`CAHV`, `CAHVOR`, `CAHVORE`), its 3-vectors by letter,
/// and the scalars that follow them (for CAHVORE: the model type, 1 perspective, 2 fish-eye, 3 general, then that
/// type's parameter; PDS `MODEL_COMPONENT_8`/`_9`, api-reference 8.12).
public struct CameraModel: Sendable, Hashable, Codable {
  /// `CAHV`, `CAHVOR` or `CAHVORE`.
  public var type: String
  /// The model's vectors by lower-case letter (`c`, `a`, `h`, `v`, `o`, `r`, `e`), as many as the type has.
  public var vectors: [String: [Double]]
  /// The trailing scalars, in order: for CAHVORE the model type (1 perspective, 2 fish-eye, 3 general) and then
  /// its parameter (`…;2.0;0.0` is a fish-eye model with parameter 0).
  public var parameters: [Double]

  /// A model from its family, vectors and scalars.
  public init(type: String, vectors: [String: [Double]], parameters: [Double] = []) {
    self.type = type
    self.vectors = vectors
    self.parameters = parameters
  }
}
