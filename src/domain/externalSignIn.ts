// Signing in from outside the app (spec 000 §2.2): an agent's token handed over by the admin console, and the
// link-in from the CRM with its UserId, SessionId and ContactId query parameters. Pure rules: which query
// parameters make a CRM link-in, and which window messages may carry an agent's token.

/** The CRM link-in's query parameters (spec 000 §2.2, §7 createSalesforceToken). */
export interface CrmLinkInParams {
  userId: string;
  sessionId: string;
  contactId: string;
}

const CRM_PARAMS = { userid: 'userId', sessionid: 'sessionId', contactid: 'contactId' } as const;
type CrmParamName = keyof typeof CRM_PARAMS;

function crmParamName(name: string): CrmParamName | null {
  const lower = name.toLowerCase();
  return lower in CRM_PARAMS ? (lower as CrmParamName) : null;
}

function searchOf(pathOrSearch: string): string {
  const withoutHash = pathOrSearch.split('#', 1)[0] ?? '';
  const index = withoutHash.indexOf('?');
  if (index >= 0) return withoutHash.slice(index + 1);
  return withoutHash.startsWith('/') ? '' : withoutHash;
}

/**
 * The CRM link-in in a path or query string, or null when there is none. Names match in any case ('UserId',
 * 'userid', 'USERID'). A CRM session is named by UserId and SessionId together, so both must be present; a missing
 * ContactId stays empty and the server refuses the link (a ContactId alone is not a link-in: onboarding pages
 * carry contact ids too).
 */
export function crmLinkInParams(pathOrSearch: string): CrmLinkInParams | null {
  const found: Partial<Record<CrmParamName, string>> = {};
  for (const [name, value] of new URLSearchParams(searchOf(pathOrSearch))) {
    const key = crmParamName(name);
    if (key && found[key] === undefined) found[key] = value.trim();
  }
  if (!found.userid || !found.sessionid) return null;
  return { userId: found.userid, sessionId: found.sessionid, contactId: found.contactid ?? '' };
}

/** `path` (pathname, query and hash) without the CRM link-in's parameters, in any case. */
export function withoutCrmLinkInParams(path: string): string {
  const hashIndex = path.indexOf('#');
  const hash = hashIndex >= 0 ? path.slice(hashIndex) : '';
  const beforeHash = hashIndex >= 0 ? path.slice(0, hashIndex) : path;
  const queryIndex = beforeHash.indexOf('?');
  if (queryIndex < 0) return path;
  const pathname = beforeHash.slice(0, queryIndex);
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(beforeHash.slice(queryIndex + 1))) {
    if (!crmParamName(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}

/** Custom tokens are JWTs of a few hundred characters; anything far longer is not one. */
export const AGENT_TOKEN_MAX_LENGTH = 8_192;

/** A window 'message' event, as far as the rule reads it. */
export interface WindowMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

/** Whom the /agent page trusts to hand over a token: its opener, at one of these origins. */
export interface AgentTokenSender {
  allowedOrigins: readonly string[];
  opener: unknown;
}

function tokenIn(data: unknown): string | null {
  const candidate =
    typeof data === 'string'
      ? data
      : typeof data === 'object' && data !== null && 'token' in data && typeof data.token === 'string'
        ? data.token
        : null;
  if (candidate === null) return null;
  const token = candidate.trim();
  return token.length > 0 && token.length <= AGENT_TOKEN_MAX_LENGTH ? token : null;
}

/**
 * The agent's token from a window message (spec 000 §2.2: the opener window posts it), or null. Only the window
 * that opened /agent, at an allowed origin (the app's own or the admin console's), may hand over a token: any
 * other window or origin could otherwise sign the page in as someone else. The token is the message itself or
 * its `token` field.
 */
export function agentTokenFromMessage(message: WindowMessage, sender: AgentTokenSender): string | null {
  if (sender.opener === null || sender.opener === undefined) return null;
  if (message.source !== sender.opener) return null;
  if (!sender.allowedOrigins.includes(message.origin)) return null;
  return tokenIn(message.data);
}
