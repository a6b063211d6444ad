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
