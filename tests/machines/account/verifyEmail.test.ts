import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { verifyEmailMachine } from '../../../machines/account/verifyEmail.machine';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('verifyEmail');
if (!entry) throw new Error('verifyEmail is not registered');
runModelPaths(entry);

async function verify(errorCode?: string) {
  const applied: Array<{ oobCode: string; tenantId: string | null }> = [];
  const actor = createActor(
    verifyEmailMachine.provide({
      actors: {
        applyActionCode: fromPromise<void, { oobCode: string; tenantId: string | null }>(async ({ input }) => {
          applied.push(input);
          if (errorCode) throw Object.assign(new Error(errorCode), { code: errorCode });
        }),
      },
    }),
    { input: { oobCode: 'verify-1', email: 'pat.doe@example.com', tenantId: 'partner' }, inspect },
  );
  actor.start();
  const loading = actor.getSnapshot().hasTag('loading');
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return { actor, applied, loading };
}

describe('verify email (spec 000 §4.5)', () => {
  it('applies the link with the tenant, then leads to sign-in with the email kept', async () => {
    const { actor, applied, loading } = await verify();
    expect(loading).toBe(true);
    expect(applied).toEqual([{ oobCode: 'verify-1', tenantId: 'partner' }]);
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    actor.send({ type: 'signIn.open' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.email).toBe('pat.doe@example.com');
  });

  it("shows 'Need a new link?' with sign-in to resend for an expired or used link", async () => {
    const { actor } = await verify('auth/expired-action-code');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.errorCode).toBe('auth/expired-action-code');
    actor.send({ type: 'signIn.open' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
