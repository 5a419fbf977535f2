import Foundation

extension JPLCameraModel {
  /// The image position (column, row; pixel centres at whole numbers, 0 the first) where the point `point` appears,
  /// or nil for a point behind the camera or beyond the model's field (CAHVORE's θ past its bound, or Newton's
  /// method not settling).
  ///
  /// Pure arithmetic: safe from any thread.
  public func project(_ point: Vector3) -> (x: Double, y: Double)? {
    let p = point - c
    guard let moved = distorted(p) else { return nil }
    let depth = moved.dot(a)
    guard depth > 1e-12, depth.isFinite else { return nil }
    let x = moved.dot(h) / depth
    let y = moved.dot(v) / depth
    return x.isFinite && y.isFinite ? (x, y) : nil
  }

  /// The point relative to C moved by the distortion terms, so that the linear part projects it where the lens does.
  private func distorted(_ p: Vector3) -> Vector3? {
    guard kind != .cahv else { return p }
    let zeta = p.dot(o)
    let lambdaVector = p - o * zeta
    let lambda = lambdaVector.length
    if kind == .cahvor {
      guard zeta > 1e-12 else { return nil }
      let tau = lambda * lambda / (zeta * zeta)
      let mu = r.x + r.y * tau + r.z * tau * tau
      return p + lambdaVector * mu
    }
    guard let theta = offAxisAngle(zeta: zeta, lambda: lambda) else { return nil }
    guard theta * abs(linearity) <= Double.pi / 2 else { return nil }
    guard theta > 1e-8 else { return p }
    let chi: Double
    if linearity < -1e-15 {
      chi = sin(linearity * theta) / linearity
    } else if linearity > 1e-15 {
      chi = tan(linearity * theta) / linearity
    } else {
      chi = theta
    }
    let chi2 = chi * chi
    let mu = r.x + r.y * chi2 + r.z * chi2 * chi2
    return o * (lambda / chi) + lambdaVector * (1 + mu)
  }

  /// θ such that ζ sin θ − λ cos θ − (θ − sin θ)(e0 + e1 θ² + e2 θ⁴) = 0, by Newton's method from atan2(λ, ζ).
  private func offAxisAngle(zeta: Double, lambda: Double) -> Double? {
    var theta = atan2(lambda, zeta)
    for _ in 0..<100 {
      let (s, cosine) = (sin(theta), cos(theta))
      let t2 = theta * theta
      let pupil = e.x + e.y * t2 + e.z * t2 * t2
      let pupilSlope = 2 * e.y * theta + 4 * e.z * t2 * theta
      let value = zeta * s - lambda * cosine - (theta - s) * pupil
      let slope = zeta * cosine + lambda * s - (1 - cosine) * pupil - (theta - s) * pupilSlope
      guard slope != 0, slope.isFinite else { return nil }
      let step = value / slope
      theta -= step
      if abs(step) < 1e-10 { return theta }
    }
    return nil
  }
}
