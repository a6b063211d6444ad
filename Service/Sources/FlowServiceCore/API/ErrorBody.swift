/// The body of every error answer: `{"error": {"code": "...", "message": "..."}}`.
struct ErrorBody: Codable, Hashable, Sendable {
  /// The error.
  var error: ErrorDetail

  /// Creates the body.
  ///
  /// - Parameters:
  ///   - code: The rule that was broken.
  ///   - message: The sentence naming it.
  init(code: String, message: String) {
    self.error = ErrorDetail(code: code, message: message)
  }
}

/// An error's code and message.
struct ErrorDetail: Codable, Hashable, Sendable {
  /// The rule that was broken: the typed error's code (`noMatch`, `unknownSession`, …).
  var code: String
  /// The typed error's message.
  var message: String

  /// Creates the detail.
  ///
  /// - Parameters:
  ///   - code: The rule that was broken.
  ///   - message: The sentence naming it.
  init(code: String, message: String) {
    self.code = code
    self.message = message
  }
}
