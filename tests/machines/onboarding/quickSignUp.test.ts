import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { quickSignUpMachine } from '../../../machines/onboarding/quickSignUp.machine';
import type { QuickSignUpContact } from '../../../src/domain/quickSignUp';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('quickSignUp');
if (!entry) throw new Error('quickSignUp is not registered');
runModelPaths(entry, { variants: [{ name: 'without a query id', input: { contactId: null, nowMs: 0 }, events: () => ({}) }] });

const NOW = Date.parse('2026-11-02T12:00:00.000Z');
const contact = (fields: Partial<QuickSignUpContact> = {}): QuickSignUpContact => ({
  contractSignLink: 'https://esign.example/sign/1',
  email: 'lead@example.com',
  isContractSigned: false,
  hasAccount: false,
  quickSignUpEmailTimestamp: new Date(NOW - 3_600_000),
  ...fields,
});

function quickSignUp(answer: QuickSignUpContact | { code: string }, contactId: string | null = '003LEAD') {
  const asked: string[] = [];
  const machine = quickSignUpMachine.provide({
    actors: {
      fetchQuickSignUpContact: fromPromise(async ({ input }) => {
        asked.push(input.contactId);
        if ('code' in answer) throw answer;
        return answer;
      }),
    },
  });
  return { ...run(machine, { contactId, nowMs: NOW }), asked };
}

describe('quick sign-up (spec 002 §4)', () => {
  it('loads the contact named by the query id', async () => {
    const { actor, asked } = quickSignUp(contact());
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(asked).toEqual(['003LEAD']);
  });

  it.each([
    ['the 403 page for a link older than 3 days', contact({ quickSignUpEmailTimestamp: new Date(NOW - 4 * 86_400_000) }), 'expired', 'page.expired'],
    ['sign-in (no email revealed) when the contact has an account', contact({ hasAccount: true, email: null }), 'signIn', 'redirect.signIn'],
    ['the sign-up form when the contract is signed', contact({ isContractSigned: true }), 'signUp', 'form.signUp'],
    ['the contract signing prompt otherwise', contact(), 'contractPrompt', 'prompt.contract'],
    ['the not-found page without an email', contact({ email: null }), 'notFound', 'page.notFound'],
    ['an error with contact options without a contract link', contact({ contractSignLink: null }), 'noContractLink', 'error.contact'],
  ] as const)('shows %s', async (_, answer, state, tag) => {
    const { actor } = quickSignUp(answer);
    await settle();
    expect(actor.getSnapshot().value).toBe(state);
    expect(actor.getSnapshot().hasTag(tag)).toBe(true);
  });

  it('keeps the email for sign-in and the sign-up form, and the link for the prompt', async () => {
    const signUp = quickSignUp(contact({ isContractSigned: true }));
    await settle();
    expect(signUp.actor.getSnapshot().context.email).toBe('lead@example.com');
    const prompt = quickSignUp(contact());
    await settle();
    expect(prompt.actor.getSnapshot().context.contractSignLink).toBe('https://esign.example/sign/1');
  });

  it('shows not found for an unknown contact or a missing id', async () => {
    const unknown = quickSignUp({ code: 'not-found' });
    await settle();
    expect(unknown.actor.getSnapshot().value).toBe('notFound');
    const noId = quickSignUp(contact(), null);
    await settle();
    expect(noId.actor.getSnapshot().value).toBe('notFound');
    expect(noId.asked).toEqual([]);
  });

  it('offers a retry when the contact cannot be loaded', async () => {
    const { actor, asked } = quickSignUp({ code: 'unavailable' });
    await settle();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    actor.send({ type: 'load.retry' });
    await settle();
    expect(asked).toHaveLength(2);
  });
});
