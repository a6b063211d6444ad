/// What one session did, as data: an optional starting snapshot, then every input in order,
/// each with the journal events it caused when the recorder kept them, and the state the
/// window ended in.
///
/// ```swift
/// let recorder = app.startRecording()              // a started app: the log starts from its snapshot
/// app.open("shop://catalog/products/42")
/// app.window.navigationController?.navigationBar.tapBackButton()
/// let bytes = try app.routes.encode(recorder.log)  // JSON, versioned like snapshots
/// …
/// let log = try fresh.routes.decodeSessionLog(bytes)
/// try log.replay(into: fresh)                      // the same journal, event for event, or a ReplayError
/// ```
///
/// A log names screens by their routes and their places in the window (`StatePath`),
/// never by address, and holds no wall-clock time but, as inputs, the monotonic clock's
/// readings that decided keep-alive durations (``RecordedInput/clock(_:)``, the time since the
/// log's start): a replay gives the same events on any
/// machine. The JSON shape, version 1:
///
/// ```
/// {"sessionLog": 1,
///  "start": {"navigationSnapshot": 1, "state": …},          (absent: from a fresh app controller)
///  "inputs": [{"input": "start", "events": ["viewDidLoad(NavigationController)", …]},
///             {"input": "open", "url": "shop://cart", "animated": false},
///             {"input": "tapBackButton", "path": "root"}, …],
///  "end": "NavigationController\n  [0] Catalog()"}            (the end state's text, when kept)
/// ```
public struct SessionLog: Hashable, Sendable, CustomStringConvertible {
  /// The format version this package writes, and the newest it reads.
  public static let formatVersion = 1

  /// One recorded input, with what it caused.
  public struct Step: Hashable, Sendable, CustomStringConvertible {
    /// The input.
    public var input: RecordedInput
    /// The journal events the input caused, each as its description (names, never
    /// addresses); `nil` when the recorder did not keep them, and then a replay does not
    /// compare them.
    public var events: [String]?

    /// Creates a step.
    ///
    /// - Parameters:
    ///   - input: The input.
    ///   - events: The events it caused, or `nil`.
    public init(_ input: RecordedInput, events: [String]? = nil) {
      self.input = input
      self.events = events
    }

    /// The input, then its events indented, one a line.
    public var description: String {
      ([input.description] + (events ?? []).map { "  \($0)" }).joined(separator: "\n")
    }
  }

  /// The format version the log was written in.
  public let version: Int
  /// The snapshot the session was in when its first input was recorded; `nil` for a log
  /// that starts from a fresh app controller, before ``AppController/start()``.
  public var start: NavigationSnapshot?
  /// The inputs, oldest first.
  public var steps: [Step]
  /// The window's state after the last input, as its text tree (screens by their keys);
  /// `nil` when not kept, and then a replay does not compare it.
  public var end: String?

  /// Creates a log in the current format.
  ///
  /// - Parameters:
  ///   - start: The snapshot to start from; `nil` for a fresh app controller.
  ///   - steps: The inputs, oldest first.
  ///   - end: The state's text after the last input, if kept.
  public init(start: NavigationSnapshot? = nil, steps: [Step] = [], end: String? = nil) {
    version = Self.formatVersion
    self.start = start
    self.steps = steps
    self.end = end
  }

  /// The inputs, oldest first.
  public var inputs: [RecordedInput] { steps.map(\.input) }

  /// The start, each step, then the end state.
  public var description: String {
    var lines = [start.map { "from snapshot: \($0.state)" } ?? "from a fresh app controller"]
    lines += steps.enumerated().map { "\($0.offset): \($0.element)" }
    if let end { lines.append("end:\n\(end)") }
    return lines.joined(separator: "\n")
  }
}

/// Why a session log could not be written or read.
public struct SessionLogError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: String, Hashable, Sendable {
    /// The bytes are not a log: not JSON, not UTF-8, a field missing, unknown or of the
    /// wrong type, an input kind this package doesn't know, a path or a duration that
    /// doesn't read.
    case corrupt
    /// A format version this package doesn't read.
    case unknownVersion
    /// A route tag no registered route type has.
    case unknownRoute
    /// The log's starting snapshot doesn't read (``SnapshotError``, named in the message).
    case badSnapshot
    /// A file or a folder of logs can't be read or written (``SessionLogFile``).
    case unreadableFile
  }

  /// What went wrong.
  public let code: Code
  /// A sentence naming the rule and where it was broken.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What went wrong.
  ///   - message: A sentence naming the rule and where.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The code and the message.
  public var description: String { "\(code.rawValue): \(message)" }
}
