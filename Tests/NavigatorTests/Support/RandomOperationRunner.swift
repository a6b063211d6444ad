import Navigator
import TestSupport
import Testing

/// Runs `steps` generated operations from `seed`, checking every invariant after each one.
///
/// A failure records one issue with the seed, the failing step, the broken rules and the
/// whole operation list, then stops that seed.
///
/// - Returns: The number of steps that ran and were checked.
@discardableResult
func runRandomOperations(
  seed: UInt64,
  steps: Int,
  manualScheduler: Bool,
  generator: OperationGenerator = .foundation,
  checker: InvariantChecker = .foundation,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
  let world = HierarchyWorld(manualScheduler: manualScheduler)
  var rng = SplitMix64(seed: seed)
  var operations: [RandomOperation] = []
  for step in 0..<steps {
    let operation = generator.next(&rng, in: world)
    operations.append(operation)
    let record = StepRecord(
      operation: operation,
      before: HierarchySnapshot(screens: world.screens, windows: world.windows),
      eventsBefore: world.journal.events.count,
      errorsBefore: world.errors.errors.count)
    world.apply(operation)
    let violations = checker.check(world, record)
    if !violations.isEmpty {
      let list = operations.enumerated().map { "  \($0.offset): \($0.element.description(in: world))" }
      Issue.record(
        """
        Random operations failed: seed \(seed), \(manualScheduler ? "manual" : "immediate") scheduler, \
        step \(step).
        Broken:
        \(violations.map { "  - \($0)" }.joined(separator: "\n"))
        Operations:
        \(list.joined(separator: "\n"))
        """,
        sourceLocation: sourceLocation)
      return step + 1
    }
  }
  return steps
}
