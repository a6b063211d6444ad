/// A value that a callback delivers later, and the task waiting for it: how the `async` forms
/// of running a flow and opening a deep link wait for their callback forms.
final class Awaited<Value> {
  /// The value, once delivered; setting it resumes the waiting task.
  var value: Value? {
    didSet {
      if let continuation {
        self.continuation = nil
        continuation.resume()
      }
    }
  }
  /// The task waiting for the value.
  private var continuation: CheckedContinuation<Void, Never>?

  /// Waits for the value; returns at once when it was delivered already.
  func wait() async -> Value {
    if value == nil {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        self.continuation = continuation
      }
    }
    return value!
  }
}

/// Runs a callback form and throws the failure it hears during the call: how the `try` forms
/// of opening a deep link, navigating to routes and restoring a snapshot are built on their
/// callback forms.
///
/// `completion` hears everything else once: a success (during the call or later) or a
/// failure found after the call returned. A thrown failure never reaches it.
///
/// - Parameters:
///   - completion: The caller's completion.
///   - start: Starts the callback form with the completion to call.
/// - Throws: The failure the callback form reported before it returned.
func throwingEarlyFailure<Value, Failure: Error>(
  completion: ((Result<Value, Failure>) -> Void)?,
  _ start: (@escaping (Result<Value, Failure>) -> Void) -> Void
) throws(Failure) {
  let early = EarlyResult<Value, Failure>()
  start { result in
    guard early.isInCall else { return completion?(result) ?? () }
    early.result = result
  }
  early.isInCall = false
  switch early.result {
  case .failure(let error)?: throw error
  case .success(let value)?: completion?(.success(value))
  case nil: break
  }
}

/// What a callback form reported while ``throwingEarlyFailure(completion:_:)`` was calling it.
private final class EarlyResult<Value, Failure: Error> {
  /// A Boolean value indicating whether the callback form has not returned yet.
  var isInCall = true
  /// The result reported during the call.
  var result: Result<Value, Failure>?
}

/// Runs a callback form that reports failures only and throws the one it hears during the
/// call: how the `try` forms called without a completion are built. A failure found after the
/// call returned has no one to hear it.
///
/// - Parameter start: Starts the callback form with the failure handler to call.
/// - Throws: The failure the callback form reported before it returned.
func throwingEarlyFailure<Failure: Error>(_ start: (@escaping (Failure) -> Void) -> Void) throws(Failure) {
  let early = EarlyResult<Void, Failure>()
  start { error in
    if early.isInCall { early.result = .failure(error) }
  }
  early.isInCall = false
  if case .failure(let error)? = early.result { throw error }
}
