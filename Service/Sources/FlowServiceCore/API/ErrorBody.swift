/// The body of every error answer: `{"error": {"code": "...", "message": "..."}}`.
public struct ErrorBody: Codable, Hashable, Sendable {
  /// The error.
  public var error: ErrorDetail

  /// Creates the body.
  ///
  /// - Parameters:
  ///   - code: The rule that was broken.
  ///   - message: The sentence naming it.
  public init(code: String, message: String) {
    self.error = ErrorDetail(code: code, message: message)
  }
}

/// An error's code and message.
public struct ErrorDetail: Codable, Hashable, Sendable {
  /// The rule that was broken: the typed error's code (`noMatch`, `unknownSession`, …).
  public var code: String
  /// The typed error's message.
  public var message: String

  /// Creates the detail.
  ///
  /// - Parameters:
  ///   - code: The rule that was broken.
  ///   - message: The sentence naming it.
  public init(code: String, message: String) {
    self.code = code
    self.message = message
  }
}
