/// A counter that proves a closure ran, and how often.
final class Counter {
  var count = 0
  func hit() { count += 1 }
}
