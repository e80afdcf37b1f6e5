// Cross-origin write protection (#14 finding 8). The session cookie is SameSite=Lax, which still lets a page on
// another port of the same site post forms: state-changing calls therefore accept only the body types the
// contract declares for the operation, and refuse requests a browser marks as coming from another origin.
import type { FastifyRequest } from 'fastify';
import type { ContractOperation } from './contract.ts';
import { ApiFailure } from './envelope.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Throws the operation's refusal when the request is a foreign-origin write or sends an undeclared body type. */
export function guardWrite(request: FastifyRequest, op: ContractOperation): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (isForeign(request))
    throw new ApiFailure(403, 'operationnotallowed', 'Requests from other sites are refused.');
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  // Body-less calls may still name a type (clients send application/json on every POST); the parser refuses
  // a body the operation does not declare.
  if (mediaType === '' || op.bodyContentTypes.length === 0) return;
  if (!op.bodyContentTypes.includes(mediaType))
    throw new ApiFailure(
      415,
      'validate_info',
      `This call accepts ${op.bodyContentTypes.join(' or ')}, not ${mediaType}.`,
    );
}

function isForeign(request: FastifyRequest): boolean {
  // Fetch metadata: anything but same-origin (or a user-typed navigation, "none") came from another page.
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  // request.host: the Host header (HTTP/2's :authority), or X-Forwarded-Host only from a trusted proxy (issue #39).
  const host = request.host;
  try {
    return new URL(origin).host !== host;
  } catch {
    // "null" (sandboxed frames, file: pages) or garbage.
    return true;
  }
}
