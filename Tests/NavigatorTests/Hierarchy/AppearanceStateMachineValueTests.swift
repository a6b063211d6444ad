import Testing

@testable import Navigator

/// The appearance machine as a value: every state, every input, the action it asks for.
@Suite struct AppearanceStateMachineValueTests {
  typealias Machine = AppearanceStateMachine

  /// Drives a fresh machine through `inputs` ("+" begin appearing, "-" begin disappearing,
  /// "e" end; "a" after a sign: animated) and returns the actions and the final state.
  private func run(_ inputs: [String]) -> ([Machine.Action?], ViewController.AppearanceState) {
    var machine = Machine()
    let actions = inputs.map { input -> Machine.Action? in
      switch input.first {
      case "+": machine.begin(appearing: true, animated: input.hasSuffix("a"))
      case "-": machine.begin(appearing: false, animated: input.hasSuffix("a"))
      default: machine.end()
      }
    }
    return (actions, machine.state)
  }

  @Test func aFullCycle() {
    let (actions, state) = run(["+a", "e", "-", "e"])
    #expect(
      actions == [
        .viewWillAppear(animated: true), .viewDidAppear(animated: true), .viewWillDisappear(animated: false),
        .viewDidDisappear(animated: false),
      ])
    #expect(state == .disappeared)
  }

  @Test func aRepeatedBeginInTheSameDirectionDoesNothing() {
    let (actions, state) = run(["+", "+", "e", "+", "e"])
    #expect(actions == [.viewWillAppear(animated: false), nil, .viewDidAppear(animated: false), nil, nil])
    #expect(state == .appeared)
  }

  @Test func aBeginInTheOtherDirectionReversesTheTransition() {
    // A cancelled swipe: the top began disappearing, then appears again.
    let (actions, state) = run(["+", "e", "-a", "+a", "e"])
    #expect(
      actions == [
        .viewWillAppear(animated: false), .viewDidAppear(animated: false), .viewWillDisappear(animated: true),
        .viewWillAppear(animated: true), .viewDidAppear(animated: true),
      ])
    #expect(state == .appeared)
  }

  @Test func anEndWithoutABeginDoesNothing() {
    let (actions, state) = run(["e", "-", "e"])
    #expect(actions == [nil, nil, nil])
    #expect(state == .disappeared)
  }
}
