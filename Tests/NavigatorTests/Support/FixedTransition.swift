import Navigator

/// A custom transition of a fixed duration, that counts how often it was asked.
final class FixedTransition: ViewControllerTransitioningDelegate {
  let duration: Double
  private(set) var askedCount = 0
  init(duration: Double) { self.duration = duration }
  func transitionDuration(for screen: ViewController) -> Double {
    askedCount += 1
    return duration
  }
}
