/// Where a replay first differed from its log: the input that led there, and both sides.
public struct ReplayDivergence: Hashable, Sendable, CustomStringConvertible {
  /// The index of the input in the log's steps; the log's step count for the end state.
  public let inputIndex: Int
  /// The input that led there; `nil` for the end state, compared after the last input.
  public let input: RecordedInput?
  /// The index of the first differing event among the input's events; `nil` when the end
  /// state differs.
  public let eventIndex: Int?
  /// The recorded event (or end state); `nil` when the replay caused more events than the
  /// recording.
  public let expected: String?
  /// The replayed event (or end state); `nil` when the replay caused fewer events.
  public let actual: String?

  /// Creates a divergence.
  ///
  /// - Parameters:
  ///   - inputIndex: The input's index, or the step count for the end state.
  ///   - input: The input, or `nil` for the end state.
  ///   - eventIndex: The first differing event's index, or `nil` for the end state.
  ///   - expected: The recorded side.
  ///   - actual: The replayed side.
  public init(inputIndex: Int, input: RecordedInput?, eventIndex: Int?, expected: String?, actual: String?) {
    self.inputIndex = inputIndex
    self.input = input
    self.eventIndex = eventIndex
    self.expected = expected
    self.actual = actual
  }

  /// Both sides and the input, one a line.
  public var description: String {
    let place =
      if let input, let eventIndex {
        "event \(eventIndex) of input \(inputIndex), \(input)"
      } else {
        "the end state, after input \(inputIndex - 1)"
      }
    return "The replay differs at \(place):\n  expected: \(expected ?? "(nothing more)")\n"
      + "  actual:   \(actual ?? "(nothing more)")"
  }
}

/// Why a replay stopped.
public struct ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: String, Hashable, Sendable {
    /// The replay's events or end state differ from the log's (``divergence``).
    case divergence
    /// The log holds an input the recorder could not name by keys
    /// (``RecordedInput/unreplayable(_:)``).
    case unreplayableInput
    /// An input names a screen or a flow the replayed window doesn't have at that path, or a
    /// scheduler input reached a window without a manual scheduler.
    case missingTarget
    /// The app controller to replay into was already started, or the log's start
    /// snapshot could not be restored.
    case badStart
    /// The log doesn't read (``SessionLogFile/replay(into:)``): the message names the
    /// ``SessionLogError``.
    case badLog
  }

  /// What went wrong.
  public let code: Code
  /// The first difference, for ``Code/divergence``.
  public let divergence: ReplayDivergence?
  /// A sentence naming the rule, the input and its index.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What went wrong.
  ///   - message: A sentence naming the rule, the input and its index.
  ///   - divergence: The first difference, for ``Code/divergence``.
  public init(_ code: Code, _ message: String, divergence: ReplayDivergence? = nil) {
    self.code = code
    self.message = message
    self.divergence = divergence
  }

  /// The code and the message.
  public var description: String { "\(code.rawValue): \(message)" }
}
