import Navigator

/// Names a window's screens by their places (``Navigator/StatePath``), and finds them again:
/// the stack entry (`[i]`), the container's child (`.child(i)`), what a screen presents
/// (`.presented`), from the window's root.
struct ScreenPaths {
  /// The window.
  let window: Window

  /// The path of `screen` from the window's root; `nil` when it is not in the window.
  func path(of screen: ViewController) -> StatePath? {
    var components: [StatePath.Component] = []
    var current = screen
    while true {
      if let parent = current.parent {
        if let navigation = parent as? NavigationController {
          guard let index = navigation.viewControllers.firstIndex(where: { $0 === current }) else {
            return nil
          }
          components.append(.entry(index))
        } else {
          guard let index = parent.children.firstIndex(where: { $0 === current }) else { return nil }
          components.append(.child(index))
        }
        current = parent
      } else if current === window.rootViewController {
        return StatePath(components.reversed())
      } else if let presenter = current.presentingViewController {
        components.append(.presented)
        current = presenter
      } else {
        return nil
      }
    }
  }

  /// The screen at `path`, if the window has one there.
  func screen(at path: StatePath) -> ViewController? {
    guard var screen = window.rootViewController else { return nil }
    for component in path.components {
      switch component {
      case .entry(let index):
        guard let navigation = screen as? NavigationController,
          navigation.viewControllers.indices.contains(index)
        else { return nil }
        screen = navigation.viewControllers[index]
      case .child(let index):
        guard !(screen is NavigationController), screen.children.indices.contains(index) else { return nil }
        screen = screen.children[index]
      case .presented:
        guard let presented = Self.ownPresented(of: screen) else { return nil }
        screen = presented
      }
    }
    return screen
  }

  /// What `screen` itself presents (not what an ancestor of it presents).
  static func ownPresented(of screen: ViewController) -> ViewController? {
    guard let presented = screen.presentedViewController, presented.presentingViewController === screen else {
      return nil
    }
    return presented
  }

  /// The input `make` builds from the path of `screen`, or an unreplayable input naming
  /// `name` when the screen is in no window.
  func input(_ screen: ViewController, _ name: String, _ make: (StatePath) -> RecordedInput) -> RecordedInput
  {
    guard let path = path(of: screen) else {
      return .unreplayable("\(name) on \(screen.screenID), which is in no window")
    }
    return make(path)
  }

  /// The stack in the window whose pending pop decision is `decision`.
  func stack(waitingFor decision: PopDecision) -> NavigationController? {
    guard let root = window.rootViewController else { return nil }
    var pending = [root]
    while let screen = pending.popLast() {
      if let navigation = screen as? NavigationController, navigation.pendingPopDecision === decision {
        return navigation
      }
      pending += screen.children
      if let presented = Self.ownPresented(of: screen) { pending.append(presented) }
    }
    return nil
  }

  /// A Boolean value indicating whether a state names a screen by its identity (one with
  /// no key, which a replay can't make again).
  static func hasInstance(_ node: NavigationState<AnyRoute>.Node?) -> Bool {
    guard let node else { return false }
    if case .instance = node.key { return true }
    switch node.content {
    case .screen: break
    case .stack(let nodes), .container(let nodes):
      if nodes.contains(where: { hasInstance($0) }) { return true }
    }
    return hasInstance(node.presentation?.screen)
  }
}

extension FlowKeeper {
  /// The index path of a live flow in the flow tree: its index among the roots, then among
  /// its parent's children; `nil` for a flow that is not live here.
  func indexPath(of flow: AnyFlow) -> [Int]? {
    if let parent = flow.parent {
      guard let index = parent.children.firstIndex(where: { $0 === flow }) else { return nil }
      return indexPath(of: parent).map { $0 + [index] }
    }
    return roots.firstIndex { $0 === flow }.map { [$0] }
  }

  /// The live flow at an index path of the flow tree, if any.
  func flow(at path: [Int]) -> AnyFlow? {
    guard let first = path.first, roots.indices.contains(first) else { return nil }
    var flow = roots[first]
    for index in path.dropFirst() {
      guard flow.children.indices.contains(index) else { return nil }
      flow = flow.children[index]
    }
    return flow
  }
}
