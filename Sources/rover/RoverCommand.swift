import RoverCore
@main struct Main { static func main() { print(RoverCoreVersion.current) } }
