import type { Request } from 'firebase-functions/v2/https';

// What the callable protocol's library does with a request body before our wrapper (defineCallable.ts) sees it, and
// the two cases where that would answer `internal` or log what the caller sent (security review: nothing logged that
// holds personal data, a clear 4xx for every malformed call). firebase-functions decodes the body's `data`, where an
// object with an `@type` key is a typed value; only the two 64-bit integer types exist, and any other `@type` (or a
// long whose value is not a number) makes the library log the whole object at ERROR and answer 500. A body without
// `data` is logged whole at WARN before the library answers 400. The guard below hands the library a body it
// neither fails on nor logs: an unknown typed value loses its `@type` key and reaches the contract's schema as the
// plain object it is (which the schema refuses, or strips as an unknown key, as for any other object), and a body
// without `data` is handed on empty (still refused with 400, with nothing of it in the log).

/** The typed values the callable protocol defines (firebase-functions, common/providers/https). */
const LONG_TYPES = new Set(['type.googleapis.com/google.protobuf.Int64Value', 'type.googleapis.com/google.protobuf.UInt64Value']);

function isDecodableLong(value: Record<string, unknown>): boolean {
  return typeof value['@type'] === 'string' && LONG_TYPES.has(value['@type']) && !Number.isNaN(parseFloat(String(value.value)));
}

/** `data` with every typed value the library cannot decode made a plain object (decodable ones kept as they are). */
export function withoutUndecodableTypes(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withoutUndecodableTypes);
  if (typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  if (record['@type'] && isDecodableLong(record)) return record;
  const plain: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    // A truthy `@type` is what the library takes for a typed value; a falsy one it ignores, so it may stay.
    if (key === '@type' && record['@type']) continue;
    plain[key] = withoutUndecodableTypes(value);
  }
  return plain;
}

/** The body the library may safely read: `data` decodable, and nothing of a body without `data` left to log. */
export function safeCallableBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  if (!('data' in body)) return {};
  return { ...body, data: withoutUndecodableTypes((body as { data: unknown }).data) };
}

/**
 * The callable `onCall` made, with its request body made safe first (safeCallableBody). Everything the Functions
 * runtime reads off the callable (its endpoint, `run`, the trigger annotation) is carried over.
 */
export function guardCallableBody<F extends (request: Request, response: never) => unknown>(callable: F): F {
  const guarded = (request: Request, response: Parameters<F>[1]) => {
    request.body = safeCallableBody(request.body);
    return callable(request, response);
  };
  const descriptors = Object.getOwnPropertyDescriptors(callable) as Record<string, PropertyDescriptor>;
  for (const own of ['length', 'name', 'prototype']) delete descriptors[own];
  Object.defineProperties(guarded, descriptors);
  return guarded as unknown as F;
}
