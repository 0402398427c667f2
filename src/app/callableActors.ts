import { fromPromise, type PromiseActorLogic } from 'xstate';
import type { CallableName, CallableRequest, CallableResponse } from '../contract/callables';
import { QUERY_KEYS, type AppPorts } from './ports';

// Every machine actor that is a callable comes from this table (ARCHITECTURE.md "Machines"; spec 000 §7): the actor
// has the callable's name, its input is the callable's request and its output the answer, as src/contract declares
// them (timestamps stay ISO strings; views format them with src/domain helpers). A failure reaches the machine as
// the one PortError `call` maps (src/adapters/firebase/errors.ts). What each call means for the page's cached reads
// (spec 000 §9 caching) is data here, beside its name:
// - `read`: the answer is a cached read under this key (stale after 2 minutes, shared by every machine reading it);
//   none: every call goes to the server (a secret such as the full SSN is never cached);
// - `invalidates`: the reads that show what the call changed, marked stale (the shown ones are fetched again) once it
//   succeeded, and also after a refusal with `invalidatesOnFailure` (the cached copy is read again either way).
// A machine names its callable actors with `callable('<name>')` (machines/actors.ts); src/app/<area>/machines.ts
// provides them with `callableActors(ports, [...names])` beside the actors that are not calls.

export interface CallableEntry {
  read?: readonly unknown[];
  invalidates?: readonly (readonly unknown[])[];
  invalidatesOnFailure?: boolean;
}

export const CALLABLE_ACTORS = {
  // Settings (spec 000 §2.5, §3.4, §8). The personal-info page keeps its own copy of the contact below the app's key,
  // so a save marks the shell's broker banner's copy stale too.
  getCustomerContact: { read: [...QUERY_KEYS.customerContact, 'settings'] },
  updateCustomerContact: { invalidates: [QUERY_KEYS.customerContact] },
  getSocialSecurityNumber: {},
  changeEmail: {},
  // The communications page keeps its copy below the app's key of the authorizations (the onboarding pages read them
  // too). A toggle is a contact field as well (the CRM contact keeps them); a refused change is read again either way.
  getAuthorizations: { read: [...QUERY_KEYS.authorizations, 'settings'] },
  updateAuthorizations: { invalidates: [QUERY_KEYS.authorizations, QUERY_KEYS.customerContact], invalidatesOnFailure: true },
  // The flags live on the user document, which the session follows live: nothing cached to mark stale.
  clearWeakPasswordFlag: {},
  clearPasswordReset: {},
  // The loan-goal page keeps its copy of the user info below the app's key (the onboarding pages read it too). A saved
  // goal changes the user info and the readiness score the server recomputes from it (the home hub shows it); the
  // page reads the new score itself, never from the cache (the home hub's copy is shaped for the hub).
  getUserInfo: { read: [...QUERY_KEYS.userInfo, 'settings'] },
  updateUserInfo: { invalidates: [QUERY_KEYS.userInfo, QUERY_KEYS.readinessScore] },
  getReadinessScore: {},
} satisfies { [N in CallableName]?: CallableEntry };

export type TableCallable = keyof typeof CALLABLE_ACTORS;

/** The actor of callable N: `fromPromise<answer, request>`. */
export type CallableActor<N extends CallableName> = PromiseActorLogic<CallableResponse<N>, CallableRequest<N>>;

type Ports = Pick<AppPorts, 'call' | 'queryClient'>;

function entryOf(name: TableCallable): CallableEntry {
  return CALLABLE_ACTORS[name];
}

async function invalidate(ports: Ports, keys: readonly (readonly unknown[])[]): Promise<void> {
  if (keys.length === 0) return;
  const client = await ports.queryClient();
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })));
}

/** Calls `name` as its table entry says: from the cache for a read, then marking stale what it changed. */
export async function runCallable<N extends TableCallable>(ports: Ports, name: N, request: CallableRequest<N>): Promise<CallableResponse<N>> {
  const { read, invalidates = [], invalidatesOnFailure = false } = entryOf(name);
  if (read) {
    const client = await ports.queryClient();
    return client.fetchQuery({ queryKey: [...read], queryFn: () => ports.call(name, request) });
  }
  let answer: CallableResponse<N>;
  try {
    answer = await ports.call(name, request);
  } catch (error) {
    if (invalidatesOnFailure) await invalidate(ports, invalidates);
    throw error;
  }
  await invalidate(ports, invalidates);
  return answer;
}

/** A read of the table as a cached query (a page that shows it before any machine runs): its key and its call. */
export function callableQuery<N extends TableCallable>(ports: Ports, name: N, request: CallableRequest<N>) {
  const { read } = entryOf(name);
  if (!read) throw new Error(`${name} is not a cached read`);
  return { queryKey: [...read], queryFn: () => ports.call(name, request) } as const;
}

/** The actors of `names`, each named after its callable, for a machine's `.provide({ actors })`. */
export function callableActors<const Names extends readonly TableCallable[]>(
  ports: Ports,
  names: Names,
): { [N in Names[number]]: CallableActor<N> } {
  return Object.fromEntries(
    names.map((name) => [name, fromPromise(({ input }: { input: CallableRequest<typeof name> }) => runCallable(ports, name, input))]),
  ) as unknown as { [N in Names[number]]: CallableActor<N> };
}
