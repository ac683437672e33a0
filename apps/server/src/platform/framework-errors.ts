import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody, ErrorCode } from '@app/contracts';
import type { FastifyReply, FastifyServerOptions } from 'fastify';
import { AppError } from './errors';

/**
 * The refusals Fastify and Node's HTTP parser make before a route runs (malformed JSON, a body that is not JSON,
 * an oversized body, URL or header block), answered in the product's error shape with a code like every other.
 */
export function frameworkCode(status: number): ErrorCode {
  switch (status) {
    case 404:
      return 'NOT_FOUND';
    case 408:
      return 'TIMEOUT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 414:
      return 'URI_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'THROTTLED';
    case 431:
      return 'HEADERS_TOO_LARGE';
    default:
      return 'BAD_REQUEST';
  }
}

/** Fastify's `frameworkErrors`: a URL it cannot decode (400) or a path parameter over `maxParamLength` (414). */
const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, _request, reply) => {
  const status = error.statusCode ?? 500;
  const e = status >= 500 ? new AppError('INTERNAL', {}, 'something went wrong') : new AppError(frameworkCode(status));
  // Its generic reply type knows no status codes; it is the plain reply every route has.
  (reply as unknown as FastifyReply).status(e.status).send(e.toBody());
};

/**
 * Node's `clientError`: the request could not even be parsed (headers or URL over Node's header size, a timeout),
 * so there is no request to answer through Fastify; the answer is written on the socket, then it is closed.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'TIMEOUT'
        : 'BAD_REQUEST';
  const e = new AppError(code);
  const body = JSON.stringify({ code, message: code } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Spread into Fastify's options. */
export const frameworkErrorOptions = { frameworkErrors, clientErrorHandler };
