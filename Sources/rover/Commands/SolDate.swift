import ArgumentParser
import RoverCore

extension RoverCommand {
  struct SolDate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sol-date",
      abstract: "Convert between a rover's sols and Earth dates, offline.",
      discussion: """
        Uses the services' own arithmetic: earth_date = landing date + floor(sol × 88775.244 / 86400) days, \
        counting from sol 0 at landing (Curiosity, Perseverance) or sol 1 at landing (Spirit, Opportunity, as \
        the PDS numbers them). A date a sol skips over maps to the sol that spans it. Photos from NASA's feeds \
        and the PDS carry their capture date, which can be a day later.

        EXAMPLES:
          rover sol-date curiosity 1000
          rover sol-date perseverance --date 2024-05-01
        """)

    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: "Rover name: curiosity, perseverance, opportunity or spirit.", completion: Completions.rovers)
    var rover: String
    @Argument(help: "A sol to convert to its Earth date.") var sol: Int?
    @Option(help: ArgumentHelp("An Earth date (YYYY-MM-DD) to convert to sols.", valueName: "date")) var date: String?
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
      guard MarsCalendar.landingDate(rover: rover) != nil else {
        // An unknown rover, as for every other command: 66, with the closest name (thrown from `run`).
        return
      }
      guard (sol == nil) != (date == nil) else { throw ValidationError("give a sol or --date, not both or neither") }
      if let sol, sol < 0 || sol > MarsCalendar.maxSol {
        throw ValidationError("the sol must be between 0 and \(MarsCalendar.maxSol), got \(sol)")
      }
      if let date, CalendarDate(strict: date) == nil {
        throw ValidationError("--date must be a real date as YYYY-MM-DD, got '\(date)'")
      }
    }

    func run() async throws {
      guard MarsCalendar.landingDate(rover: rover) != nil else { throw ServiceError.unknownRover(name: rover) }
      let printer = Printer(format: .table, color: false)
      if let sol, let earthDate = MarsCalendar.earthDate(rover: rover, sol: sol) {
        printer.write(json ? try JSONOutput.lines([SolDateRecord(sol: sol, earthDate: earthDate)]) : "\(earthDate)\n")
      } else if let text = date, let day = CalendarDate(strict: text) {
        let sols = MarsCalendar.sols(rover: rover, on: day)
        guard !sols.isEmpty else {
          guard let landing = MarsCalendar.landingDate(rover: rover) else { return }
          // The same words and code as `photos --earth-date` for the same date.
          throw ServiceError.dateBeforeLanding(rover: rover, date: day, landing: landing)
        }
        printer.write(
          json
            ? try JSONOutput.lines(sols.map { SolDateRecord(sol: $0, earthDate: day) })
            : sols.map(String.init).joined(separator: "\n") + "\n")
      }
    }
  }
}

/// `sol-date --json`: one object per sol.
struct SolDateRecord: Encodable {
  var sol: Int
  var earthDate: CalendarDate

  enum CodingKeys: String, CodingKey {
    case sol
    case earthDate = "earth_date"
  }
}
