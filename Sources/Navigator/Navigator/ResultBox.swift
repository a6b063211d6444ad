/// Where an awaited navigation leaves its screen and the task waiting for it.
final class ResultBox<Screen> {
  var result: Result<Screen, NavigationError>? {
    didSet {
      if let continuation {
        self.continuation = nil
        continuation.resume()
      }
    }
  }
  var continuation: CheckedContinuation<Void, Never>?
}
