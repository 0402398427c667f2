import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { CallableName, CallableRequest, CallableResponse } from '../src/contract/callables';
import type { CallbackActorSignature, PromiseActorSignature } from './ports';

// The actor stubs a machine names in `setup({ actors })` (ARCHITECTURE.md "Machines"): typed by the actor's
// signature in the area's ports.ts, implemented by src/app/<area>/machines.ts with `.provide()` (and by fakes in
// tests). Running a machine whose actor was never provided fails loudly with the actor's name.

/** A promise actor the app provides: `name: provided<Sig['name']>('name')`. */
export function provided<TSignature extends PromiseActorSignature<unknown, unknown>>(name: string) {
  return fromPromise<TSignature['output'], TSignature['input']>(async () => {
    throw new Error(`${name} not provided`);
  });
}

/** A callback actor (a subscription) the app provides: `name: providedCallback<Sig['name']>('name')`. */
export function providedCallback<TSignature extends CallbackActorSignature<unknown, EventObject>>(name: string) {
  return fromCallback<EventObject, TSignature['input']>(() => {
    throw new Error(`${name} not provided`);
  });
}

/** A callable's actor: its input is the callable's request and its output the answer, as src/contract declares them. */
export type CallableSig<N extends CallableName> = PromiseActorSignature<CallableRequest<N>, CallableResponse<N>>;

/**
 * The actor of the callable `name`, named after it (`getSocialSecurityNumber: callable('getSocialSecurityNumber')`):
 * src/app/callableActors.ts provides it from one table, tests with fakes of the contract's shapes.
 */
export function callable<N extends CallableName>(name: N) {
  return provided<CallableSig<N>>(name);
}

/**
 * The same transition whether the invoked actor succeeds or fails, for a step whose outcome does not change the
 * flow (a refresh after a save, a clean-up, a best-effort reset): `invoke: { src, ...eitherWay({ target, actions }) }`.
 * The statecharts show it as the two transitions it stands for.
 */
export function eitherWay<const T>(transition: T): { onDone: T; onError: T } {
  return { onDone: transition, onError: transition };
}
