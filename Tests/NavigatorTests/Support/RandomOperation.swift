import Navigator
import TestSupport

/// One step of a random-operation test, naming screens and windows by their index in the
/// ``HierarchyWorld`` pool, so that a failing run prints a replayable list.
enum RandomOperation: Equatable {
  case loadView(Int)
  /// The caller's full sequence: take the view out of the old parent (if any), `addChild`,
  /// optionally add the view, then `didMove(toParent:)`.
  case addChild(child: Int, parent: Int, addsView: Bool)
  /// The caller's full sequence: `willMove(toParent: nil)`, remove the view,
  /// `removeFromParent()`.
  case removeChild(Int)
  case addChildView(Int)
  case removeChildView(Int)
  case setRoot(window: Int, screen: Int?)
  case setHidden(window: Int, hidden: Bool)
  /// Hides and shows (or shows and hides) before the run loop turns.
  case flickerVisibility(window: Int)
  /// A custom container's child, driven by the container.
  case beginAppearance(Int, appearing: Bool, animated: Bool)
  case endAppearance(Int)
  /// A call that must be refused with the given code.
  case misuse(MisuseAttempt, expected: NavigationError.Code)

  var isMisuse: Bool {
    if case .misuse = self { return true }
    return false
  }

  func description(in world: HierarchyWorld) -> String {
    let name = world.name
    return switch self {
    case .loadView(let screen): "\(name(screen)).loadViewIfNeeded()"
    case .addChild(let child, let parent, let addsView):
      "\(name(parent)).addChild(\(name(child)))\(addsView ? " + view" : "") + didMove"
    case .removeChild(let child): "willMove(nil) + remove view + \(name(child)).removeFromParent()"
    case .addChildView(let child): "\(name(child)): add view to parent's view"
    case .removeChildView(let child): "\(name(child)).view.removeFromSuperview()"
    case .setRoot(let window, let screen): "W\(window).rootViewController = \(name(screen))"
    case .setHidden(let window, let hidden): "W\(window).isHidden = \(hidden)"
    case .flickerVisibility(let window): "W\(window).isHidden toggled twice"
    case .beginAppearance(let screen, let appearing, let animated):
      "\(name(screen)).beginAppearanceTransition(\(appearing), animated: \(animated))"
    case .endAppearance(let screen): "\(name(screen)).endAppearanceTransition()"
    case .misuse(let attempt, let code): "misuse[\(code)]: \(attempt.description(in: world))"
    }
  }
}

/// A call that breaks a rule.
enum MisuseAttempt: Equatable {
  case addChild(child: Int, parent: Int)
  case setRoot(window: Int, screen: Int)
  /// `screen.view.addSubview(v)` where `v` is `depth` levels up `screen.view`'s superviews.
  case addAncestorViewAsSubview(screen: Int, depth: Int)
  case endAppearance(Int)

  func description(in world: HierarchyWorld) -> String {
    let name = world.name
    return switch self {
    case .addChild(let child, let parent): "\(name(parent)).addChild(\(name(child)))"
    case .setRoot(let window, let screen): "W\(window).rootViewController = \(name(screen))"
    case .addAncestorViewAsSubview(let screen, let depth):
      "\(name(screen)).view.addSubview(its superview at depth \(depth))"
    case .endAppearance(let screen): "\(name(screen)).endAppearanceTransition()"
    }
  }
}

/// Draws operations that make sense in the current world, by weighted rules.
struct OperationGenerator {
  struct Rule {
    let name: String
    let weight: Int
    /// Returns `nil` when the world offers no fitting target.
    let make: (inout SplitMix64, HierarchyWorld) -> RandomOperation?
  }

  var rules: [Rule]

  mutating func add(_ rule: Rule) { rules.append(rule) }

  func next(_ rng: inout SplitMix64, in world: HierarchyWorld) -> RandomOperation {
    let total = rules.reduce(0) { $0 + $1.weight }
    for _ in 0..<20 {
      var pick = rng.index(below: total)
      for rule in rules {
        if pick < rule.weight {
          if let operation = rule.make(&rng, world) { return operation }
          break
        }
        pick -= rule.weight
      }
    }
    return .loadView(rng.index(below: world.screens.count))
  }
}

