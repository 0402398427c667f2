// The Functions SDK with its httpsCallable faked, for tests that take a callable through the real client
// (src/adapters/firebase/callables.ts: the contract's parsing and the one error mapping): the server is
// `functionsSdk.answer`, which answers or throws what the SDK throws (tests/support/callableFailures.ts
// sdkCallableError); every call is recorded. The rest of firebase/functions is the real module. A test file installs
// it before it imports the client:
//
//   vi.mock('firebase/functions', async (importOriginal) =>
//     (await import('../support/functionsSdkFake')).fakeFunctionsModule(await importOriginal()));
//
// This module imports nothing from firebase/functions itself, so the mock's factory can load it.

type Answer = (name: string, data: unknown) => Promise<unknown>;

const unanswered: Answer = async (name) => {
  throw new Error(`unexpected call ${name}`);
};

/** The faked server: what it answers, and the calls it received as [name, data]. */
export const functionsSdk = {
  answer: unanswered,
  calls: [] as Array<[string, unknown]>,
};

/** The server answers each callable by name; one it does not know fails the test. */
export function serverAnswers(answers: Record<string, (data: unknown) => unknown>): void {
  functionsSdk.answer = async (name, data) => {
    const answer = answers[name];
    if (!answer) throw new Error(`unexpected call ${name}`);
    return answer(data);
  };
}

/** The server refuses every call with `error`, as the SDK hands it over. */
export function serverThrows(error: unknown): void {
  functionsSdk.answer = async () => {
    throw error;
  };
}

/** Forgets the calls and the answers of the test before. */
export function resetFunctionsSdk(): void {
  functionsSdk.calls.length = 0;
  functionsSdk.answer = unanswered;
}

/** firebase/functions with no Functions instance to reach and httpsCallable answered by `functionsSdk`. */
export function fakeFunctionsModule<T extends object>(actual: T): T {
  return {
    ...actual,
    getFunctions: () => ({}),
    connectFunctionsEmulator: () => undefined,
    httpsCallable: (_functions: unknown, name: string) => async (data: unknown) => {
      functionsSdk.calls.push([name, data]);
      return { data: await functionsSdk.answer(name, data) };
    },
  };
}
