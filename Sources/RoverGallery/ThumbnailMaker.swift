import Foundation
import RoverCore

#if canImport(CImage)
  internal import CImage
#endif

/// Small JPEG copies of JPEG and PNG images, made by libjpeg-turbo (decoding at 1/2 to 1/8 scale where it can) and
/// libpng, through the `CImage` shim.
package enum ThumbnailMaker {
  /// Whether this build has the image libraries.
  package static var isAvailable: Bool {
    #if canImport(CImage)
      return true
    #else
      return false
    #endif
  }

  /// A JPEG whose longer side is at most `maxSide` pixels (smaller images keep their size).
  package static func thumbnail(ofImageAt path: String, maxSide: Int, quality: Int = 80) throws(ThumbnailFailure)
    -> Data
  {
    #if canImport(CImage)
      return try encoded { image, error, size in
        rover_image_thumbnail(path, Int32(maxSide), Int32(quality), &image, error, size)
      }
    #else
      throw ThumbnailFailure(reason: "no image library in this build")
    #endif
  }

  /// Packed 8-bit RGB pixels as a JPEG: how tests and the browser check make real images.
  package static func jpeg(rgb: [UInt8], width: Int, height: Int, quality: Int = 90) throws(ThumbnailFailure) -> Data {
    guard width > 0, height > 0, rgb.count == width * height * 3 else {
      throw ThumbnailFailure(reason: "pixel count does not match \(width)x\(height)")
    }
    #if canImport(CImage)
      return try encoded { image, error, size in
        rover_image_encode_rgb(rgb, Int32(width), Int32(height), Int32(quality), &image, error, size)
      }
    #else
      throw ThumbnailFailure(reason: "no image library in this build")
    #endif
  }

  #if canImport(CImage)
    private static func encoded(
      _ body: (inout rover_jpeg, UnsafeMutablePointer<CChar>, Int) -> Int32
    ) throws(ThumbnailFailure) -> Data {
      var image = rover_jpeg()
      var error = [CChar](repeating: 0, count: 256)
      let status = error.withUnsafeMutableBufferPointer { buffer -> Int32 in
        guard let base = buffer.baseAddress else { return -1 }
        return body(&image, base, buffer.count)
      }
      defer { rover_image_free(&image) }
      guard status == 0, let bytes = image.data else {
        throw ThumbnailFailure(
          reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
      }
      return Data(bytes: bytes, count: Int(image.size))
    }
  #endif
}

/// Why one image got no thumbnail; the page then shows the image itself.
package struct ThumbnailFailure: Error, Equatable, Sendable {
  package var reason: String
}
