// Methods outside the contract, on a path it defines: 405 with the methods it does define (RFC 9110 15.5.6), for
// every method, also the two kinds that never reach the not-found handler:
// - a method Fastify takes a body for answers 400 before that handler when the body is wrong (a QUERY without
//   Content-Type, RFC 10008): `refuseUndeclaredMethod` runs as an onRequest hook, before any body is read;
// - a method Node's HTTP parser does not know (`FOO`) is a client error (HPE_INVALID_METHOD) before Fastify sees
//   a request: `clientErrorHandler` reads the path from the raw request line and answers 405 the same way.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope.ts';

/** The methods the contract defines on a URL's path (HEAD with GET); empty when the path is not the contract's. */
export type AllowedMethods = (url: string) => string[];

/** Whether a request is a navigation the single-page app answers (a GET or HEAD of a page, not of the API). */
function isNavigation(request: FastifyRequest, url: string): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !/^\/(api|upload-service|support-service)(\/|$)/.test(url) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

function refusal(allow: string[]): string {
  return JSON.stringify(failure(405, 'operationnotallowed', `This path accepts ${allow.join(', ')}.`));
}

/**
 * Answers 405 + Allow when the request's method is not one the contract defines on its path (routes the contract
 * defines never get here: only requests for the not-found handler). True when it answered.
 */
export function refuseUndeclaredMethod(
  request: FastifyRequest,
  reply: FastifyReply,
  allowedMethods: AllowedMethods,
): boolean {
  const url = request.url.split('?')[0] ?? '/';
  const allow = allowedMethods(url);
  if (allow.length === 0 || allow.includes(request.method) || isNavigation(request, url)) return false;
  void reply
    .code(405)
    .header('Allow', allow.join(', '))
    .type('application/json; charset=utf-8')
    .send(refusal(allow));
  return true;
}

/**
 * Fastify's `clientErrorHandler`: a method Node's parser refuses, on a path of the contract, gets the 405 every other
 * method outside the contract gets; any other client error the answer Fastify's default handler gives.
 */
export function clientErrorHandler(allowedMethods: AllowedMethods) {
  return (error: ConnectionError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    let status = 400;
    let body = '{"error":"Bad Request","message":"Client Error","statusCode":400}';
    let extra = '';
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      status = 408;
      body = '{"error":"Request Timeout","message":"Client Timeout","statusCode":408}';
    } else if (error.code === 'HPE_HEADER_OVERFLOW') {
      status = 431;
      body =
        '{"error":"Request Header Fields Too Large","message":"Exceeded maximum allowed HTTP header size","statusCode":431}';
    } else if (error.code === 'HPE_INVALID_METHOD') {
      // Node passes the bytes it read as a Buffer (Fastify's type says its JSON form). The request line:
      // METHOD SP request-target SP HTTP-version.
      const raw: unknown = error.rawPacket;
      const text = Buffer.isBuffer(raw) ? raw.toString('latin1') : '';
      const line = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+) (\/[^ ?\r\n]*)/.exec(text);
      const allow = line?.[2] ? allowedMethods(line[2]) : [];
      if (allow.length > 0) {
        status = 405;
        body = refusal(allow);
        extra = `Allow: ${allow.join(', ')}\r\n`;
      }
    }
    if (socket.writable) {
      const type = status === 405 ? 'application/json; charset=utf-8' : 'application/json';
      socket.write(
        `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\n${extra}Content-Type: ${type}\r\n` +
          `Content-Length: ${String(Buffer.byteLength(body))}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
