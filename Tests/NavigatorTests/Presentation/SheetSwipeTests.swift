import Testing

@testable import Navigator

/// A sheet delegate that answers as told.
final class SheetAnswers: AdaptivePresentationControllerDelegate {
  var shouldDismiss: Bool
  var calls: [String] = []

  init(shouldDismiss: Bool = true) {
    self.shouldDismiss = shouldDismiss
  }

  func presentationControllerShouldDismiss(_ controller: PresentationController) -> Bool {
    calls.append("should")
    return shouldDismiss
  }
  func presentationControllerWillDismiss(_ controller: PresentationController) {
    calls.append("will")
  }
  func presentationControllerDidDismiss(_ controller: PresentationController) {
    calls.append("did")
  }
  func presentationControllerDidAttemptToDismiss(_ controller: PresentationController) {
    calls.append("attempt")
  }
}

@Suite(.exhaustiveStages) struct SheetSwipeTests {
  private func sheet(
    _ style: ModalPresentationStyle = .pageSheet, answers: SheetAnswers,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> (Stage, Screen, PresentationController) {
    let stage = Stage(.screen(Screen("A")), sourceLocation: sourceLocation)
    let sheet = Screen("S")
    sheet.modalPresentationStyle = style
    let controller = sheet.presentationController!
    controller.delegate = answers
    stage.root.present(sheet, animated: true)
    stage.settleQuietly()
    return (stage, sheet, controller)
  }

  /// Whether a screen presented in `style` at regular width is a sheet a swipe can dismiss,
  /// as UIKit documents it (``ModalPresentationStyle/automatic`` resolves to a page sheet).
  static func isShownAsSheet(_ style: ModalPresentationStyle) -> Bool {
    switch style {
    case .automatic, .pageSheet, .formSheet: true
    case .none, .fullScreen, .currentContext, .custom, .overFullScreen, .overCurrentContext, .popover: false
    }
  }

  static let sheetStyles = ModalPresentationStyle.allCases.filter(isShownAsSheet)

  @Test func theSheetStylesAreThePageAndFormSheetsAndWhatResolvesToThem() {
    #expect(Self.sheetStyles == [.automatic, .pageSheet, .formSheet])
    // The engine's own classification agrees, once automatic is resolved.
    #expect(Self.sheetStyles.filter { $0.isSheet } == [.pageSheet, .formSheet])
  }

  @Test(arguments: sheetStyles)
  func aFinishedSwipeDismisses(style: ModalPresentationStyle) {
    let answers = SheetAnswers()
    let (stage, sheet, controller) = sheet(style, answers: answers)
    let s = sheet.screenID
    #expect(controller.beginInteractiveDismissal())
    #expect(controller.isInteractivelyDismissing)
    #expect(
      stage.take() == [
        .presentationShouldDismiss(s), .presentationWillDismiss(s), .viewWillDisappear(s, animated: true),
      ])
    controller.finishInteractiveDismissal()
    #expect(stage.take() == [])
    #expect(stage.root.presentedViewController == nil)
    stage.scheduler.runLoopTurn()
    #expect(stage.take() == [])
    stage.scheduler.finishTransitions()
    #expect(stage.take() == [.viewDidDisappear(s, animated: true), .presentationDidDismiss(s)])
    #expect(answers.calls == ["should", "will", "did"])
    #expect(stage.root.appearanceState == .appeared)
  }

  @Test func aCancelledSwipeChangesNothingAndBalancesAppearance() {
    let answers = SheetAnswers()
    let (stage, sheet, controller) = sheet(answers: answers)
    let s = sheet.screenID
    #expect(controller.beginInteractiveDismissal())
    stage.discardEvents()
    controller.cancelInteractiveDismissal()
    #expect(stage.take() == [])
    #expect(stage.root.presentedViewController === sheet)
    stage.scheduler.runLoopTurn()
    #expect(stage.take() == [.viewWillAppear(s, animated: true)])
    stage.scheduler.finishTransitions()
    #expect(stage.take() == [.viewDidAppear(s, animated: true)])
    #expect(sheet.appearanceState == .appeared)
    #expect(controller.isInteractivelyDismissing == false)
    #expect(answers.calls == ["should", "will"])
  }

  @Test func requestsDuringASwipeQueueUntilItEnds() {
    let answers = SheetAnswers()
    let (stage, sheet, controller) = sheet(answers: answers)
    #expect(controller.beginInteractiveDismissal())
    let next = Screen("N")
    let a = stage.root.screenID
    stage.root.present(next, animated: true)
    #expect(stage.window.pendingRequests == [.present(next.screenID, from: a, animated: true)])
    controller.finishInteractiveDismissal()
    stage.scheduler.settle()
    #expect(stage.root.presentedViewController === next)
    #expect(sheet.presentingViewController == nil)
    let s = sheet.screenID
    stage.expect([
      .presentationShouldDismiss(s), .presentationWillDismiss(s), .willDisappear(sheet, animated: true),
      .didDisappear(sheet, animated: true), .presentationDidDismiss(s),
      .load(next), .willAppear(next, animated: true), .didAppear(next, animated: true),
    ])
  }

  @Test func modalInPresentationBlocksTheSwipe() {
    let answers = SheetAnswers()
    let (stage, sheet, controller) = sheet(answers: answers)
    sheet.isModalInPresentation = true
    #expect(controller.beginInteractiveDismissal() == false)
    stage.scheduler.settle()
    #expect(stage.take() == [.presentationDidAttemptToDismiss(sheet.screenID)])
    #expect(answers.calls == ["attempt"])
    #expect(stage.root.presentedViewController === sheet)
  }

  @Test func theDelegateCanRefuseTheSwipe() {
    let answers = SheetAnswers(shouldDismiss: false)
    let (stage, sheet, controller) = sheet(answers: answers)
    #expect(controller.beginInteractiveDismissal() == false)
    stage.scheduler.settle()
    let s = sheet.screenID
    #expect(stage.take() == [.presentationShouldDismiss(s), .presentationDidAttemptToDismiss(s)])
    #expect(answers.calls == ["should", "attempt"])
    #expect(sheet.appearanceState == .appeared)
  }
}
