// swift-tools-version: 6.1
// Small programs on RoverCore, built by CI so the library's public API keeps compiling for its users. The README's
// "Use RoverCore in your package" section quotes Sources/list-sols/ListSols.swift.
import PackageDescription

let package = Package(
  name: "rover-examples",
  // The checkout one folder up. `name:` because a path dependency is otherwise known by its folder's name, which
  // differs between checkouts (`rover`, `main`, a CI workspace).
  dependencies: [.package(name: "rover", path: "..")],
  targets: [
    .executableTarget(name: "list-sols", dependencies: [.product(name: "RoverCore", package: "rover")]),
    .executableTarget(name: "download-sol", dependencies: [.product(name: "RoverCore", package: "rover")]),
    .executableTarget(
      name: "assemble-sol",
      dependencies: [
        .product(name: "RoverCore", package: "rover"), .product(name: "RoverImaging", package: "rover"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
