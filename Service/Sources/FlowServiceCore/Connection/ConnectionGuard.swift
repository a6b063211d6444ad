import Foundation
import NIOCore
import NIOHTTP1

/// Closes the connections that hold the server without asking anything whole, and answers
/// what the HTTP decoder refuses, with the service's JSON errors.
///
/// It sits right after NIO's HTTP/1.1 decoder (and before the WebSocket upgrade handler and
/// Hummingbird's handlers), so it sees every request part, every response part, the
/// decoder's errors, and each read of the socket (`channelReadComplete`, which the decoder
/// passes on even when the bytes made no request part yet):
///
/// - A connection that sends nothing for ``Limits/idleTimeout`` (before its first request,
///   between requests, or in the middle of a request's body) is closed.
/// - A request whose line and header fields have not all arrived ``Limits/headerTimeout``
///   after their first byte is answered 408 and closed.
/// - A request whose line and header fields are over the decoder's limit is answered 431
///   (`HTTPParserError.headerOverflow`); one the decoder can't read, 400; then it is closed.
/// - A WebSocket upgrade that the service refused (``refuse(with:)``) is answered with the
///   service's error instead of the WebSocket library's empty 400.
///
/// It answers only when no response is on its way (otherwise it closes), then closes the
/// connection's output and reads and drops what the client still sends for
/// ``Limits/lingerTime`` or until the client closes, so that the client reads the answer
/// rather than a reset. Once a WebSocket upgrade is answered (101), it leaves the pipeline.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  /// The guard's times.
  struct Limits: Sendable {
    /// How long a connection may send nothing.
    var idleTimeout: TimeAmount
    /// How long a request's line and header fields may take, from their first byte.
    var headerTimeout: TimeAmount
    /// How long the guard reads and drops what a client still sends after an answer that
    /// closes its connection.
    var lingerTime: TimeAmount = .seconds(2)
  }

  /// An error answer the guard writes itself: `{"error": {...}}` with its status, and
  /// `Connection: close`.
  struct Answer: Sendable {
    /// The HTTP status code.
    var status: Int
    /// The error's body.
    var body: ErrorBody
    /// Header fields to add (`Allow`, …).
    var headers: [(String, String)] = []
  }

  private let limits: Limits
  private var machine: StateMachine
  private var timer: Scheduled<Void>?
  private var timerDeadline: NIODeadline?
  /// Whether request parts arrived since the last read completed.
  private var readParts = false
  /// The answer that replaces the WebSocket library's answer to a refused upgrade.
  private var refusal: Answer?
  /// Whether the guard answered and now drops what arrives until the connection closes.
  private var isLingering = false
  /// Whether a WebSocket upgrade was answered (101): the guard leaves once it is flushed.
  private var isUpgraded = false
  /// Whether the last request read whole asked for an upgrade (`Upgrade`), and no answer to
  /// it has ended. The upgrade handler removes the decoder before it answers 101, and the
  /// decoder then hands on the bytes that followed the request (a client's first WebSocket
  /// frames) as they are, not as HTTP parts: the guard passes them on untouched.
  private var upgradeRequested = false
  /// Whether the request being read asks for an upgrade.
  private var readingUpgradeRequest = false

  /// Creates a guard for a new connection.
  init(limits: Limits) {
    self.limits = limits
    self.machine = StateMachine(
      now: .now(), idleTimeout: limits.idleTimeout, headerTimeout: limits.headerTimeout)
  }

  /// Answers the refused WebSocket upgrade in progress with `answer`: the response the
  /// WebSocket library writes next is replaced by it.
  func refuse(with answer: Answer) {
    refusal = answer
  }

  // MARK: Inbound

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { updateTimer(context: context) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    timerDeadline = nil
  }

  func channelActive(context: ChannelHandlerContext) {
    updateTimer(context: context)
    context.fireChannelActive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !machine.isClosing else { return }
    readParts = true
    if upgradeRequested {
      // Bytes after an upgrade request, perhaps not HTTP: the upgrade handler keeps them.
      context.fireChannelRead(data)
      return
    }
    let now = NIODeadline.now()
    switch Self.unwrapInboundIn(data) {
    case .head(let head):
      readingUpgradeRequest = head.headers.contains(name: "upgrade")
      machine.headRead(now: now)
    case .body:
      machine.bodyRead(now: now)
    case .end:
      upgradeRequested = readingUpgradeRequest
      readingUpgradeRequest = false
      machine.endRead(now: now)
    }
    updateTimer(context: context)
    context.fireChannelRead(data)
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    if !readParts {
      machine.bytesRead(now: .now())
      updateTimer(context: context)
    }
    readParts = false
    context.fireChannelReadComplete()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if let error = error as? HTTPParserError {
      perform(machine.parserFailed(error), context: context)
    } else if !machine.isClosing {
      context.fireErrorCaught(error)
    }
    // Once closing, the decoder's further errors (data received in its error state) are dropped.
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is ChannelShouldQuiesceEvent {
      switch machine.quiesce() {
      case .none: context.fireUserInboundEventTriggered(event)
      case let action: perform(action, context: context)
      }
    } else if isLingering, let event = event as? ChannelEvent, event == .inputClosed {
      // The client read the answer and closed its side.
      context.close(promise: nil)
    } else {
      context.fireUserInboundEventTriggered(event)
    }
  }

  // MARK: Outbound

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard !isLingering else {
      promise?.fail(ChannelError.outputClosed)
      return
    }
    let part = Self.unwrapOutboundIn(data)
    if let refusal {
      replace(part, with: refusal, context: context, promise: promise)
      return
    }
    switch part {
    case .head(let head) where head.status == .switchingProtocols:
      // The WebSocket upgrade is answered: what follows is not HTTP (``flush(context:)``).
      isUpgraded = true
      context.write(data, promise: promise)
    case .end:
      upgradeRequested = false
      machine.responseEnded(now: .now())
      updateTimer(context: context)
      context.write(data, promise: promise)
    case .head, .body:
      context.write(data, promise: promise)
    }
  }

  func flush(context: ChannelHandlerContext) {
    context.flush()
    if isUpgraded { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
  }

  func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
    if isLingering {
      // The guard closes the connection once the client has read its answer.
      if let promise { context.channel.closeFuture.cascade(to: promise) }
    } else {
      context.close(mode: mode, promise: promise)
    }
  }

  // MARK: Performing

  /// Writes `answer` in place of the response part the WebSocket library writes.
  private func replace(
    _ part: HTTPServerResponsePart, with answer: Answer, context: ChannelHandlerContext,
    promise: EventLoopPromise<Void>?
  ) {
    switch part {
    case .head:
      context.write(Self.wrapOutboundOut(.head(Self.head(of: answer))), promise: promise)
    case .body:
      promise?.succeed()
    case .end:
      refusal = nil
      upgradeRequested = false
      machine.responseEnded(now: .now())
      context.write(Self.wrapOutboundOut(.body(.byteBuffer(Self.body(of: answer)))), promise: nil)
      context.write(Self.wrapOutboundOut(.end(nil)), promise: promise)
    }
  }

  private func perform(_ action: StateMachine.Action, context: ChannelHandlerContext) {
    switch action {
    case .none:
      break
    case .wait:
      updateTimer(context: context)
    case .close:
      closeQuietly(context: context)
    case .answer(let refusal):
      answer(Self.answer(refusal, limits: limits), context: context)
    }
  }

  /// Schedules the timer for the state machine's deadline, unless it fires earlier already
  /// (it then finds the later deadline and waits again).
  private func updateTimer(context: ChannelHandlerContext) {
    guard let deadline = machine.deadline else { return }
    if let timerDeadline, timerDeadline <= deadline { return }
    timer?.cancel()
    timerDeadline = deadline
    timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
      self.timer = nil
      self.timerDeadline = nil
      self.perform(self.machine.deadlinePassed(now: .now()), context: context)
    }
  }

  /// Closes the connection. With no request in progress, the handlers after the guard are
  /// told that the input closed first (the WebSocket upgrade handler, still waiting for a
  /// first request, then ends quietly rather than as a failed upgrade).
  private func closeQuietly(context: ChannelHandlerContext) {
    if !machine.hasRequestInProgress {
      context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    }
    context.close(promise: nil)
  }

  /// Writes `answer`, closes the connection's output, and drops what the client still sends
  /// until it closes or ``Limits/lingerTime`` passes.
  private func answer(_ answer: Answer, context: ChannelHandlerContext) {
    isLingering = true
    context.write(Self.wrapOutboundOut(.head(Self.head(of: answer))), promise: nil)
    context.write(Self.wrapOutboundOut(.body(.byteBuffer(Self.body(of: answer)))), promise: nil)
    context.writeAndFlush(Self.wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
      let closed = context.eventLoop.makePromise(of: Void.self)
      context.close(mode: .output, promise: closed)
      closed.futureResult.assumeIsolated().whenFailure { _ in context.close(promise: nil) }
    }
    // Nothing is in progress after the guard (it answers only then): let it end.
    context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    context.eventLoop.assumeIsolated().scheduleTask(in: limits.lingerTime) {
      context.close(promise: nil)
    }
  }

  // MARK: Answers

  /// The answer to one of the state machine's refusals.
  static func answer(_ refusal: StateMachine.Refusal, limits: Limits) -> Answer {
    switch refusal {
    case .requestTimeout:
      Answer(
        status: 408,
        body: ErrorBody(
          code: "requestTimeout",
          message:
            "The request's line and header fields did not arrive within \(seconds(limits.headerTimeout)) s."
        ))
    case .headerTooLarge:
      Answer(
        status: 431,
        body: ErrorBody(
          code: "headerTooLarge", message: "The request's line and header fields are larger than the limit."))
    case .badRequest:
      Answer(status: 400, body: ErrorBody(code: "badRequest", message: "The request is not valid HTTP/1.1."))
    }
  }

  private static func seconds(_ time: TimeAmount) -> String {
    let milliseconds = time.nanoseconds / 1_000_000
    return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
  }

  private static func head(of answer: Answer) -> HTTPResponseHead {
    var headers = HTTPHeaders([
      ("Content-Type", "application/json"), ("Content-Length", "\(body(of: answer).readableBytes)"),
      ("Connection", "close"),
    ])
    headers.add(contentsOf: answer.headers)
    return HTTPResponseHead(
      version: .http1_1, status: HTTPResponseStatus(statusCode: answer.status), headers: headers)
  }

  private static func body(of answer: Answer) -> ByteBuffer {
    ByteBuffer(string: text(answer.body))
  }
}
