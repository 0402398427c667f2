import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { resetLinkRequestMachine } from '../../../machines/account/resetLinkRequest.machine';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('resetLinkRequest');
if (!entry) throw new Error('resetLinkRequest is not registered');
runModelPaths(entry);

async function request(email: string, errorCode?: string) {
  const sent: string[] = [];
  const actor = createActor(
    resetLinkRequestMachine.provide({
      actors: {
        requestResetLink: fromPromise<void, { email: string }>(async ({ input }) => {
          sent.push(input.email);
          if (errorCode) throw Object.assign(new Error(errorCode), { code: errorCode });
        }),
      },
    }),
    { input: {}, inspect },
  );
  actor.start();
  actor.send({ type: 'field.change', field: 'email', value: email });
  actor.send({ type: 'form.submit' });
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return { sent, snapshot: actor.getSnapshot() };
}

describe('reset link request (spec 000 §5, §8)', () => {
  it("sends the link to the normalised email and says 'Reset link sent'", async () => {
    const { sent, snapshot } = await request(' Pat.Doe@Example.com ');
    expect(sent).toEqual(['pat.doe@example.com']);
    expect(snapshot.hasTag('success')).toBe(true);
  });

  it("says 'Provide a valid email address.' without calling the server for an invalid email", async () => {
    const { sent, snapshot } = await request('pat');
    expect(sent).toEqual([]);
    expect(snapshot.context.errorKey).toBe(ERROR_KEYS.resetInvalidEmail);
  });

  it('maps the server answers to their messages', async () => {
    const cases: Array<[string, string, string | null]> = [
      ['not-found', ERROR_KEYS.resetEmailNotFound, null],
      ['invalid-argument', ERROR_KEYS.resetInvalidEmail, null],
      ['internal', ERROR_KEYS.resetRequestFailed, 'internal'],
    ];
    for (const [code, key, shownCode] of cases) {
      const { snapshot } = await request('pat.doe@example.com', code);
      expect(snapshot.hasTag('error')).toBe(true);
      expect(snapshot.context).toMatchObject({ errorKey: key, errorCode: shownCode });
    }
  });
});
