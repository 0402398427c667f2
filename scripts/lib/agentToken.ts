// Development only: mints the token an admin console would hand an agent for /agent (spec 000 §2.2), for the demo
// coaches against the local emulators. The agent session is the customer's account with the agent's claims
// (spec 000 §3.3): isAgent, agentUid (the coach), the customer's contact id, and the coach's allowClientActions and
// allowPortalDownload (the former only while the coach console's flag coachConsoleAllowClientActions is on).
// Used by scripts/agent-link.ts and the e2e helper e2e/support/agent.ts.
import { randomBytes } from 'node:crypto';
import { AGENT_SESSIONS_COLLECTION, newAgentSessionRecord } from '../../src/domain/agentSession';
import type { ClaimsInput } from '../../src/domain/claims';
import { parseFlagOverrides, resolveFlags } from '../../src/domain/flags';
import { demoAccount } from '../../seed/accounts';
import { adminAuth, adminFirestore, emulatorAdminApp } from '../../seed/admin';

/** coach: view only; coachWithActions: allowClientActions; coachDownload: allowPortalDownload (documents). */
export const DEMO_COACH_KEYS = ['coach', 'coachWithActions', 'coachDownload'] as const;
export type DemoCoachKey = (typeof DEMO_COACH_KEYS)[number];

/** The customer the demo coaches work for when none is named. */
export const DEFAULT_AGENT_CUSTOMER_UID = demoAccount('premiumCustomer').uid;

export function isDemoCoachKey(value: unknown): value is DemoCoachKey {
  return typeof value === 'string' && (DEMO_COACH_KEYS as readonly string[]).includes(value);
}

export interface AgentTokenRequest {
  coachKey: DemoCoachKey;
  customerUid?: string;
  projectId: string;
}

/** The claims of the coach's session on the customer's account, read from the emulators. */
export async function agentSessionClaims({ coachKey, customerUid = DEFAULT_AGENT_CUSTOMER_UID, projectId }: AgentTokenRequest): Promise<ClaimsInput> {
  const app = emulatorAdminApp(projectId);
  const coach = await adminAuth.getAuth(app).getUser(demoAccount(coachKey).uid);
  const customer = await adminFirestore.getFirestore(app).doc(`users/${customerUid}`).get();
  const contactId: unknown = customer.get('customer.contactId');
  if (typeof contactId !== 'string' || contactId === '') {
    throw new Error(`users/${customerUid} has no customer.contactId: an agent acts for a customer's contact`);
  }
  // The console grants the coach's allowClientActions only while its flag is on (spec 000 §6).
  const flagDocument = (await adminFirestore.getFirestore(app).doc('config/featureFlags').get()).data();
  const { coachConsoleAllowClientActions } = resolveFlags(parseFlagOverrides(flagDocument), { env: 'emulator' });
  return {
    isAgent: true,
    agentUid: coach.uid,
    customerContactId: contactId,
    allowClientActions: coachConsoleAllowClientActions && coach.customClaims?.allowClientActions === true,
    ...(coach.customClaims?.allowPortalDownload === true ? { allowPortalDownload: true } : {}),
  };
}

/**
 * A custom token for the customer's account with the coach's agent claims (unsigned: the Auth emulator's kind),
 * after recording the agent session it launches (agentSessions/{id}: who, for whom, which rights, until when). The
 * token must be used within 2 minutes, once (src/domain/agentSession.ts).
 */
export async function mintAgentToken(request: AgentTokenRequest): Promise<string> {
  const { customerUid = DEFAULT_AGENT_CUSTOMER_UID, projectId } = request;
  const claims = await agentSessionClaims(request);
  const sessionId = randomBytes(16).toString('hex');
  const record = newAgentSessionRecord(
    {
      agentUid: claims.agentUid ?? null,
      crmUserId: null,
      customerUid,
      contactId: claims.customerContactId ?? '',
      allowClientActions: claims.allowClientActions === true,
    },
    Date.now(),
  );
  const app = emulatorAdminApp(projectId);
  await adminFirestore.getFirestore(app).collection(AGENT_SESSIONS_COLLECTION).doc(sessionId).create(record);
  return adminAuth.getAuth(app).createCustomToken(customerUid, { ...claims, agentSessionId: sessionId });
}

/** The /agent link that signs in with the token. */
export function agentLink(appUrl: string, token: string): string {
  return new URL(`/agent?token=${encodeURIComponent(token)}`, appUrl).toString();
}
