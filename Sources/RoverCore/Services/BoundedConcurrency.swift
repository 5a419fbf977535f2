/// The one bounded task window: at most `width` tasks at once, fed from a sequence, so memory and connections
/// depend on the width and never on how many inputs there are.
public enum BoundedConcurrency {
  /// Runs `work` on every input and hands each output to `collect` as it completes. When `collect` returns
  /// false, nothing new starts and the running tasks are cancelled; their outputs are still collected.
  public static func run<Inputs: Sequence, Output: Sendable>(
    _ inputs: Inputs, width: Int, _ work: @escaping @Sendable (Inputs.Element) async throws -> Output,
    collect: (Output) throws -> Bool
  ) async throws where Inputs.Element: Sendable {
    try await withThrowingTaskGroup(of: Output.self) { group in
      var pending = inputs.makeIterator()
      var open = true
      func startNext() {
        guard open, let input = pending.next() else { return }
        group.addTask { try await work(input) }
      }
      for _ in 0..<max(1, width) { startNext() }
      while let output = try await group.next() {
        if try !collect(output), open {
          open = false
          group.cancelAll()
        }
        startNext()
      }
    }
  }

  /// `work` over `inputs`, outputs in input order.
  public static func map<Input: Sendable, Output: Sendable>(
    _ inputs: [Input], width: Int, _ work: @escaping @Sendable (Input) async throws -> Output
  ) async throws -> [Output] {
    var outputs = [Output?](repeating: nil, count: inputs.count)
    try await run(Array(inputs.enumerated()), width: width, { (index, input) in (index, try await work(input)) }) {
      outputs[$0.0] = $0.1
      return true
    }
    return outputs.compactMap { $0 }
  }
}
