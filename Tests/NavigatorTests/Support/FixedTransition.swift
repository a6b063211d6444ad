import Navigator

/// A custom transition of a fixed duration, that counts how often it was asked.
final class FixedTransition: ViewControllerTransitioningDelegate {
  let duration: Duration
  private(set) var askedCount = 0
  init(duration: Duration) { self.duration = duration }
  func transitionDuration(for screen: ViewController) -> Duration {
    askedCount += 1
    return duration
  }
}
