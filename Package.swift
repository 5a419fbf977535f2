// swift-tools-version: 6.1
import PackageDescription

/// The rover command's release build on Linux (see its target).
let release = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
let staticRuntime = ["-static-stdlib"]
let libcurlAtFirstRequest = ["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "curl"]

let package = Package(
  name: "rover",
  // No `platforms`: the atomic file writes use Linux-only calls (O_TMPFILE, linkat with AT_EMPTY_PATH, /proc), so a
  // macOS build was never made to compile, and declaring it would promise one.
  products: [
    .library(name: "RoverCore", targets: ["RoverCore"]),
    // Whole frames from their tiles and rectified stereo anaglyphs; links libpng and libjpeg-turbo.
    .library(name: "RoverImaging", targets: ["RoverImaging"]),
    .executable(name: "rover", targets: ["rover"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    // Documentation only: swift package generate-documentation (CI builds the DocC catalog).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Test support only: the local HTTP server and the process runner.
    .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
    .package(url: "https://github.com/swiftlang/swift-subprocess", exact: "1.0.2"),
  ],
  targets: [
    // libcurl's multi interface for every request: URLSession on Linux costs several times curl's CPU per image, and
    // libcurl is loaded (dlopen) at the first request, so commands that make none start without its thirty
    // libraries. Its headers are needed to build (Debian: libcurl4-openssl-dev), libcurl.so.4 to run.
    .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
    // `rover gallery --thumbnails`: libjpeg-turbo and libpng (Debian: libturbojpeg0-dev, libjpeg-dev, libpng-dev).
    // TurboJPEG encodes; libjpeg's own API decodes, as TurboJPEG before 3.0 cannot limit a decoder's memory.
    .target(
      name: "CImage", linkerSettings: [.linkedLibrary("turbojpeg"), .linkedLibrary("jpeg"), .linkedLibrary("png")]),
    // The output directory's record and `watch`'s state (Debian: libsqlite3-dev): a few statements through the C
    // API, where GRDB would add minutes of build on two cores for nothing this code uses.
    .target(name: "CSQLite", linkerSettings: [.linkedLibrary("sqlite3")]),
    // `rover animate`: animated GIFs through giflib (Debian: libgif-dev).
    .target(name: "CGif", linkerSettings: [.linkedLibrary("gif")]),
    .target(
      name: "RoverCore",
      dependencies: [
        "CSQLite",
        .target(name: "CCurl", condition: .when(platforms: [.linux])),
        // AsyncChannel: a listing feeds the downloader with back-pressure, so memory stays flat in photos.
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
      ],
    ),
    // RoverImaging's codec: whole images at their own bit depth (Debian: libpng-dev, libjpeg-dev).
    .target(name: "CImaging", linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png")]),
    // Frames assembled from tiles and stereo anaglyphs, and movies (animated GIFs) from sequences, kept out of
    // RoverCore so that its users link no image library.
    .target(name: "RoverImaging", dependencies: ["RoverCore", "CImaging", "CGif"]),
    // The command's `gallery`, kept out of the library: RoverCore's users neither link the image libraries nor
    // need their headers to build.
    .target(
      name: "RoverGallery",
      dependencies: ["RoverCore", .target(name: "CImage", condition: .when(platforms: [.linux]))]
    ),
    // `rover sync` and `rover watch`: the mirror's state, watch's polls and back-off, `--exec` children. Only the
    // command uses them, so they stay out of the photo library its users link.
    .target(name: "RoverMirror", dependencies: ["RoverCore"]),
    .executableTarget(
      name: "rover",
      dependencies: [
        "RoverCore",
        "RoverGallery",
        "RoverMirror",
        "RoverImaging",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // A release build carries the Swift runtime and Foundation (linked statically), so `rover --version` starts in
      // under curl's time instead of 2.4 times it loading their shared libraries. libcurl stays out of the start-up
      // list: every libcurl function the binary calls is defined in it (Sources/CCurl) and forwarded once loaded.
      // Unsafe flags here only: SwiftPM refuses them in a dependency's product, and RoverCore's product carries none.
      swiftSettings: [.unsafeFlags(staticRuntime + libcurlAtFirstRequest, release)],
      // lld (in every Swift toolchain since 5.9): gold warns of the mktemp reference in the static Foundation.
      linkerSettings: [.unsafeFlags(staticRuntime + ["-use-ld=lld"], release)]
    ),
    // The local HTTP server and process runner the tests share; never shipped.
    .target(
      name: "RoverTestSupport",
      dependencies: [
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
        .product(name: "Subprocess", package: "swift-subprocess"),
      ]
    ),
    .testTarget(
      name: "RoverCoreTests",
      dependencies: ["RoverCore", "RoverTestSupport"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "RoverMirrorTests", dependencies: ["RoverMirror", "RoverCore", "RoverTestSupport"]),
    .testTarget(name: "RoverGalleryTests", dependencies: ["RoverGallery", "RoverCore", "RoverTestSupport"]),
    .testTarget(
      name: "RoverImagingTests", dependencies: ["RoverImaging", "RoverCore", "RoverTestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(name: "RoverTestSupportTests", dependencies: ["RoverTestSupport"]),
    // RoverImaging: the animate tests make their frames with its PNG encoder and read the GIFs back.
    .testTarget(name: "RoverCLITests", dependencies: ["rover", "RoverImaging", "RoverTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
