// Development only: prints an /agent?token=... link that signs a demo coach in on a customer's behalf (spec 000
// §2.2), as the admin console would. Needs the local emulators (`npm start`).
//   tsx scripts/agent-link.ts <coach|coachWithActions|coachDownload> [customerUid]
// Defaults: the premium demo customer; the emulators on 127.0.0.1; the app at APP_URL or http://127.0.0.1:5173.
import { agentLink, DEFAULT_AGENT_CUSTOMER_UID, DEMO_COACH_KEYS, isDemoCoachKey, mintAgentToken } from './lib/agentToken';

const USAGE = `usage: tsx scripts/agent-link.ts <${DEMO_COACH_KEYS.join('|')}> [customerUid]  (customer default: ${DEFAULT_AGENT_CUSTOMER_UID})`;

async function main(args: readonly string[]): Promise<string> {
  const [coachKey, customerUid, ...rest] = args;
  if (!isDemoCoachKey(coachKey) || rest.length > 0) throw new Error(USAGE);
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
  const projectId = process.env.GCLOUD_PROJECT ?? 'demo-credit-readiness';
  const appUrl = process.env.APP_URL ?? `http://127.0.0.1:${process.env.APP_PORT ?? '5173'}`;
  const token = await mintAgentToken({ coachKey, customerUid: customerUid ?? DEFAULT_AGENT_CUSTOMER_UID, projectId });
  return agentLink(appUrl, token);
}

main(process.argv.slice(2)).then(
  (link) => {
    process.stdout.write(`${link}\n`);
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`[agent-link] ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
