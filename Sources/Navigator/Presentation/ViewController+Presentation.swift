extension ViewController {
  /// Tears down the screens this one presented, before it leaves its window.
  package func dismissPresentedChainForRemoval() {
    guard let presented else { return }
    presented.dismissPresentedChainForRemoval()
    presented.presenter = nil
    self.presented = nil
  }
}
