import { describe, expect, it, vi } from 'vitest';
import { guardCallableBody, safeCallableBody, withoutUndecodableTypes } from '../../functions/src/callable/callableBody';
import { callableDecode } from '../functions/fuzzCallables.support';

/** The request a callable takes (firebase-functions' Request, which this project's root does not resolve). */
type Request = Parameters<Parameters<typeof guardCallableBody>[0]>[0];

// The request body our callables hand to the callable protocol's own decoding (functions/src/callable/callableBody.ts):
// nothing a caller sends makes the library answer `internal` or log what was sent.

const LONG = 'type.googleapis.com/google.protobuf.Int64Value';

describe('a callable request body', () => {
  it('keeps a 64-bit integer the protocol defines, and the library decodes it to its number', () => {
    const data = { count: { '@type': LONG, value: '42' } };
    expect(withoutUndecodableTypes(data)).toEqual(data);
    expect(callableDecode(withoutUndecodableTypes(data))).toEqual({ count: 42 });
  });

  it('turns an unknown typed value, anywhere in the payload, into the plain object the schema then judges', () => {
    const data = { email: { '@type': 'evil', value: 'someone@example.com' }, list: [{ '@type': 'x', a: 1 }], name: 'Ann' };
    const safe = withoutUndecodableTypes(data);
    expect(safe).toEqual({ email: { value: 'someone@example.com' }, list: [{ a: 1 }], name: 'Ann' });
    // The library throws on the original (logging the value at ERROR) and decodes the safe one.
    expect(callableDecode(safe)).toEqual(safe);
  });

  it('turns a 64-bit integer whose value is not a number into a plain object', () => {
    const safe = withoutUndecodableTypes({ '@type': LONG, value: 'not a number' });
    expect(safe).toEqual({ value: 'not a number' });
    expect(callableDecode(safe)).toEqual({ value: 'not a number' });
  });

  it('leaves scalars, null and a falsy @type (which the library ignores) as they are', () => {
    expect(withoutUndecodableTypes('a')).toBe('a');
    expect(withoutUndecodableTypes(null)).toBeNull();
    expect(withoutUndecodableTypes({ '@type': '', a: 1 })).toEqual({ '@type': '', a: 1 });
  });

  it('hands on a body without data empty, so nothing of it reaches the log', () => {
    expect(safeCallableBody({ email: 'someone@example.com' })).toEqual({});
    expect(safeCallableBody({ data: { '@type': 'x' }, extra: 1 })).toEqual({ data: {}, extra: 1 });
    expect(safeCallableBody(undefined)).toBeUndefined();
  });
});

describe('a guarded callable', () => {
  it('passes the safe body to the callable and keeps what the Functions runtime reads off it', async () => {
    const seen: unknown[] = [];
    const callable = Object.assign(
      vi.fn((request: Request) => {
        seen.push(request.body);
      }),
      { __endpoint: { callableTrigger: {} }, run: () => 'ran' },
    );
    Object.defineProperty(callable, '__trigger', { get: () => ({ platform: 'gcfv2' }) });
    const guarded = guardCallableBody(callable as unknown as (request: Request, response: unknown) => void);
    await guarded({ body: { data: { x: { '@type': 'y', z: 1 } } } } as unknown as Request, {});
    expect(seen).toEqual([{ data: { x: { z: 1 } } }]);
    expect((guarded as unknown as { __endpoint: unknown }).__endpoint).toEqual({ callableTrigger: {} });
    expect((guarded as unknown as { run: () => string }).run()).toBe('ran');
    expect((guarded as unknown as { __trigger: unknown }).__trigger).toEqual({ platform: 'gcfv2' });
  });
});
