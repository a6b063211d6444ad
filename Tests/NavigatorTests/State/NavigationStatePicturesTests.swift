import Testing

@testable import Navigator

/// A state drawn as a text tree, a Mermaid flowchart and a Graphviz digraph, compared
/// whole against the expected pictures.
@Suite struct NavigationStatePicturesTests {
  typealias State = NavigationState<String>

  /// A stack of two presenting a sheet that holds a stack whose screen presents a popover.
  let mail = State(
    root: .stack(
      [.screen("Inbox"), .screen("Thread(7)")],
      presenting: .sheet(
        .stack([
          .screen(
            "Compose",
            presenting: .popover(
              .screen("Attachments"), at: .barButtonItem(.right, index: 0, of: .key("Compose"))))
        ]))))

  @Test func theTextTreeIndentsOneScreenALine() {
    #expect(
      mail.description == """
        NavigationController
          [0] Inbox
          [1] Thread(7)
          presents pageSheet:
            NavigationController
              [0] Compose
                presents popover at right bar item 0 of Compose:
                  Attachments
        """)
  }

  @Test func theMermaidFlowchartNumbersScreensInTreeOrderAndDotsPresentations() {
    #expect(
      mail.mermaid == """
        flowchart TD
          classDef presented stroke-dasharray: 5 5
          n0["NavigationController"]
          n0 -->|"[0]"| n1["Inbox"]
          n0 -->|"[1]"| n2["Thread(7)"]
          n0 -.->|"pageSheet"| n3["NavigationController"]:::presented
          n3 -->|"[0]"| n4["Compose"]:::presented
          n4 -.->|"popover at right bar item 0 of Compose"| n5["Attachments"]:::presented
        """)
  }

  @Test func theDotDigraphHasTheSameBoxesAndEdges() {
    #expect(
      mail.dot == """
        digraph NavigationState {
          node [shape=box];
          n0 [label="NavigationController"];
          n1 [label="Inbox"];
          n0 -> n1 [label="[0]"];
          n2 [label="Thread(7)"];
          n0 -> n2 [label="[1]"];
          n3 [label="NavigationController", style=dashed];
          n0 -> n3 [label="pageSheet", style=dashed];
          n4 [label="Compose", style=dashed];
          n3 -> n4 [label="[0]"];
          n5 [label="Attachments", style=dashed];
          n4 -> n5 [label="popover at right bar item 0 of Compose", style=dashed];
        }
        """)
  }

  @Test func containersViewAnchorsAndEmptyStacksInAllThreePictures() {
    let state = State(
      root: .container(
        "Split",
        children: [.stack("Folders", []), .screen("Detail")],
        presenting: .popover(
          .screen("Share"),
          at: .view(of: .key("Detail"), path: [0, 2], rect: Rect(x: 10, y: 20.5, width: 30, height: 40)))
      ))
    #expect(
      state.description == """
        Split
          child 0: Folders (empty stack)
          child 1: Detail
          presents popover at rect (10, 20.5, 30, 40) in subview [0, 2] of Detail:
            Share
        """)
    #expect(
      state.mermaid == """
        flowchart TD
          classDef presented stroke-dasharray: 5 5
          n0["Split"]
          n0 -->|"child 0"| n1["Folders"]
          n0 -->|"child 1"| n2["Detail"]
          n0 -.->|"popover at rect (10, 20.5, 30, 40) in subview [0, 2] of Detail"| n3["Share"]:::presented
        """)
    #expect(
      state.dot == """
        digraph NavigationState {
          node [shape=box];
          n0 [label="Split"];
          n1 [label="Folders"];
          n0 -> n1 [label="child 0"];
          n2 [label="Detail"];
          n0 -> n2 [label="child 1"];
          n3 [label="Share", style=dashed];
          n0 -> n3 [label="popover at rect (10, 20.5, 30, 40) in subview [0, 2] of Detail", style=dashed];
        }
        """)
  }

  @Test func anEmptyStateSaysItHasNoRoot() {
    #expect(State.empty.description == "(no root)")
    #expect(State.empty.mermaid == "flowchart TD\n  empty[\"(no root)\"]")
    #expect(
      State.empty.dot == """
        digraph NavigationState {
          node [shape=box];
          empty [label="(no root)", shape=plaintext];
        }
        """)
  }

  @Test func aScreenWithoutStylesStillDrawsWithoutTheClass() {
    let state = State(root: .screen("Home"))
    #expect(state.description == "Home")
    #expect(state.mermaid == "flowchart TD\n  n0[\"Home\"]")
    #expect(state.dot == "digraph NavigationState {\n  node [shape=box];\n  n0 [label=\"Home\"];\n}")
  }

  @Test func keysWithQuotesLineBreaksAndMarkupAreEscapedForEachPicture() {
    let key = "Say \"hi\"\nto #1 <b>&`|\\\t"
    let state = State(
      root: .screen(
        "Home", presenting: .popover(.screen(key), at: .barButtonItem(.left, index: 2, of: .key("A \"B\"")))))
    #expect(
      state.description == #"""
        Home
          presents popover at left bar item 2 of A "B":
            Say "hi"\nto #1 <b>&`|\\t
        """#)
    #expect(
      state.mermaid == #"""
        flowchart TD
          classDef presented stroke-dasharray: 5 5
          n0["Home"]
          n0 -.->|"popover at left bar item 2 of A #quot;B#quot;"| n1["Say #quot;hi#quot;<br>to #35;1 #lt;b#gt;#amp;#96;#124;\\t"]:::presented
        """#)
    #expect(
      state.dot == #"""
        digraph NavigationState {
          node [shape=box];
          n0 [label="Home"];
          n1 [label="Say \"hi\"\nto #1 <b>&`|\\\\t", style=dashed];
          n0 -> n1 [label="popover at left bar item 2 of A \"B\"", style=dashed];
        }
        """#)
  }

  @Test func otherControlCharactersReadAsEscapes() {
    let state = State(root: .screen("a\u{7}b\rc\u{0}d\u{2028}e"))
    #expect(state.description == #"a\u{7}b\rc\0d\u{2028}e"#)
    #expect(state.mermaid == #"flowchart TD"# + "\n" + #"  n0["a\u{7}b\rc\0d\u{2028}e"]"#)
  }

  @Test func shortFormsNameNodesPresentationsAndAnchors() {
    let thread = State.Node.screen(
      "Thread(7)",
      presenting: .popover(.screen("Menu"), at: .barButtonItem(.right, index: 0, of: .key("Thread(7)"))))
    #expect(thread.description == "Thread(7) (presents popover at right bar item 0 of Thread(7): Menu)")
    #expect(
      State.Node.stack([.screen("Inbox"), thread]).description
        == "NavigationController[Inbox, Thread(7) (presents popover at right bar item 0 of Thread(7): Menu)]")
    #expect(State.Node.stack([]).description == "NavigationController[]")
    #expect(
      State.Node.container("Split", children: [.stack("Mail", [.screen("Inbox")]), .screen("Detail")])
        .description
        == "Split{Mail[Inbox], Detail}")
    #expect(
      State.Presentation.sheet(.stack([.screen("Compose")])).description
        == "pageSheet: NavigationController[Compose]")
    #expect(
      State.Anchor.view(of: .navigationController, path: [], rect: Rect(x: 0, y: 0, width: 44, height: 44))
        .description
        == "rect (0, 0, 44, 44) in the view of NavigationController")
    #expect(
      State.Anchor.unnamed("a view that no screen owns").description
        == "an unnamed anchor (a view that no screen owns)")
    #expect(State.Node.screen("two\nlines").description == #"two\nlines"#)
  }

  @Test func anInstanceReadsAsTheScreensName() {
    let screen = Screen("Draft")
    let state = State(root: .init(key: .instance(screen.screenID)))
    #expect(state.description == "Draft")
    #expect(state.mermaid == "flowchart TD\n  n0[\"Draft\"]")
  }
}
