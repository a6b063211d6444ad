import Navigator

/// A delegate that records every call it gets, as journal events.
final class RecordingNavigationDelegate: NavigationControllerDelegate {
  var calls: [NavigationEvent] = []

  func navigationController(_ nav: NavigationController, willShow vc: ViewController, animated: Bool) {
    calls.append(.willShow(vc.screenID, in: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, didShow vc: ViewController, animated: Bool) {
    calls.append(.didShow(vc.screenID, in: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, willPush vc: ViewController, animated: Bool) {
    calls.append(.willPush(vc.screenID, onto: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, didPush vc: ViewController, animated: Bool) {
    calls.append(.didPush(vc.screenID, onto: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, willPop vc: ViewController, animated: Bool) {
    calls.append(.willPop(vc.screenID, from: nav.screenID, animated: animated))
  }
  func navigationController(_ nav: NavigationController, didPop vc: ViewController, animated: Bool) {
    calls.append(.didPop(vc.screenID, from: nav.screenID, animated: animated))
  }
  func navigationController(
    _ nav: NavigationController, willPopTo vc: ViewController, popping: [ViewController], animated: Bool
  ) {
    calls.append(
      .willPopTo(vc.screenID, in: nav.screenID, popping: popping.map(\.screenID), animated: animated))
  }
  func navigationController(
    _ nav: NavigationController, didPopTo vc: ViewController, popped: [ViewController], animated: Bool
  ) {
    calls.append(.didPopTo(vc.screenID, in: nav.screenID, popped: popped.map(\.screenID), animated: animated))
  }
  func navigationController(
    _ nav: NavigationController, willPopToRootPopping popping: [ViewController], animated: Bool
  ) {
    calls.append(.willPopToRoot(in: nav.screenID, popping: popping.map(\.screenID), animated: animated))
  }
  func navigationController(
    _ nav: NavigationController, didPopToRootPopped popped: [ViewController], animated: Bool
  ) {
    calls.append(.didPopToRoot(in: nav.screenID, popped: popped.map(\.screenID), animated: animated))
  }
  func navigationController(
    _ nav: NavigationController, willSetViewControllers vcs: [ViewController], animated: Bool
  ) {
    calls.append(.willSetViewControllers(vcs.map(\.screenID), in: nav.screenID, animated: animated))
  }
  func navigationController(
    _ nav: NavigationController, didSetViewControllers vcs: [ViewController], animated: Bool
  ) {
    calls.append(.didSetViewControllers(vcs.map(\.screenID), in: nav.screenID, animated: animated))
  }
}

/// The delegate and observer events among `events`, in order.
func delegateEvents(_ events: [NavigationEvent]) -> [NavigationEvent] {
  events.filter { event in
    switch event {
    case .willShow, .didShow, .willPush, .didPush, .willPop, .didPop, .willPopTo, .didPopTo, .willPopToRoot,
      .didPopToRoot, .willSetViewControllers, .didSetViewControllers:
      true
    default: false
    }
  }
}
