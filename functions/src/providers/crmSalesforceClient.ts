// Salesforce's REST API over fetch (no client library): the OAuth 2.0 JWT bearer flow for the integration user's
// access token, cached until Salesforce says it is no longer valid (one new token and one retry on a 401
// INVALID_SESSION_ID), SOQL queries with nextRecordsUrl paging, sObject create/read/update/delete, and Salesforce's
// error arrays ([{ message, errorCode, fields }]). REQUEST_LIMIT_EXCEEDED, 5xx answers and network failures become
// the CRM port's CrmUnavailableError (worth retrying later); everything else is a SalesforceApiError.
import { createSign } from 'node:crypto';
import { CrmUnavailableError } from './crm';
import type { SalesforceConfig } from './crmSalesforceConfig';

/** One entry of Salesforce's error array. */
export interface SalesforceErrorEntry {
  message: string;
  errorCode: string;
  fields?: string[];
}

/** A Salesforce answer other than success (not one to retry). */
export class SalesforceApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: SalesforceErrorEntry[],
  ) {
    super(`Salesforce answered ${status}: ${errors.map((error) => `${error.errorCode} ${error.message}`).join('; ') || 'no details'}`);
    this.name = 'SalesforceApiError';
  }

  /** Whether Salesforce gave this error code. */
  has(code: string): boolean {
    return this.errors.some((error) => error.errorCode === code);
  }
}

export interface SalesforceToken {
  accessToken: string;
  /** The org's instance the token is for (https://MyDomain.my.salesforce.com). */
  instanceUrl: string;
  /** The integration user's org id (from the identity URL: …/id/{orgId}/{userId}). */
  orgId: string;
}

export interface QueryResult<T> {
  totalSize: number;
  done: boolean;
  nextRecordsUrl?: string;
  records: T[];
}

/** An sObject write's answer (create). */
interface SaveResult {
  id: string;
  success: boolean;
  errors: SalesforceErrorEntry[];
}

/** Milliseconds a single Salesforce call may take before it counts as unavailable. */
const REQUEST_TIMEOUT_MS = 20_000;

const base64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

