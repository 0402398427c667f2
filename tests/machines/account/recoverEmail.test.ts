import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import type { RecoverEmailResult } from '../../../machines/ports';
import { recoverEmailMachine } from '../../../machines/account/recoverEmail.machine';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('recoverEmail');
if (!entry) throw new Error('recoverEmail is not registered');
runModelPaths(entry);

async function recover(answer: () => Promise<{ result: RecoverEmailResult; email: string | null }>) {
  const codes: string[] = [];
  const actor = createActor(
    recoverEmailMachine.provide({
      actors: {
        recoverEmail: fromPromise<{ result: RecoverEmailResult; email: string | null }, { oobCode: string }>(async ({ input }) => {
          codes.push(input.oobCode);
          return answer();
        }),
      },
    }),
    { input: { oobCode: 'recover-1' }, inspect },
  );
  actor.start();
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return { codes, snapshot: actor.getSnapshot() };
}

describe('recover email (spec 000 §4.5, §8)', () => {
  it('restores the email and shows it', async () => {
    const { codes, snapshot } = await recover(async () => ({ result: 'success', email: 'pat.doe@example.com' }));
    expect(codes).toEqual(['recover-1']);
    expect(snapshot.value).toBe('success');
    expect(snapshot.context.email).toBe('pat.doe@example.com');
  });

  it("shows the server's expired, email-in-use and not-found results", async () => {
    const results: Array<[RecoverEmailResult, string]> = [
      ['expired', 'expired'],
      ['email-in-use', 'emailInUse'],
      ['not-found', 'notFound'],
    ];
    for (const [result, state] of results) {
      const { snapshot } = await recover(async () => ({ result, email: null }));
      expect(snapshot.value).toBe(state);
    }
  });

  it('shows not-found when the call fails', async () => {
    const { snapshot } = await recover(() => Promise.reject(Object.assign(new Error('internal'), { code: 'internal' })));
    expect(snapshot.value).toBe('notFound');
    expect(snapshot.context.errorCode).toBe('internal');
  });
});
