import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArrayKbaRequest, ArrayKbaResult, KbaQuestionData } from '../../../machines/credit/ports';
import type { AuthUser } from '../../../machines/ports';
import KbaRoute from '../../../src/app/credit/KbaRoute';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from './creditAppHarness';

// /kba (spec 001 §2 "Identity check (KBA)", §4, §5, §8): behind the KBA flag, questions as radio groups, Submit only
// when every question has an answer, new questions with a warning after wrong answers, the report after right ones,
// kba:error-loading with Try again, kba:submit-error as an alert, the velocity lock's message, skip only in lower
// environments.

afterEach(stopCreditApp);

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

const question = (id: string, text: string, answers: string[]): KbaQuestionData => ({
  id,
  text,
  answers: answers.map((answer, index) => ({ id: `${id}-a${index}`, text: answer })),
});
const FIRST_SET: KbaQuestionData[] = [
  question('q1', 'Which of these companies is your auto loan with?', ['ALLY FINANCIAL', 'TOYOTA MOTOR CREDIT', 'None of the above']),
  question('q2', 'At which of these addresses have you lived?', ['1024 E PALM LN', '88 W ELM ST', 'None of the above']),
];
const SECOND_SET: KbaQuestionData[] = [question('q3', 'How much is your monthly student loan payment?', ['$100 - $199', '$200 - $299', 'None of the above'])];
const questions = (set: KbaQuestionData[], retry = false): ArrayKbaResult => ({
  status: 'questions',
  questions: set,
  authToken: retry ? 'token-2' : 'token-1',
  retry,
  attemptsLeft: retry ? 1 : 2,
});

async function openKba(
  arrayKBA: (request: ArrayKbaRequest) => Promise<ArrayKbaResult>,
  { path = '/kba?id=kba-1', kba = true, env = { VITE_ENV: 'emulator' } }: { path?: string; kba?: boolean; env?: Record<string, unknown> } = {},
) {
  const fakes = fakeAppPorts({ user: maria, creditActions: { arrayKBA: vi.fn(arrayKBA) } });
  await renderCreditPage(<KbaRoute />, fakes, { path, pattern: '/kba/*', flags: { kba }, env });
  return fakes;
}

const location = () => screen.getByTestId('location').textContent;
const submit = () => screen.getByRole('button', { name: 'Submit answers' });

describe('the identity check page', () => {
  it('is not found with the KBA flag off', async () => {
    await openKba(async () => questions(FIRST_SET), { kba: false });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('sends a visit without a session id home', async () => {
    await openKba(async () => questions(FIRST_SET), { path: '/kba' });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('asks each question as a group of answers and enables Submit only once every question has an answer', async () => {
    await openKba(async () => questions(FIRST_SET));
    const first = await screen.findByRole('group', { name: 'Question 1: Which of these companies is your auto loan with?' });
    const second = screen.getByRole('group', { name: 'Question 2: At which of these addresses have you lived?' });
    expect(within(first).getAllByRole('radio')).toHaveLength(3);
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(first).getByRole('radio', { name: 'ALLY FINANCIAL' }));
    expect(screen.getByText('1 of 2 questions answered')).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(second).getByRole('radio', { name: '88 W ELM ST' }));
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });

  it('brings new questions with a warning and cleared selections after wrong answers, then the report after right ones', async () => {
    const arrayKBA = vi.fn(async (request: ArrayKbaRequest): Promise<ArrayKbaResult> => {
      if (request.command === 'get-questions') return questions(FIRST_SET);
      if (request.authToken === 'token-1') return questions(SECOND_SET, true);
      return { status: 'passed', creditPullDate: '2026-11-26' };
    });
    await openKba(arrayKBA);
    await userEvent.click(await screen.findByRole('radio', { name: 'TOYOTA MOTOR CREDIT' }));
    await userEvent.click(screen.getByRole('radio', { name: '1024 E PALM LN' }));
    await userEvent.click(submit());
    expect(await screen.findByText('Some answers did not match our records. Please answer the new questions.')).toBeTruthy();
    expect(await screen.findByText('Some answers did not match. Here are new questions; you have 1 more try.')).toBeTruthy();
    const next = screen.getByRole('group', { name: 'Question 1: How much is your monthly student loan payment?' });
    expect(within(next).getAllByRole('radio').every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(next).getByRole('radio', { name: '$200 - $299' }));
    await userEvent.click(submit());
    await waitFor(() => expect(location()).toBe('/credit/report'));
    expect(arrayKBA).toHaveBeenLastCalledWith({ command: 'submit-answers', id: 'kba-1', authToken: 'token-2', answers: { q3: 'q3-a1' } });
  });

  it('says the questions could not be loaded, and loads them with Try again', async () => {
    let calls = 0;
    await openKba(async () => {
      calls += 1;
      if (calls === 1) throw { code: 'unavailable' };
      return questions(FIRST_SET);
    });
    expect(await screen.findByText('We could not load your identity questions. Please try again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: /Question 1/ })).toBeTruthy();
  });

  it('shows a failed submit as an alert and keeps the answers chosen', async () => {
    await openKba(async (request) => {
      if (request.command === 'get-questions') return questions(SECOND_SET);
      throw { code: 'unavailable' };
    });
    await userEvent.click(await screen.findByRole('radio', { name: '$100 - $199' }));
    await userEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('We could not check your answers. Please try again.');
    expect((screen.getByRole('radio', { name: '$100 - $199' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says when another try opens and whom to call once the check is locked', async () => {
    const retryAt = '2026-11-27T15:05:00.000Z';
    await openKba(async () => ({ status: 'locked', retryAt }));
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' }).format(new Date(retryAt));
    expect(await screen.findByText(`For your security, identity checks are paused after too many unmatched answers. You can try again on ${when}.`)).toBeTruthy();
    expect(screen.getByText('If you need your report sooner, call customer service at 800-555-0199.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call now' }).getAttribute('href')).toBe('tel:+18005550199');
    expect(screen.queryByRole('button', { name: 'Submit answers' })).toBeNull();
  });

  it('offers skip-to-report outside production, which goes to the report', async () => {
    await openKba(async () => questions(FIRST_SET));
    await userEvent.click(await screen.findByRole('button', { name: 'Skip to report (test environments only)' }));
    await waitFor(() => expect(location()).toBe('/credit/report'));
  });

  it('offers no skip in production', async () => {
    await openKba(async () => questions(FIRST_SET), { env: { VITE_ENV: 'prod' } });
    expect(await screen.findByRole('group', { name: /Question 1/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Skip to report/ })).toBeNull();
  });
});
