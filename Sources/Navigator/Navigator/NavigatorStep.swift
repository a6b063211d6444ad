/// The part of a ``Navigator`` navigation that runs once the hierarchy is free.
package struct NavigatorStep {
  /// The request, as ``Window/pendingRequests`` shows it.
  let request: NavigationRequest
  /// Checks the hierarchy again, prepares the screen and navigates.
  let body: () -> Void

  /// Runs the step.
  func run() { body() }
}
