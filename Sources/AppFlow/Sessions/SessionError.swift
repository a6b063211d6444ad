/// Why a ``SessionHost`` could not do what it was asked: the rule that was broken, the
/// session, and a message naming both.
///
/// ```swift
/// do {
///   try await host.withSession(id) { app in app.navigator.pop() }
/// } catch let error as SessionError where error.code == .unknownSession {
///   id = try await host.create()
/// }
/// ```
public struct SessionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The rule that was broken.
  ///
  /// A struct wrapping a private enumeration, so that new rules can be added without
  /// breaking code that compares codes.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    fileprivate enum Value: String, Hashable, Sendable {
      case unknownSession
      case invalidSessionID
      case sessionExists
      case appFailed
      case snapshotFailed
      case restoreFailed
      case storeFailed
      case cancelled
    }

    fileprivate let value: Value

    /// A session the host neither holds nor finds in its store.
    public static let unknownSession = Code(value: .unknownSession)
    /// Text that is not a valid ``SessionID``.
    public static let invalidSessionID = Code(value: .invalidSessionID)
    /// Creating a session with the identifier of one the host holds or its store has.
    public static let sessionExists = Code(value: .sessionExists)
    /// Making the session's app controller failed: the host's `makeApp` threw, or
    /// ``AppController/start()`` did.
    public static let appFailed = Code(value: .appFailed)
    /// The codec could not snapshot the session; it stays as it was.
    public static let snapshotFailed = Code(value: .snapshotFailed)
    /// The codec could not restore the session's snapshot; the session is live, as the
    /// codec left it (at its root), and its stored snapshot is kept until it is saved again.
    public static let restoreFailed = Code(value: .restoreFailed)
    /// The store failed; ``SessionError/storeError`` says how.
    public static let storeFailed = Code(value: .storeFailed)
    /// The calling task was cancelled while the call waited for the session's turn (behind a
    /// restore, a save or an eviction); the call did nothing.
    public static let cancelled = Code(value: .cancelled)

    /// The rule's name, for logs.
    public var description: String { value.rawValue }
  }

  /// The rule that was broken.
  public let code: Code
  /// A sentence naming the broken rule and the session.
  public let message: String
  /// The session involved, when the identifier was valid.
  public let session: SessionID?
  /// The store's error, for ``Code/storeFailed``.
  public let storeError: SnapshotStoreError?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The rule that was broken.
  ///   - message: A sentence naming the rule and the session.
  ///   - session: The session involved.
  ///   - storeError: The store's error, for ``Code/storeFailed``.
  public init(
    _ code: Code, _ message: String, session: SessionID? = nil, storeError: SnapshotStoreError? = nil
  ) {
    self.code = code
    self.message = message
    self.session = session
    self.storeError = storeError
  }

  /// The message.
  public var description: String { message }
}

extension SessionError {
  /// A session the host neither holds nor finds in its store.
  static func unknown(_ session: SessionID) -> SessionError {
    SessionError(
      .unknownSession,
      "No session '\(session)': the host does not hold it and its store has no snapshot of it.",
      session: session)
  }

  /// A store's failure while the host did `operation` for `session`.
  static func store(_ error: SnapshotStoreError, _ operation: String, _ session: SessionID) -> SessionError {
    SessionError(
      .storeFailed, "Can't \(operation) session '\(session)': the store failed: \(error.message)",
      session: session, storeError: error)
  }

  /// The text of a codec's or a factory's error, for messages.
  static func text(of error: any Error) -> String {
    String(describing: error)
  }
}