extension OperationGenerator {
  /// Loading, containment, child views, roots, visibility, custom containers and misuse.
  static var foundation: OperationGenerator {
    OperationGenerator(rules: [
      Rule(name: "load", weight: 3) { rng, world in .loadView(rng.index(below: world.screens.count)) },
      Rule(name: "addChild", weight: 20) { rng, world in
        let child = rng.index(below: world.screens.count)
        let parent = rng.index(below: world.screens.count)
        let childScreen = world.screens[child]
        let parentScreen = world.screens[parent]
        guard !world.isAncestorOrSelf(childScreen, of: parentScreen),
          world.rootWindow(of: childScreen) == nil,
          childScreen.parent !== parentScreen
        else { return nil }
        return .addChild(child: child, parent: parent, addsView: rng.index(below: 4) != 0)
      },
      Rule(name: "removeChild", weight: 10) { rng, world in
        rng.element(of: world.screens.indices.filter { world.screens[$0].parent != nil }).map(
          RandomOperation.removeChild)
      },
      Rule(name: "addChildView", weight: 8) { rng, world in
        rng.element(
          of: world.screens.indices.filter {
            world.screens[$0].parent != nil && world.screens[$0].viewIfLoaded?.superview == nil
          }
        ).map(RandomOperation.addChildView)
      },
      Rule(name: "removeChildView", weight: 6) { rng, world in
        rng.element(
          of: world.screens.indices.filter {
            world.screens[$0].parent != nil && world.screens[$0].viewIfLoaded?.superview != nil
          }
        ).map(RandomOperation.removeChildView)
      },
      Rule(name: "setRoot", weight: 8) { rng, world in
        let window = rng.index(below: world.windows.count)
        if rng.index(below: 6) == 0 { return .setRoot(window: window, screen: nil) }
        let screen = rng.index(below: world.screens.count)
        let candidate = world.screens[screen]
        guard candidate.parent == nil else { return nil }
        if let owner = world.rootWindow(of: candidate), owner !== world.windows[window] { return nil }
        return .setRoot(window: window, screen: screen)
      },
      Rule(name: "setHidden", weight: 6) { rng, world in
        .setHidden(window: rng.index(below: world.windows.count), hidden: rng.index(below: 3) == 0)
      },
      Rule(name: "flicker", weight: 2) { rng, world in
        .flickerVisibility(window: rng.index(below: world.windows.count))
      },
      Rule(name: "beginAppearance", weight: 8) { rng, world in
        rng.element(of: world.drivableChildren).map {
          .beginAppearance($0, appearing: rng.bool(), animated: rng.bool())
        }
      },
      Rule(name: "endAppearance", weight: 8) { rng, world in
        rng.element(
          of: world.drivableChildren.filter {
            [.appearing, .disappearing].contains(world.screens[$0].appearanceState)
          }
        ).map(RandomOperation.endAppearance)
      },
      Rule(name: "misuse", weight: 10) { rng, world in world.randomMisuse(&rng) },
    ])
  }
}

extension HierarchyWorld {
  /// Children of an on-screen non-forwarding container whose views are inside it.
  var drivableChildren: [Int] {
    screens.indices.filter { index in
      let screen = screens[index]
      guard let parent = screen.parent, !parent.shouldAutomaticallyForwardAppearanceMethods,
        parent.appearanceState == .appeared, let view = screen.viewIfLoaded,
        let parentView = parent.viewIfLoaded
      else { return false }
      return view.superview != nil && view.isDescendant(of: parentView)
    }
  }

  func randomMisuse(_ rng: inout SplitMix64) -> RandomOperation? {
    switch rng.index(below: 5) {
    case 0:
      let screen = rng.index(below: screens.count)
      var ancestors: [Int] = []
      var current: ViewController? = screens[screen]
      while let node = current, let index = index(of: node) {
        ancestors.append(index)
        current = node.parent
      }
      guard let ancestor = rng.element(of: ancestors) else { return nil }
      return .misuse(.addChild(child: ancestor, parent: screen), expected: .containmentCycle)
    case 1:
      let window = rng.index(below: windows.count)
      guard let root = index(of: windows[window].rootViewController) else { return nil }
      let parent = rng.index(below: screens.count)
      guard !isAncestorOrSelf(screens[root], of: screens[parent]) else { return nil }
      return .misuse(.addChild(child: root, parent: parent), expected: .childIsWindowRoot)
    case 2:
      guard let screen = rng.element(of: screens.indices.filter({ screens[$0].parent != nil })) else {
        return nil
      }
      return .misuse(
        .setRoot(window: rng.index(below: windows.count), screen: screen), expected: .rootHasParent)
    case 3:
      let window = rng.index(below: windows.count)
      guard let root = index(of: windows[1 - window].rootViewController) else { return nil }
      return .misuse(.setRoot(window: window, screen: root), expected: .rootBelongsToAnotherWindow)
    case 4 where rng.bool():
      // Only inside a window: a view cycle outside any window has no policy and traps.
      guard
        let screen = rng.element(of: screens.indices.filter({ screens[$0].viewIfLoaded?.window != nil }))
      else { return nil }
      let depth = rng.index(below: superviewChain(of: screens[screen].view).count)
      return .misuse(.addAncestorViewAsSubview(screen: screen, depth: depth), expected: .viewHierarchyCycle)
    default:
      guard
        let screen = rng.element(
          of: screens.indices.filter({ [.appeared, .disappeared].contains(screens[$0].appearanceState) }))
      else { return nil }
      return .misuse(.endAppearance(screen), expected: .unbalancedAppearanceTransition)
    }
  }
}
