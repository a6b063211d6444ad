import Navigator
import TestSupport
import Testing

/// Seeded random operations over loading, containment, child views, roots, visibility,
/// custom containers and misuse, with every invariant checked after every step.
@Suite struct RandomOperationTests {
  static let seeds: [UInt64] = [1, 2, 3, 42, 2_024, 0xDEAD_BEEF, 0x5EED_F00D, 987_654_321]
  static let stepsPerSeed = 1_500

  @Test(arguments: seeds)
  func randomOperationsKeepEveryInvariantUnderTheManualScheduler(seed: UInt64) {
    let checked = runRandomOperations(seed: seed, steps: Self.stepsPerSeed, manualScheduler: true)
    #expect(checked == Self.stepsPerSeed)
  }

  @Test(arguments: seeds)
  func randomOperationsKeepEveryInvariantUnderTheImmediateScheduler(seed: UInt64) {
    let checked = runRandomOperations(seed: seed, steps: Self.stepsPerSeed, manualScheduler: false)
    #expect(checked == Self.stepsPerSeed)
  }

  @Test func generatorIsDeterministicForASeed() {
    let first = HierarchyWorld(manualScheduler: false)
    let second = HierarchyWorld(manualScheduler: false)
    var rngA = SplitMix64(seed: 7)
    var rngB = SplitMix64(seed: 7)
    let generator = OperationGenerator.foundation
    let a = (0..<50).map { _ in generator.next(&rngA, in: first) }
    let b = (0..<50).map { _ in generator.next(&rngB, in: second) }
    #expect(a == b)
  }

  @Test func everyKindOfOperationIsGenerated() {
    let world = HierarchyWorld(manualScheduler: false)
    var rng = SplitMix64(seed: 1)
    var kinds: Set<String> = []
    var misuseCodes: Set<String> = []
    for _ in 0..<1_500 {
      let operation = OperationGenerator.foundation.next(&rng, in: world)
      if case .misuse(_, let code) = operation { misuseCodes.insert(code.description) }
      kinds.insert(String(describing: operation).prefix { $0 != "(" }.description)
      world.apply(operation)
    }
    #expect(
      kinds == [
        "loadView", "addChild", "removeChild", "addChildView", "removeChildView", "setRoot", "setHidden",
        "flickerVisibility", "beginAppearance", "endAppearance", "misuse",
      ])
    #expect(
      misuseCodes == [
        "containmentCycle", "childIsWindowRoot", "rootHasParent", "rootBelongsToAnotherWindow",
        "viewHierarchyCycle", "unbalancedAppearanceTransition",
      ])
  }

  @Test func aBrokenInvariantReportsTheSeedAndTheOperations() {
    var checker = InvariantChecker.foundation
    checker.add(.init(name: "always broken") { _, _ in ["on purpose"] })
    withKnownIssue {
      let checked = runRandomOperations(seed: 11, steps: 5, manualScheduler: true, checker: checker)
      #expect(checked == 1)
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("seed 11") && text.contains("always broken: on purpose") && text.contains("0: ")
    }
  }
}
