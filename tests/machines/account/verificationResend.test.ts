import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { verificationResendMachine } from '../../../machines/account/verificationResend.machine';
import { inspect } from '../../../src/inspect';
import { settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('verificationResend');
if (!entry) throw new Error('verificationResend is not registered');
runModelPaths(entry);

/** A resend whose sends fail with the given codes in turn (null: sent). */
function resend(outcomes: (string | null)[]) {
  let sends = 0;
  const actor = createActor(
    verificationResendMachine.provide({
      actors: {
        sendEmailVerification: fromPromise<void, void>(async () => {
          const outcome = outcomes[Math.min(sends, outcomes.length - 1)] ?? null;
          sends += 1;
          if (outcome) throw Object.assign(new Error(outcome), { code: outcome });
        }),
      },
    }),
    { inspect },
  );
  actor.start();
  return { actor, sends: () => sends };
}

describe('resending the verification email on /not-verified (spec 000 §2.3, §8)', () => {
  it('sends nothing until asked', () => {
    const { actor, sends } = resend([null]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(sends()).toBe(0);
  });

  it('is busy while sending, then sent', async () => {
    const { actor, sends } = resend([null]);
    actor.send({ type: 'verification.resend' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(sends()).toBe(1);
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
  });

  it("fails with the identity provider's code, and a new try clears it", async () => {
    const { actor, sends } = resend(['auth/too-many-requests', null]);
    actor.send({ type: 'verification.resend' });
    await settle();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.errorCode).toBe('auth/too-many-requests');
    actor.send({ type: 'verification.resend' });
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    await settle();
    expect(sends()).toBe(2);
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
  });

  it('ignores a second request while one is being sent', async () => {
    const { actor, sends } = resend([null]);
    actor.send({ type: 'verification.resend' });
    actor.send({ type: 'verification.resend' });
    await settle();
    expect(sends()).toBe(1);
  });
});
