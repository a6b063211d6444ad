import Navigator
import TestSupport

/// Draws stack and presentation operations that fit the current world.
struct NavigationGenerator {
  static let styles: [ModalPresentationStyle] = [
    .fullScreen, .pageSheet, .formSheet, .automatic, .overFullScreen, .currentContext, .overCurrentContext,
    .popover,
  ]

  func next(_ rng: inout SplitMix64, in world: NavigationWorld) -> NavigationOperation {
    for _ in 0..<30 {
      if let operation = draw(&rng, world) { return operation }
    }
    return .setGuardAnswer(.allow)
  }

  private func draw(_ rng: inout SplitMix64, _ world: NavigationWorld) -> NavigationOperation? {
    let idle = world.pendingDecision == nil
    let nav = rng.index(below: 4) == 0 ? 1 : 0
    guard world.isUsable(nav) else { return nil }
    let stack = world.navigations[nav].viewControllers
    switch rng.index(below: 105) {
    case 0..<22:
      guard let screen = rng.element(of: world.freeScreens) else { return nil }
      return .push(nav: nav, screen: screen, animated: rng.bool(), popBlock: rng.index(below: 3) != 0)
    case 22..<30: return .pop(nav: nav, animated: rng.bool())
    case 30..<34:
      return .popTo(nav: nav, position: rng.index(below: max(stack.count, 1)), animated: rng.bool())
    case 34..<37: return .popToRoot(nav: nav, animated: rng.bool())
    case 37..<41:
      // Keep some of the stack, add free screens, in a random order; the root stays first.
      var chosen = stack.dropFirst().compactMap { screen in world.screens.firstIndex { $0 === screen } }
        .filter { _ in rng.bool() }
      chosen += world.freeScreens.filter { _ in rng.index(below: 4) == 0 }
      for index in chosen.indices.reversed() where index > 0 {
        chosen.swapAt(index, rng.index(below: index + 1))
      }
      let rootIndex = nav == 0 ? 0 : 1
      return .setStack(nav: nav, screens: [rootIndex] + chosen, animated: rng.bool())
    case 41..<47: return .backButton(nav: nav)
    case 47..<53:
      guard idle, stack.count > 1 else { return nil }
      return .swipe(nav: nav, finish: rng.bool())
    case 53..<56:
      let answers: [GuardedScreen.Answer] = [.allow, .deny, .later]
      return .setGuardAnswer(answers[rng.index(below: answers.count)])
    case 56..<61:
      guard !idle else { return nil }
      return .answerPending(allow: rng.bool())
    case 61..<64:
      guard let screen = rng.element(of: world.freeScreens) else { return nil }
      return .burst(nav: nav, screen: screen)
    case 64..<72:
      guard idle, !world.window.isHidden, let screen = rng.element(of: world.freeScreens) else { return nil }
      let style = Self.styles[rng.index(below: Self.styles.count)]
      return .present(screen: screen, style: style, animated: rng.bool())
    case 72..<75:
      guard idle, !world.window.isHidden, world.navigations[1].presentingViewController == nil else {
        return nil
      }
      return .presentStack(animated: rng.bool())
    case 75..<80:
      guard idle, world.topPresented != nil else { return nil }
      return .dismissTop(animated: rng.bool())
    case 80..<82:
      guard idle, world.topPresented != nil else { return nil }
      return .dismissAll(animated: rng.bool())
    case 82..<86:
      guard idle, !world.window.isHidden, let top = world.topPresented,
        let style = top.presentationController?.adaptivePresentationStyle,
        style == .pageSheet || style == .formSheet
      else { return nil }
      return .sheetSwipe(finish: rng.bool())
    case 86..<88:
      guard idle else { return nil }
      return .tapOutside
    case 88..<91: return .setHidden(rng.index(below: 3) == 0)
    case 91..<97:
      return navigatorCall(&rng, world).map { .navigator($0) }
    case 97..<100:
      guard idle else { return nil }
      return misuse(&rng, world)
    default:
      return navigateToDerivedState(&rng, world)
    }
  }

  /// A Navigator call from the visible screen; some are refused, by design.
  private func navigatorCall(_ rng: inout SplitMix64, _ world: NavigationWorld) -> NavigatorCall? {
    let free = rng.element(of: world.freeScreens)
    switch rng.index(below: 7) {
    case 0: return free.map { .push(screen: $0, animated: rng.bool()) }
    case 1:
      let style = Self.styles[rng.index(below: Self.styles.count - 1)]
      return free.map { .presentModal(screen: $0, style: style, animated: rng.bool()) }
    case 2: return free.map { .popover(screen: $0, animated: rng.bool()) }
    case 3: return free.map { .addChild(screen: $0, toRootStack: rng.index(below: 5) == 0) }
    case 4: return rng.element(of: world.childScreens).map { .removeChild(screen: $0) }
    default: return .pop(animated: rng.bool())
    }
  }

  private func misuse(_ rng: inout SplitMix64, _ world: NavigationWorld) -> NavigationOperation? {
    switch rng.index(below: 7) {
    case 0:
      let stack = world.navigations[0].viewControllers
      guard let screen = rng.element(of: stack),
        let index = world.screens.firstIndex(where: { $0 === screen })
      else { return nil }
      return .misuse(.pushDuplicate(nav: 0, screen: index), expected: .duplicatePush)
    case 1: return .misuse(.pushNavigationController, expected: .pushNavigationController)
    case 2:
      guard let screen = rng.element(of: world.freeScreens) else { return nil }
      return .misuse(.popToStranger(screen: screen), expected: .popToUnknownScreen)
    case 3: return .misuse(.setEmptyStack, expected: .emptyStack)
    case 4:
      guard let screen = rng.element(of: world.freeScreens) else { return nil }
      return .misuse(.setStackWithDuplicate(screen: screen), expected: .duplicateScreenInStack)
    case 5:
      guard let presented = world.topPresented,
        let index = world.screens.firstIndex(where: { $0 === presented })
      else { return nil }
      return .misuse(.presentPresented(screen: index), expected: .alreadyPresented)
    default:
      guard world.topPresented == nil else { return nil }
      return .misuse(.dismissNothing, expected: .nothingToDismiss)
    }
  }
}
