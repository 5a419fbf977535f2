/// The one bounded task window: at most `width` tasks at once, fed from a source, so memory and connections
/// depend on the width and never on how many inputs there are.
package enum BoundedConcurrency {
  /// Runs `work` on every input `next` hands out (nil: no more) and gives each output to `collect` as it
  /// completes. When `collect` returns false, nothing new starts and the running tasks are cancelled; their
  /// outputs are still collected.
  package static func run<Input: Sendable, Output: Sendable>(
    next: () async throws -> Input?, width: Int, _ work: @escaping @Sendable (Input) async throws -> Output,
    collect: (Output) throws -> Bool
  ) async throws {
    try await withThrowingTaskGroup(of: Output.self) { group in
      var open = true
      var running = 0
      func fill() async throws {
        while open, running < max(1, width) {
          guard let input = try await next() else {
            open = false
            return
          }
          group.addTask { try await work(input) }
          running += 1
        }
      }
      try await fill()
      while let output = try await group.next() {
        running -= 1
        if try !collect(output) {
          open = false
          group.cancelAll()
        }
        try await fill()
      }
    }
  }

  /// `run(next:…)` over a sequence.
  package static func run<Inputs: Sequence, Output: Sendable>(
    _ inputs: Inputs, width: Int, _ work: @escaping @Sendable (Inputs.Element) async throws -> Output,
    collect: (Output) throws -> Bool
  ) async throws where Inputs.Element: Sendable {
    var pending = inputs.makeIterator()
    try await run(next: { pending.next() }, width: width, work, collect: collect)
  }

  /// `work` over `inputs`, outputs in input order.
  package static func map<Input: Sendable, Output: Sendable>(
    _ inputs: [Input], width: Int, _ work: @escaping @Sendable (Input) async throws -> Output
  ) async throws -> [Output] {
    var outputs = [Output?](repeating: nil, count: inputs.count)
    try await run(Array(inputs.enumerated()), width: width, { (index, input) in (index, try await work(input)) }) {
      outputs[$0.0] = $0.1
      return true
    }
    return outputs.compactMap { $0 }
  }

  /// `work` over `inputs` with outputs handed to `emit` in input order as soon as each one's predecessors are
  /// done. A task starts only within `width` of the next output due, so what waits for a slow predecessor is
  /// bounded too. `emit` returning false stops the run.
  package static func ordered<Input: Sendable, Output: Sendable>(
    _ inputs: [Input], width: Int, _ work: @escaping @Sendable (Input) async throws -> Output,
    emit: (Output) async throws -> Bool
  ) async throws {
    try await withThrowingTaskGroup(of: (Int, Output).self) { group in
      var started = 0
      var due = 0
      var done: [Int: Output] = [:]
      func fill() {
        while started < inputs.count, started < due + max(1, width) {
          let index = started
          let input = inputs[index]
          group.addTask { (index, try await work(input)) }
          started += 1
        }
      }
      fill()
      while let (index, output) = try await group.next() {
        done[index] = output
        while let next = done.removeValue(forKey: due) {
          due += 1
          guard try await emit(next) else {
            group.cancelAll()
            return
          }
        }
        fill()
      }
    }
  }
}