/** The JWT bearer assertion: RS256 over { iss, sub, aud, exp } (Salesforce accepts an exp up to 3 minutes ahead). */
export function jwtAssertion(config: SalesforceConfig, nowMs: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({ iss: config.consumerKey, sub: config.username, aud: config.loginUrl, exp: Math.floor(nowMs / 1000) + 180 }),
  );
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${claims}`);
  return `${header}.${claims}.${base64url(signer.sign(config.privateKeyPem))}`;
}

/** Salesforce's error array from a body, whatever shape it came in (array, single object, OAuth error, text). */
export function errorEntries(body: unknown, fallback: string): SalesforceErrorEntry[] {
  const entry = (value: unknown): SalesforceErrorEntry | null => {
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    if (typeof record.errorCode === 'string') {
      return {
        errorCode: record.errorCode,
        message: typeof record.message === 'string' ? record.message : '',
        ...(Array.isArray(record.fields) ? { fields: record.fields.map(String) } : {}),
      };
    }
    // The OAuth endpoints answer { error, error_description }.
    if (typeof record.error === 'string') {
      return { errorCode: record.error, message: typeof record.error_description === 'string' ? record.error_description : '' };
    }
    return null;
  };
  const entries = (Array.isArray(body) ? body : [body]).map(entry).filter((value): value is SalesforceErrorEntry => value !== null);
  return entries.length > 0 ? entries : [{ errorCode: fallback, message: typeof body === 'string' ? body.slice(0, 200) : '' }];
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A value quoted for a SOQL string literal (backslash and quote escaped; no line breaks). */
export function soqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

/** A 15- or 18-character Salesforce record id. */
export function isSalesforceId(value: string): boolean {
  return /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(value);
}

/** Two ids name the same record (an 18-character id is the 15-character one plus a case-safe suffix). */
export function sameSalesforceId(a: string, b: string): boolean {
  return isSalesforceId(a) && isSalesforceId(b) && a.slice(0, 15) === b.slice(0, 15);
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** A ready body (multipart) and its content type; made again for a retry. */
  rawBody?: () => { body: ReadableStream<Uint8Array> | Buffer; contentType: string };
  /** Answers these statuses as null instead of an error (e.g. 404 for a missing record). */
  nullOn?: number[];
}

export class SalesforceClient {
  private token: Promise<SalesforceToken> | null = null;

  constructor(
    private readonly config: SalesforceConfig,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  get apiVersion(): string {
    return this.config.apiVersion;
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new CrmUnavailableError(`Salesforce did not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async requestToken(): Promise<SalesforceToken> {
    const response = await this.call(`${this.config.loginUrl}/services/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: jwtAssertion(this.config, this.now()),
      }).toString(),
    });
    const body = await readBody(response);
    if (response.status >= 500 || response.status === 429) {
      throw new CrmUnavailableError(`Salesforce's token endpoint answered ${response.status}`);
    }
    if (!response.ok) throw new SalesforceApiError(response.status, errorEntries(body, 'invalid_grant'));
    const token = body as { access_token?: unknown; instance_url?: unknown; id?: unknown };
    if (typeof token.access_token !== 'string' || typeof token.instance_url !== 'string' || typeof token.id !== 'string') {
      throw new SalesforceApiError(response.status, [{ errorCode: 'UNEXPECTED_RESPONSE', message: 'token response without access_token, instance_url or id' }]);
    }
    const orgId = /\/id\/([a-zA-Z0-9]{15,18})\/[a-zA-Z0-9]{15,18}$/.exec(token.id)?.[1];
    if (!orgId) throw new SalesforceApiError(response.status, [{ errorCode: 'UNEXPECTED_RESPONSE', message: `identity URL ${token.id}` }]);
    return { accessToken: token.access_token, instanceUrl: token.instance_url.replace(/\/+$/, ''), orgId };
  }

  /** The cached token, or a new one (concurrent callers share one token request). */
  currentToken(): Promise<SalesforceToken> {
    if (!this.token) {
      const pending = this.requestToken();
      this.token = pending;
      pending.catch(() => {
        if (this.token === pending) this.token = null;
      });
    }
    return this.token;
  }

  /**
   * Calls the REST API at `path` (/services/data/… or a nextRecordsUrl) with the integration token. A 401 gets a new
   * token and one retry; a second 401 is an error.
   */
  async request<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
    for (let attempt = 0; ; attempt += 1) {
      const pending = this.currentToken();
      const token = await pending;
      const raw = options.rawBody?.();
      const headers: Record<string, string> = { authorization: `Bearer ${token.accessToken}`, accept: 'application/json' };
      let body: BodyInit | undefined;
      if (raw) {
        headers['content-type'] = raw.contentType;
        body = raw.body as BodyInit;
      } else if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
      const init: RequestInit & { duplex?: 'half' } = { method: options.method ?? 'GET', headers, body };
      if (raw && !(raw.body instanceof Buffer)) init.duplex = 'half';
      const response = await this.call(`${token.instanceUrl}${path}`, init);
      if (response.status === 401 && attempt === 0) {
        await response.body?.cancel();
        // The next call asks for a new token, unless another caller already did.
        if (this.token === pending) this.token = null;
        continue;
      }
      if (options.nullOn?.includes(response.status)) {
        await response.body?.cancel();
        return null;
      }
      const parsed = await readBody(response);
      if (response.ok) return parsed as T;
      const errors = errorEntries(parsed, `HTTP_${response.status}`);
      if (errors.some((error) => error.errorCode === 'REQUEST_LIMIT_EXCEEDED') || response.status >= 500 || response.status === 429) {
        throw new CrmUnavailableError(`Salesforce answered ${response.status}: ${errors.map((error) => error.errorCode).join(', ')}`, errors[0]?.errorCode ?? null);
      }
      throw new SalesforceApiError(response.status, errors);
    }
  }

  private dataPath(rest: string): string {
    return `/services/data/v${this.config.apiVersion}${rest}`;
  }

  /** Every record a SOQL query selects, following nextRecordsUrl; `limit` stops early. */
  async query<T>(soql: string, limit = Number.POSITIVE_INFINITY): Promise<T[]> {
    const records: T[] = [];
    let page = await this.request<QueryResult<T>>(this.dataPath(`/query?q=${encodeURIComponent(soql)}`));
    for (;;) {
      if (!page) throw new SalesforceApiError(200, [{ errorCode: 'UNEXPECTED_RESPONSE', message: 'empty query answer' }]);
      records.push(...page.records);
      if (page.done || !page.nextRecordsUrl || records.length >= limit) return records.slice(0, limit);
      page = await this.request<QueryResult<T>>(page.nextRecordsUrl);
    }
  }

  /** Creates a record; answers its id. */
  async create(sobject: string, fields: Record<string, unknown>): Promise<string> {
    const result = await this.request<SaveResult>(this.dataPath(`/sobjects/${sobject}`), { method: 'POST', body: fields });
    if (!result?.success || typeof result.id !== 'string') throw new SalesforceApiError(201, result?.errors ?? []);
    return result.id;
  }

  /** Creates a record from a multipart body (a ContentVersion's file); answers its id. */
  async createMultipart(sobject: string, rawBody: NonNullable<RequestOptions['rawBody']>): Promise<string> {
    const result = await this.request<SaveResult>(this.dataPath(`/sobjects/${sobject}`), { method: 'POST', rawBody });
    if (!result?.success || typeof result.id !== 'string') throw new SalesforceApiError(201, result?.errors ?? []);
    return result.id;
  }

  /** One record's fields, or null when it does not exist (404). */
  async retrieve<T>(sobject: string, id: string, fields: string[]): Promise<T | null> {
    return this.request<T>(this.dataPath(`/sobjects/${sobject}/${encodeURIComponent(id)}?fields=${fields.map(encodeURIComponent).join(',')}`), {
      nullOn: [404],
    });
  }

  /** Applies fields to a record (204 No Content). */
  async update(sobject: string, id: string, fields: Record<string, unknown>): Promise<void> {
    await this.request(this.dataPath(`/sobjects/${sobject}/${encodeURIComponent(id)}`), { method: 'PATCH', body: fields });
  }

  /** Deletes a record (204); one already gone (404) is not an error. */
  async remove(sobject: string, id: string): Promise<void> {
    await this.request<null>(this.dataPath(`/sobjects/${sobject}/${encodeURIComponent(id)}`), { method: 'DELETE', nullOn: [404] });
  }

  /**
   * Who a Salesforce session belongs to, asked of the org's instance with the session id itself (OpenID Connect
   * UserInfo); null when Salesforce does not accept the session (expired, revoked, or not a session at all).
   */
  async userInfo(sessionId: string): Promise<{ userId: string; orgId: string } | null> {
    const { instanceUrl } = await this.currentToken();
    const response = await this.call(`${instanceUrl}/services/oauth2/userinfo`, {
      headers: { authorization: `Bearer ${sessionId}`, accept: 'application/json' },
    });
    const body = await readBody(response);
    if (response.status === 401 || response.status === 403 || response.status === 400) return null;
    if (!response.ok) {
      const errors = errorEntries(body, `HTTP_${response.status}`);
      throw new CrmUnavailableError(`Salesforce's userinfo answered ${response.status}`, errors[0]?.errorCode ?? null);
    }
    const info = body as { user_id?: unknown; organization_id?: unknown };
    if (typeof info.user_id !== 'string' || typeof info.organization_id !== 'string') return null;
    return { userId: info.user_id, orgId: info.organization_id };
  }
}
