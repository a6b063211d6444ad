import Foundation
import Navigator

// A flow's inputs as a session recorder hears them, and as a replay applies them.

/// A recorded input a replay applies to a flow, whatever its output.
enum ReplayedFlowInput {
  /// Runs the flow from the app controller, as a child of a flow when one is given, with no
  /// end handler.
  case run(in: AppController, FlowPresentation, parent: AnyFlow?, animated: Bool)
  /// Cancels the flow.
  case cancel(removingScreens: Bool, animated: Bool)
  /// Finishes the flow with the output written as JSON text.
  case finish(output: String, removingScreens: Bool, animated: Bool)
}

/// Why a flow could not apply a replayed input.
enum ReplayedFlowFailure: Error {
  /// The call was refused, as the recording's may have been.
  case refused(NavigationError)
  /// The recorded output does not read as the flow's output type: why.
  case unreadableOutput(String)
}

extension Flow {
  /// Applies a replayed input: the same call the recording made.
  func replayedInput(_ input: ReplayedFlowInput) throws(ReplayedFlowFailure) {
    let output: Output?
    if case .finish(let json, _, _) = input { output = try Self.decodedOutput(json) } else { output = nil }
    do throws(NavigationError) {
      switch input {
      case .run(let app, let presentation, let parent, let animated):
        try app.runReplayed(self, presentation, parent: parent, animated: animated)
      case .cancel(let removingScreens, let animated):
        try tryCancel(removingScreens: removingScreens, animated: animated)
      case .finish(_, let removingScreens, let animated):
        try tryFinish(output!, removingScreens: removingScreens, animated: animated)
      }
    } catch {
      throw .refused(error)
    }
  }

  /// ``tryFinish(_:removingScreens:animated:)`` while `app` records.
  func recordingFinish(_ output: Output, in app: AppController, removingScreens: Bool, animated: Bool)
    throws(NavigationError)
  {
    try app.recording(recordedFinish(output, in: app, removingScreens: removingScreens, animated: animated)) {
      () throws(NavigationError) in
      try finishNow(output, keeper: app.keeper, removingScreens: removingScreens, animated: animated)
    }
  }

  /// ``tryFinish(_:removingScreens:animated:)``, once its recorder heard it; `keeper` is the
  /// flow's, loaded and held by the caller, and lent here without a retain (a retain and a
  /// release of the keeper, whose weak references send both down the runtime's slow path,
  /// would cost about 170 instructions: Benchmarks/README.md, "Flows").
  func finishNow(_ output: Output, keeper: FlowKeeper, removingScreens: Bool, animated: Bool)
    throws(NavigationError)
  {
    try checkCanEnd("finish")
    var output = output
    try withUnsafeMutablePointer(to: &output) { (output) throws(NavigationError) in
      lendOutput(output)
      defer { keepLentOutput() }
      try keeper.end(self, asking: .finished, removingScreens: removingScreens, animated: animated)
    }
  }

  /// ``tryCancel(removingScreens:animated:)`` while `app` records: named by the flow's index
  /// path in the live flow tree.
  func recordingCancel(in app: AppController, removingScreens: Bool, animated: Bool) throws(NavigationError) {
    let input =
      app.keeper.indexPath(of: self).map {
        RecordedInput.cancelFlow(at: $0, removingScreens: removingScreens, animated: animated)
      } ?? .unreplayable("cancel \(id), which is not in the live flow tree")
    try app.recording(input) { () throws(NavigationError) in
      try cancelNow(keeper: app.keeper, removingScreens: removingScreens, animated: animated)
    }
  }

  /// ``tryCancel(removingScreens:animated:)``, once its recorder heard it; `keeper` is the
  /// flow's, loaded and held by the caller.
  func cancelNow(keeper: FlowKeeper, removingScreens: Bool, animated: Bool) throws(NavigationError) {
    try checkCanEnd("cancel")
    let error = NavigationError(
      .flowCancelled, "\(id) cancelled itself.", screens: firstScreen.map { [$0.screenID] } ?? [])
    try keeper.end(self, asking: .cancelled(error), removingScreens: removingScreens, animated: animated)
  }
}

// MARK: Outputs

extension Flow {
  /// The finish of the flow with `output` as a log records it: the flow by its index path,
  /// the output as JSON text; unreplayable for an output that is not `Codable`.
  func recordedFinish(_ output: Output, in app: AppController, removingScreens: Bool, animated: Bool)
    -> RecordedInput
  {
    let finish = "finish \(id) with its output of type \(Output.self)"
    guard let path = app.keeper.indexPath(of: self) else {
      return .unreplayable("\(finish): the flow is not in the live flow tree")
    }
    let json: String
    if Output.self == Void.self {
      json = "null"
    } else {
      guard let encodable = output as? any Encodable, Output.self is any Decodable.Type else {
        return .unreplayable("\(finish), which is not Codable")
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      do {
        json = String(decoding: try encoder.encode(encodable), as: UTF8.self)
      } catch {
        return .unreplayable("\(finish), which does not encode: \(RouteTable.describe(error))")
      }
    }
    return .finishFlow(at: path, output: json, removingScreens: removingScreens, animated: animated)
  }

  /// The output written as `json` by ``recordedFinish(_:in:removingScreens:animated:)``.
  static func decodedOutput(_ json: String) throws(ReplayedFlowFailure) -> Output {
    if Output.self == Void.self, let nothing = () as? Output { return nothing }
    guard let type = Output.self as? any Decodable.Type else {
      throw .unreadableOutput("\(Output.self) is not Decodable")
    }
    do {
      guard let output = try JSONDecoder().decode(type, from: Data(json.utf8)) as? Output else {
        throw ReplayedFlowFailure.unreadableOutput("it is not a \(Output.self)")
      }
      return output
    } catch let failure as ReplayedFlowFailure {
      throw failure
    } catch {
      throw .unreadableOutput(RouteTable.describe(error))
    }
  }
}
