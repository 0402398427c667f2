// getArrayUserToken and the identity widget's sandbox page under the emulators (spec 000 §7): the customer (or an
// agent with client actions acting for them) gets the customer's user token, enrolling them once; the widget page
// shows that customer's alerts and no one else's; the free product line and an account that is no customer's are
// refused, and a refusal writes nothing.
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { creditReport } from '../../seed/data/creditReport';
import { adminDb, backendFingerprint, call, createCustomer, failureOf, signIn, withSeededBackend } from '../support/emulator';

async function customerWithReport() {
  const customer = await createCustomer();
  const report = creditReport(customer.uid).data;
  await adminDb().doc(`creditReports/${customer.uid}`).set({ ...report, createdAt: new Date() });
  return { customer, app: await signIn(customer) };
}

/** The widget page's alert titles for a token and section. */
async function widget(widgetUrl: string, userToken: string, section = 'alerts') {
  const url = new URL(widgetUrl);
  url.searchParams.set('userToken', userToken);
  url.searchParams.set('section', section);
  const response = await fetch(url);
  const html = await response.text();
  const titles = [...html.matchAll(/data-alert="[^"]+"><h2>([^<]+)<\/h2>/g)].map((match) => match[1]!);
  return { status: response.status, html, titles };
}

describe('identity protection', () => {
  withSeededBackend();

  it("enrols the customer once and answers the same token, whose widget shows the customer's alerts", async () => {
    const { customer, app } = await customerWithReport();
    const first = await call(app, 'getArrayUserToken');
    expect(new URL(first.widgetUrl).pathname).toMatch(/\/identityWidgetSandbox$/);
    expect(await call(app, 'getArrayUserToken')).toEqual(first);
    const enrolment = (await adminDb().doc(`identityProtection/sandbox/enrolments/${customer.uid}`).get()).data();
    expect(enrolment).toMatchObject({ uid: customer.uid, email: customer.email, userToken: first.userToken });
    const page = await widget(first.widgetUrl, first.userToken);
    expect(page.status).toBe(200);
    expect(page.titles).toContain('New inquiry from ROCKET MORTGAGE');
    expect(page.titles).toContain('Your email appeared in a breach list (sandbox)');
  });

  it("refuses the token to a coach without client actions (it would lock the customer's file), and writes nothing", async () => {
    const coach = await signIn(demoAccount('coach'));
    const before = await backendFingerprint();
    const failure = await failureOf(call(coach, 'getArrayUserToken'));
    expect(failure.code).toBe('functions/permission-denied');
    expect(await backendFingerprint()).toBe(before);
  });

  it("shows another customer's token only that customer's data, and refuses a token it never gave", async () => {
    const { app } = await customerWithReport();
    const other = await signIn(await createCustomer());
    const mine = await call(app, 'getArrayUserToken');
    const theirs = await call(other, 'getArrayUserToken');
    expect(theirs.userToken).not.toBe(mine.userToken);
    expect((await widget(theirs.widgetUrl, theirs.userToken)).titles).toEqual(['Your email appeared in a breach list (sandbox)']);
    const forged = await widget(mine.widgetUrl, 'f'.repeat(32));
    expect(forged.status).toBe(403);
    expect(forged.html).toContain('This session has expired.');
  });

  it('locks a bureau through the widget for the token owner only', async () => {
    const { customer, app } = await customerWithReport();
    const { userToken, widgetUrl } = await call(app, 'getArrayUserToken');
    const response = await fetch(widgetUrl, { method: 'POST', body: new URLSearchParams({ userToken, bureau: 'EXPERIAN', locked: 'true', locale: 'en-US' }) });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Experian is now locked.');
    const enrolment = (await adminDb().doc(`identityProtection/sandbox/enrolments/${customer.uid}`).get()).data();
    expect(enrolment?.locks?.EXPERIAN?.locked).toBe(true);
  });

  it('refuses the free product line with upgrade-required, and writes nothing', async () => {
    const free = await signIn(demoAccount('freeCustomer'));
    const before = await backendFingerprint();
    const failure = await failureOf(call(free, 'getArrayUserToken'));
    expect(failure.code).toBe('functions/failed-precondition');
    expect(failure.details?.key).toBe('upgrade-required');
    expect(await backendFingerprint()).toBe(before);
  });

  it('refuses a partner signed in as themselves, whose account is no customer’s (spec 000 §2.3 gate 7), and writes nothing', async () => {
    const partner = await signIn(demoAccount('partner'));
    const before = await backendFingerprint();
    const failure = await failureOf(call(partner, 'getArrayUserToken'));
    expect(failure.code).toBe('functions/permission-denied');
    expect(failure.message).toContain('area-not-permitted');
    expect(await backendFingerprint()).toBe(before);
  });
});
