import Navigator
import TestSupport
import Testing

/// Seeded random operations over stacks, guards, swipes, presentations, popovers, sheet
/// swipes, visibility, misuse and Navigator calls, with every invariant checked after every
/// step.
@Suite struct NavigationRandomOperationTests {
  static let seeds: [UInt64] = [1, 7, 42, 1_337, 90_210, 0xC0FFEE]
  static let steps = 1_000

  @Test(arguments: seeds)
  func manualScheduler(seed: UInt64) {
    #expect(runNavigationOperations(seed: seed, steps: Self.steps, manualScheduler: true) == Self.steps)
  }

  @Test(arguments: seeds)
  func immediateScheduler(seed: UInt64) {
    #expect(runNavigationOperations(seed: seed, steps: Self.steps, manualScheduler: false) == Self.steps)
  }
}

@Suite struct NavigationRandomOperationCoverageTests {
  @Test func everyKindOfOperationAndMisuseIsGenerated() {
    let world = NavigationWorld(manualScheduler: false)
    let generator = NavigationGenerator()
    var rng = SplitMix64(seed: 3)
    var kinds: Set<String> = []
    var codes: Set<String> = []
    for _ in 0..<3_000 {
      let operation = generator.next(&rng, in: world)
      if case .misuse(_, let code) = operation { codes.insert(code.description) }
      kinds.insert(String(describing: operation).prefix { $0 != "(" }.description)
      world.apply(operation)
    }
    // Every kind of Navigator call both succeeds and is refused somewhere in the run.
    var succeeded: Set<String> = []
    var refused: Set<String> = []
    for record in world.navigatorCalls {
      let kind = String(describing: record.call).prefix { $0 != "(" }.description
      if record.succeeded > 0 { succeeded.insert(kind) }
      if !record.failed.isEmpty { refused.insert(kind) }
    }
    let navigatorKinds: Set = ["push", "presentModal", "popover", "addChild", "removeChild", "pop"]
    #expect(succeeded == navigatorKinds)
    #expect(refused.isSuperset(of: ["push", "addChild", "pop"]))
    // Navigations to a derived state both reach their target and are refused.
    #expect(world.stateNavigations.contains { $0.completed == 1 && $0.reachedTarget == true })
    #expect(world.stateNavigations.contains { !$0.failed.isEmpty })
    #expect(
      kinds == [
        "push", "pop", "popTo", "popToRoot", "setStack", "backButton", "swipe", "setGuardAnswer",
        "answerPending", "burst", "present", "presentStack", "dismissTop", "dismissAll", "sheetSwipe",
        "tapOutside", "setHidden", "misuse", "navigator", "navigate",
      ])
    #expect(
      codes == [
        "duplicatePush", "pushNavigationController", "popToUnknownScreen", "emptyStack",
        "duplicateScreenInStack", "alreadyPresented", "nothingToDismiss",
      ])
  }

  @Test func theCheckerCatchesAPopBlockThatNeverRan() {
    let world = NavigationWorld(manualScheduler: false)
    let screen = world.screens[2]
    world.navigations[0].pushViewController(screen, animated: false)
    // A record that claims its push took effect, for a screen that then leaves.
    let record = NavigationWorld.PopBlockRecord(screen: screen, navigation: world.navigations[0])
    record.taken = true
    world.popBlocks.append(record)
    world.navigations[0].popViewController(animated: false)
    let violations = NavigationInvariants().check(
      world, operation: .pop(nav: 0, animated: false), before: NavigationSnapshot(world),
      eventsBefore: world.window.journal.events.count, errorsBefore: 0)
    #expect(violations == ["S0 left Main without its pop block running"])
  }
}
