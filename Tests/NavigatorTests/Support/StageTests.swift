import Navigator
import Testing

/// The stage checks every event: what it reports, when, and what it leaves alone.
@Suite(.exhaustiveStages) struct StageTests {
  /// Whether `issue` carries a comment containing `text`.
  private static func mentions(_ issue: Issue, _ text: String) -> Bool {
    issue.comments.contains { $0.rawValue.contains(text) }
  }

  @Test func leftoverEventsFailTheTestWhereTheStageWasMade() {
    let madeAt = #_sourceLocation
    withKnownIssue {
      StageRegistry.checkingEveryStage {
        let stage = Stage(.stack(root: "A"), scheduler: .immediate, sourceLocation: madeAt)
        stage.navigation.pushViewController(Screen("B"), animated: false)
        _ = stage.take()
        stage.navigation.popViewController(animated: false)
      }
    } matching: { issue in
      issue.sourceLocation == madeAt
        && issue.comments.contains { comment in
          comment.rawValue.contains("left 10 event(s) unchecked")
            && comment.rawValue.contains("Nav.didPop(B, animated: false)")
        }
    }
  }

  @Test func checkedAndDiscardedEventsPass() {
    var checked = false
    StageRegistry.checkingEveryStage {
      let stage = Stage(.stack(root: "A"))
      let b = Screen("B")
      stage.navigation.pushViewController(b, animated: false)
      stage.expect([
        .willPush(b.screenID, onto: stage.navigation.screenID, animated: false),
        .willMove(b, to: stage.navigation),
      ])
      stage.settleQuietly()
      stage.navigation.popViewController(animated: false)
      #expect(!stage.take().isEmpty)
      stage.pushQuietly(Screen("C"))
      stage.navigation.popViewController(animated: false)
      stage.discardEvents()
      checked = true
    }
    #expect(checked)
  }

  @Test func theCheckWaitsForTheEndOfTheTestNotForTheStagesLastUse() {
    weak var released: Stage?
    withKnownIssue {
      StageRegistry.checkingEveryStage {
        let navigation: NavigationController
        do {
          let stage = Stage(.stack(root: "A"), scheduler: .immediate)
          released = stage
          navigation = stage.navigation
        }
        // The stage is out of scope and never used again; its window still records.
        #expect(released != nil)
        navigation.pushViewController(Screen("B"), animated: false)
      }
    } matching: {
      Self.mentions($0, "B.viewDidLoad")
    }
    #expect(released == nil)
  }

  @Test func aStageMadeWhereNoCheckAppliesIsReportedAtOnce() {
    withKnownIssue {
      StageRegistry.$current.withValue(nil) {
        _ = Stage(.nothing)
      }
    } matching: {
      Self.mentions($0, "@Suite(.exhaustiveStages)")
    }
  }

  @Test func switchingTheJournalOffIsReported() {
    withKnownIssue {
      StageRegistry.checkingEveryStage {
        let stage = Stage(.stack(root: "A"), scheduler: .immediate)
        stage.window.journal.isEnabled = false
        stage.navigation.pushViewController(Screen("B"), animated: false)
      }
    } matching: {
      Self.mentions($0, "journal was switched off")
    }
  }

  @Test func anOptedOutStageIsNotChecked() {
    var ran = false
    StageRegistry.checkingEveryStage {
      let stage = Stage(.stack(root: "A"), scheduler: .immediate)
      stage.exhaustivity = .off(because: "this test shows the opt-out")
      stage.navigation.pushViewController(Screen("B"), animated: false)
      ran = true
    }
    #expect(ran)
  }

  @Test func aTestThatThrowsIsNotCheckedAgain() {
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try StageRegistry.checkingEveryStage {
        let stage = Stage(.stack(root: "A"), scheduler: .immediate)
        stage.navigation.pushViewController(Screen("B"), animated: false)
        throw Stop()
      }
    }
  }

  @Test func theTimelineComparesTheThreeStops() {
    let stage = Stage(.stack(root: "A"))
    let b = Screen("B")
    let (a, nav) = (stage.root, stage.navigation)
    nav.pushViewController(b, animated: true)
    stage.expectTimeline(
      afterCall: [.willPush(b.screenID, onto: nav.screenID, animated: true), .willMove(b, to: nav)],
      afterTurn: [
        .load(b), .willDisappear(a, animated: true), .willAppear(b, animated: true),
        .willShow(b.screenID, in: nav.screenID, animated: true),
      ],
      afterFinish: [
        .didDisappear(a, animated: true), .didAppear(b, animated: true),
        .didShow(b.screenID, in: nav.screenID, animated: true), .didMove(b, to: nav),
        .didPush(b.screenID, onto: nav.screenID, animated: true),
      ])
  }

  @Test func theTimelineFindsAMismatchAtTheStopWhereItIs() {
    let stage = Stage(.stack(root: "A"))
    let b = Screen("B")
    stage.navigation.pushViewController(b, animated: true)
    withKnownIssue {
      stage.expectTimeline(afterCall: [], afterTurn: [], afterFinish: [])
    } matching: { issue in
      // Each stop that differs is its own failed expectation.
      if case .expectationFailed = issue.kind { true } else { false }
    }
  }

  @Test func theTimelineRefusesTheImmediateScheduler() {
    let stage = Stage(.nothing, scheduler: .immediate)
    withKnownIssue {
      stage.expectTimeline(afterCall: [], afterTurn: [], afterFinish: [])
    } matching: {
      Self.mentions($0, "use expect(_:)")
    }
  }

  @Test func aWindowlessStagesEventsAreItsDelegatesCalls() {
    let stage = Stage.windowless(root: "A")
    let b = Screen("B")
    stage.navigation.pushViewController(b, animated: false)
    let nav = stage.navigation.screenID
    stage.expect([
      .willPush(b.screenID, onto: nav, animated: false), .didPush(b.screenID, onto: nav, animated: false),
    ])
    withKnownIssue {
      StageRegistry.checkingEveryStage {
        Stage.windowless(root: "A").navigation.pushViewController(Screen("B"), animated: false)
      }
    } matching: {
      Self.mentions($0, "left 2 event(s) unchecked")
    }
  }

  @Test func aVisibleStageStartsWithNothingUnchecked() {
    let stack = Stage(.stack(root: "A"))
    let screen = Stage(.screen(Screen("A")), scheduler: .immediate, sizeClass: .compact)
    let empty = Stage(.nothing)
    for stage in [stack, screen, empty] { stage.expect([]) }
    #expect(stack.window.rootViewController === stack.navigation)
    #expect(stack.navigation.viewControllers.ids == [stack.root].ids)
    #expect(stack.navigation.delegate === stack.delegate)
    #expect(stack.root.appearanceState == .appeared)
    #expect(screen.window.traitCollection.horizontalSizeClass == .compact)
    #expect(empty.window.rootViewController == nil)
    #expect(!empty.window.isHidden)
  }

  @Test func aHiddenStageShowsNothingAndClearsNothing() {
    let stage = Stage.hidden()
    let root = Screen("Root")
    #expect(stage.window.isHidden)
    stage.window.rootViewController = root
    stage.expect([.load(root)])
  }
}
