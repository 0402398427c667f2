import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { supportRequestMachine, supportRequestSelectors } from '../../../machines/support/supportRequest.machine';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('supportRequest');
if (!entry) throw new Error('supportRequest is not registered');
runModelPaths(entry);

async function send(message: string, { email = 'pat.doe@example.com', fails = false } = {}) {
  const requests: Array<{ message: string; email: string }> = [];
  const actor = createActor(
    supportRequestMachine.provide({
      actors: {
        sendContactRequest: fromPromise<void, { message: string; email: string }>(async ({ input }) => {
          requests.push(input);
          if (fails) throw Object.assign(new Error('internal'), { code: 'internal' });
        }),
      },
    }),
    { input: { email }, inspect },
  );
  actor.start();
  actor.send({ type: 'field.change', field: 'message', value: message });
  actor.send({ type: 'form.submit' });
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return { actor, requests, snapshot: actor.getSnapshot() };
}

describe('support request form (spec 000 §2.2, §5, §8)', () => {
  it('sends a description of 4 to 500 characters with the prefilled email', async () => {
    for (const message of ['Help', 'x'.repeat(500)]) {
      const { requests, snapshot } = await send(message);
      expect(requests).toEqual([{ message, email: 'pat.doe@example.com' }]);
      expect(snapshot.hasTag('success')).toBe(true);
    }
  });

  it('refuses 3 characters, 501 characters or an invalid email without sending', async () => {
    const refused: Array<[string, string]> = [
      ['Hey', 'pat.doe@example.com'],
      ['x'.repeat(501), 'pat.doe@example.com'],
      ['Help me', 'pat'],
    ];
    for (const [message, email] of refused) {
      const { requests, snapshot } = await send(message, { email });
      expect(requests).toEqual([]);
      expect(snapshot.value).toBe('editing');
      expect(snapshot.context.submitted).toBe(true);
    }
  });

  it("says 'support.unable-to-send' when sending fails, and can send again", async () => {
    const { actor, snapshot } = await send('My report does not load.', { fails: true });
    expect(snapshot.hasTag('error')).toBe(true);
    expect(snapshot.context.errorKey).toBe(ERROR_KEYS.supportUnableToSend);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('starts a new request after one was sent, keeping the email', async () => {
    const { actor } = await send('My report does not load.');
    actor.send({ type: 'form.reset' });
    expect(actor.getSnapshot().context).toMatchObject({ message: '', email: 'pat.doe@example.com', submitted: false });
  });
});

describe('support request field errors (spec 000 §5)', () => {
  it('names the description and the email once submitted, and none after a reset', async () => {
    const { actor, snapshot } = await send('Hi', { email: 'pat' });
    expect(supportRequestSelectors.fieldErrors(snapshot)).toEqual({
      message: ERROR_KEYS.supportDescriptionLength,
      email: ERROR_KEYS.emailInvalid,
    });
    actor.send({ type: 'field.change', field: 'message', value: '   Help   ' });
    expect(supportRequestSelectors.fieldErrors(actor.getSnapshot())).toEqual({ email: ERROR_KEYS.emailInvalid });
  });
});
