// Agent sessions for the e2e specs (spec 000 §2.2 /agent): a demo coach signed in on a customer's account, the way
// the admin console launches one, with a token minted against the emulators by scripts/lib/agentToken.ts.
import type { Page } from '@playwright/test';
import { agentLink, mintAgentToken, type DemoCoachKey } from '../../scripts/lib/agentToken';

const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-credit-readiness';

/** A token for the coach's agent session on the customer's account (the emulators must be running). */
export async function agentToken(coachKey: DemoCoachKey, customerUid: string): Promise<string> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
  return mintAgentToken({ coachKey, customerUid, projectId: PROJECT_ID });
}

/**
 * Opens /agent?token=... for the demo coach ('coach': no client actions; 'coachWithActions': allowClientActions)
 * on the customer's account (users/{customerUid} must have customer.contactId), and resolves once the agent is
 * signed in and has left /agent: on the home page, or on the first gate the customer has not passed yet
 * (e.g. /sign-up/contract for a new customer). Throws with the page's message when the launch fails.
 */
export async function openAgentSession(page: Page, coachKey: DemoCoachKey, customerUid: string): Promise<void> {
  const token = await agentToken(coachKey, customerUid);
  const link = new URL(agentLink('http://app.invalid', token));
  await page.goto(`${link.pathname}${link.search}`);
  const launchFailure = page.getByText(/^Unable to launch\./);
  const left = page.waitForURL((url) => !url.pathname.startsWith('/agent'));
  const failed = launchFailure.waitFor().then(async () => {
    throw new Error(`agent sign-in failed: ${await launchFailure.textContent()}`);
  });
  await Promise.race([left, failed]);
}
