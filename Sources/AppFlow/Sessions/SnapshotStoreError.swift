/// Why a ``SnapshotStore`` could not save, load, remove or list snapshots: the rule that was
/// broken and a message naming the session and the file or operation.
///
/// A store never crashes on what it reads: a damaged or foreign record is one of these.
public struct SnapshotStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  ///
  /// A struct wrapping a private enumeration, so that new codes can be added without
  /// breaking code that compares codes; stores outside this module define their own with
  /// ``init(rule:)``.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    fileprivate enum Value: String, Hashable, Sendable {
      case damaged
      case unsupportedFormat
      case io
      case extended
    }

    fileprivate let value: Value
    /// The name of a code defined outside this module (``init(rule:)``); empty otherwise.
    private let rule: String

    fileprivate init(value: Value) {
      self.value = value
      self.rule = ""
    }

    /// Creates the code of a rule that a store outside this module defines (a database
    /// store's `unavailable`, say); codes with the same name are equal, and the name of one
    /// of this module's codes gives that code: `Code(rule: "damaged") == .damaged`.
    ///
    /// - Parameter rule: The rule's name, which is also the code's ``description``.
    public init(rule: String) {
      let value = Value(rawValue: rule).flatMap { $0 == .extended ? nil : $0 } ?? .extended
      self.value = value
      self.rule = value == .extended ? rule : ""
    }

    /// A stored snapshot that can't be read back as it was saved: truncated, a byte
    /// changed, a wrong header, or a record of another session.
    public static let damaged = Code(value: .damaged)
    /// A stored snapshot in a format version this store does not read.
    public static let unsupportedFormat = Code(value: .unsupportedFormat)
    /// The system refused an operation: the message has the operation, the file and the
    /// system's error text.
    public static let io = Code(value: .io)

    /// The code's name, for logs.
    public var description: String { value == .extended ? rule : value.rawValue }
  }

  /// What went wrong.
  public let code: Code
  /// A sentence naming the session, the file or operation, and what went wrong.
  public let message: String
  /// The session involved, if any (listing involves none).
  public let session: SessionID?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What went wrong.
  ///   - message: A sentence naming the session, the file or operation, and the problem.
  ///   - session: The session involved, if any.
  public init(_ code: Code, _ message: String, session: SessionID? = nil) {
    self.code = code
    self.message = message
    self.session = session
  }

  /// The message.
  public var description: String { message }
}
