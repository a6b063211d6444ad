import Foundation
import Hummingbird
import NIOCore

/// Runs `body`, turning its error into a ``ServiceError``.
func mapped<T>(_ body: () async throws -> T) async throws(ServiceError) -> T {
  do {
    return try await body()
  } catch {
    throw ServiceError(any: error)
  }
}

/// A value's JSON text, keys sorted, slashes as they are (`shop://cart`, not `shop:\/\/cart`):
/// ``JSONValueEncoder``, then ``JSONValue/text``; `{}` for a value that can't be encoded.
func text(_ value: some Encodable) -> String {
  (try? JSONValueEncoder.encode(value))?.text ?? "{}"
}

/// A JSON answer, with `headers` besides its content type.
func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
  json(
    utf8: (try? JSONValueEncoder.encode(value))?.utf8 ?? Array("{}".utf8), status: status, headers: headers)
}

/// A session's state as a JSON answer (``SessionState/jsonUTF8``).
func json(_ state: SessionState) -> Response {
  json(utf8: state.jsonUTF8)
}

/// A JSON answer of JSON text in UTF-8, with `headers` besides its content type.
func json(utf8 body: [UInt8], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
  var fields: HTTPFields = [.contentType: "application/json"]
  fields.append(contentsOf: headers)
  return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
}
