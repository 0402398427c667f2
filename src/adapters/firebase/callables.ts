import type { PortError } from '../../../machines/ports';
import type { z } from 'zod/mini';
import { callables, type CallableName, type CallableRequest, type CallableResponse } from '../../contract/callables';
import { isoDateTimeSchema } from '../../contract/common';
import { reportCallableFailure } from './contactIdErrors';
import { toPortError } from './errors';

// The typed client of the callables (spec 000 §7): the request is parsed with the shared contract before it is
// sent and the response after it arrives, so client and server agree by construction. Timestamps travel as ISO
// strings in fields named `...At`; they become Date here (ARCHITECTURE.md "Data").

type TimestampKey = `${string}At`;
type StringToDate<T> = T extends string ? Date : T;
/** The response with every `...At` ISO string turned into a Date. */
export type Dated<T> = T extends Date
  ? T
  : T extends readonly (infer Item)[]
    ? Dated<Item>[]
    : T extends object
      ? { [K in keyof T]: K extends TimestampKey ? StringToDate<T[K]> : Dated<T[K]> }
      : T;

export function withDates<T>(value: T): Dated<T> {
  if (Array.isArray(value)) return value.map((item: unknown) => withDates(item)) as Dated<T>;
  if (typeof value !== 'object' || value === null || value instanceof Date) return value as Dated<T>;
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    result[key] =
      key.endsWith('At') && typeof field === 'string' && isoDateTimeSchema.safeParse(field).success
        ? new Date(field)
        : withDates(field);
  }
  return result as Dated<T>;
}

function contractError(issue: string): PortError {
  return { code: issue };
}

export async function call<N extends CallableName>(name: N, data: CallableRequest<N>): Promise<Dated<CallableResponse<N>>> {
  return withDates(await callAsSent(name, data));
}

/**
 * `call` with the answer as the contract declares it: timestamps stay ISO strings (the callable actors of
 * src/app/callableActors.ts; views format them with src/domain helpers).
 */
export async function callAsSent<N extends CallableName>(name: N, data: CallableRequest<N>): Promise<CallableResponse<N>> {
  const contract = callables[name];
  const request = (contract.request as z.ZodMiniType).safeParse(data);
  if (!request.success) throw contractError('invalid-argument');
  let raw: unknown;
  try {
    const { callFunction } = await import('./functions');
    raw = await callFunction(name, request.data);
  } catch (error) {
    const failure = toPortError(error);
    reportCallableFailure(failure);
    throw failure;
  }
  const response = (contract.response as z.ZodMiniType).safeParse(raw);
  // A response outside the contract is a server/client version mismatch, not the user's fault.
  if (!response.success) throw contractError('invalid-response');
  return response.data as CallableResponse<N>;
}
