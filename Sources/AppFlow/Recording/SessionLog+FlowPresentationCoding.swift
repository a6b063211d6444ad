import Navigator

// A flow run's presentation as a log writes it: `push`; `modal` with its style and
// embedding; `popover` with its anchor, `keepsPopover` and embedding; `child` with its
// container's path and its view's subview indices.
extension InputDocument {
  /// Writes a flow run's presentation: `push`; `modal` with its style and embedding;
  /// `popover` with its anchor (as a popover input writes it), `keepsPopover` and embedding;
  /// `child` with its container's path in `to` and its view's subview indices in `view`.
  mutating func set(_ presentation: RecordedFlowPresentation) {
    switch presentation {
    case .push: self.presentation = "push"
    case .modal(let style, let embedded):
      self.presentation = "modal"
      self.style = style
      self.embedded = embedded ? true : nil
    case .popover(let anchor, let keepsPopover, let embedded):
      self.presentation = "popover"
      self.anchor = AnchorDocument(anchor)
      self.keepsPopover = keepsPopover ? true : nil
      self.embedded = embedded ? true : nil
    case .child(let container, let view):
      self.presentation = "child"
      to = container
      self.view = view
    }
  }

  /// Reads a flow run's presentation and the fields its kind needs.
  mutating func decodePresentation(_ container: KeyedDecodingContainer<CodingKeys>, at place: String) throws {
    guard container.contains(.presentation) else {
      throw SessionLogError(.corrupt, "The \(input) input at \(place) has no \"presentation\".")
    }
    let presentation = try container.decode(String.self, forKey: .presentation)
    switch presentation {
    case "push": break
    case "modal":
      style = try container.decodeIfPresent(ModalPresentationStyle.self, forKey: .style)
      embedded = try container.decodeIfPresent(Bool.self, forKey: .embedded)
    case "popover":
      guard container.contains(.anchor) else {
        throw SessionLogError(.corrupt, "The \(input) input at \(place) shows a popover with no \"anchor\".")
      }
      anchor = try container.decode(AnchorDocument.self, forKey: .anchor)
      keepsPopover = try container.decodeIfPresent(Bool.self, forKey: .keepsPopover)
      embedded = try container.decodeIfPresent(Bool.self, forKey: .embedded)
    case "child":
      guard container.contains(.to) else {
        throw SessionLogError(
          .corrupt, "The \(input) input at \(place) shows a child with no \"to\" (its container's path).")
      }
      to = try container.decode(StatePath.self, forKey: .to)
      view = try container.decodeIfPresent([Int].self, forKey: .view)
      if let view, view.contains(where: { $0 < 0 }) {
        throw SessionLogError(
          .corrupt,
          "The \(input) input at \(place) names the view \(view); a view's indices are not negative.")
      }
    default:
      throw SessionLogError(
        .corrupt, "The \(input) input at \(place) has the unknown presentation \"\(presentation)\".")
    }
    self.presentation = presentation
  }

  /// The flow run's presentation the document holds; the decoder checked its fields.
  var recordedPresentation: RecordedFlowPresentation {
    switch presentation {
    case "modal": .modal(style, embeddedInNavigationController: embedded ?? false)
    case "popover":
      .popover(
        anchor!.anchor, keepsPopoverOnCompactWidth: keepsPopover ?? false,
        embeddedInNavigationController: embedded ?? false)
    case "child": .child(of: to!, in: view)
    default: .push
    }
  }
}
