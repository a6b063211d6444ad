import Navigator
import Testing

/// Under ``MisusePolicy/trap`` (the default) and without any window, a misuse stops the
/// process. Each body builds its own hierarchy in the child process.
@Suite struct MisuseTrapTests {
  @Test func containmentCycleTraps() async {
    await #expect(processExitsWith: .failure) {
      let window = Window()
      let root = Screen("Root")
      window.rootViewController = root
      root.addChild(root)
    }
  }

  @Test func windowRootAsChildTraps() async {
    await #expect(processExitsWith: .failure) {
      let window = Window()
      let root = Screen("Root")
      window.rootViewController = root
      Screen("Loner").addChild(root)
    }
  }

  @Test func rootWithParentTraps() async {
    await #expect(processExitsWith: .failure) {
      let window = Window()
      let root = Screen("Root")
      let child = Screen("Child")
      window.rootViewController = root
      root.addChild(child)
      window.rootViewController = child
    }
  }

  @Test func rootOfAnotherWindowTraps() async {
    await #expect(processExitsWith: .failure) {
      let first = Window()
      let second = Window()
      let root = Screen("Root")
      first.rootViewController = root
      second.rootViewController = root
    }
  }

  @Test func viewHierarchyCycleTraps() async {
    await #expect(processExitsWith: .failure) {
      let window = Window()
      let root = Screen("Root")
      window.rootViewController = root
      root.view.addSubview(window)
    }
  }

  @Test func unbalancedAppearanceTransitionTraps() async {
    await #expect(processExitsWith: .failure) {
      let window = Window()
      let root = Screen("Root")
      window.rootViewController = root
      root.endAppearanceTransition()
    }
  }

  @Test func misuseOutsideAnyWindowTraps() async {
    await #expect(processExitsWith: .failure) {
      let loner = Screen("Loner")
      loner.addChild(loner)
    }
  }

  @Test func viewCycleOutsideAnyWindowTraps() async {
    await #expect(processExitsWith: .failure) {
      let view = View()
      view.addSubview(view)
    }
  }

  @Test func validCallsUnderTrapDoNotExit() async {
    await #expect(processExitsWith: .success) {
      let window = Window()
      let root = Screen("Root")
      let child = Screen("Child")
      window.rootViewController = root
      window.makeKeyAndVisible()
      root.addChild(child)
      root.view.addSubview(child.view)
      child.didMove(toParent: root)
    }
  }
}
