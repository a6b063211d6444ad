import AppFlow
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import ShopApp

/// The inspector's pages: `GET /` lists the sessions a page at a time (`?after=&limit=`, as
/// `GET /sessions`), `GET /inspect/{id}` shows one (with `?step=N`, its timeline's tree after
/// the log's first N inputs, replayed), and its
/// script fetches `GET /inspect/{id}/tree.svg` and `GET /inspect/{id}/flows.html` again after
/// each event. Their errors are HTML pages, not the JSON of the API (but for a refused
/// credential: ``AuthenticationMiddleware``'s JSON, before the pages run).
extension FlowServiceRoutes {
  func addInspector(to router: Router<BasicWebSocketRequestContext>) {
    router.get("/") { request, _ in
      let page: SessionPage
      let limit: Int?
      do {
        let query = try pageQuery(request)
        limit = request.uri.queryParameters.get("limit") == nil ? nil : query.limit
        page = try await SessionPage.read(from: host.store, after: query.after, limit: query.limit)
      } catch {
        let failure = ServiceError(any: error)
        return html(
          InspectorPage.error(status: failure.status, message: failure.message), status: failure.status)
      }
      var sessions: [InspectorPage.IndexEntry] = []
      for session in page.sessions {
        sessions.append(
          InspectorPage.IndexEntry(
            id: session.id.rawValue, isLive: await host.holds(session.id), updatedAt: session.updatedAt))
      }
      return html(
        InspectorPage.index(
          sessions: sessions, next: page.next?.rawValue, limit: limit, live: await host.liveSessionCount))
    }
    router.get("/inspect/:id") { request, context in
      do {
        let id = try SessionID(context.parameters.get("id") ?? "")
        let (state, log, limit) = try await inSession(id) { app in
          (SessionRendering.state(of: app, id: id), ShopApp.log(of: app), ShopApp.logLimit(of: app) ?? 0)
        }
        // The replay runs on a fresh app controller of its own, outside the session.
        let timeline = try log.map { log in
          let step = try request.uri.queryParameters.get("step").map { text throws(ServiceError) in
            try SessionTimeline.step(text, count: log.steps.count)
          }
          return SessionTimeline(log: log, limit: limit, step: step, id: id)
        }
        let secret = try authentication.secret(for: id)
        return html(
          InspectorPage.session(state, events: events.recent(id), secret: secret, timeline: timeline))
      } catch {
        let failure = ServiceError(any: error)
        return html(
          InspectorPage.error(status: failure.status, message: failure.message), status: failure.status)
      }
    }
    router.get("/inspect/:id/tree.svg") { _, context in
      await inspected(context) { _, state in
        answer(TreeSVG.svg(state.root), contentType: "image/svg+xml; charset=utf-8")
      }
    }
    router.get("/inspect/:id/flows.html") { _, context in
      await inspected(context) { _, state in html(InspectorPage.flows(state.flows)) }
    }
  }

  /// Answers with `page` made of the session's state, or with an HTML page of the error:
  /// 400 for an invalid identifier, 404 for an unknown session.
  private func inspected(
    _ context: BasicWebSocketRequestContext, _ page: (SessionID, SessionState) -> Response
  ) async -> Response {
    do {
      let id = try SessionID(context.parameters.get("id") ?? "")
      let state = try await inSession(id) { app in SessionRendering.state(of: app, id: id) }
      return page(id, state)
    } catch {
      let failure = ServiceError(any: error)
      return html(
        InspectorPage.error(status: failure.status, message: failure.message), status: failure.status)
    }
  }

  private func html(_ text: String, status: Int = 200) -> Response {
    answer(text, contentType: "text/html; charset=utf-8", status: status)
  }

  /// An answer that no cache keeps: a session's page holds the session's secret.
  private func answer(_ text: String, contentType: String, status: Int = 200) -> Response {
    Response(
      status: HTTPResponse.Status(code: status),
      headers: [.contentType: contentType, .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
