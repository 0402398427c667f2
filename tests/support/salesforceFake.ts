// A local Salesforce org over real HTTP (node:http on an ephemeral port), speaking the REST API's wire format as
// Salesforce documents it: the OAuth 2.0 JWT bearer token endpoint (the assertion's RS256 signature checked with
// the connected app's certificate key, iss/sub/aud/exp checked), OpenID Connect UserInfo for user sessions, the
// query endpoint with a small SOQL subset (SELECT fields incl. one relationship hop FROM object WHERE a = literal
// AND … ORDER BY field LIMIT n) and nextRecordsUrl paging, sObject create/retrieve/update/delete (multipart for a
// ContentVersion's file), error arrays [{ message, errorCode, fields }], expiring access tokens (401
// INVALID_SESSION_ID) and injected failures such as REQUEST_LIMIT_EXCEEDED. Its schema is the org's, written here
// independently of the adapter's field table so a wrong name in the table fails a test.
import { createHash, createVerify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Value = string | number | boolean | null;
type SObject = Record<string, Value>;

interface ErrorEntry {
  message: string;
  errorCode: string;
  fields?: string[];
}

/** The org's objects: fields (with kind), required fields, the id prefix and lookups (relationship → field). */
interface ObjectSchema {
  prefix: string;
  fields: Record<string, 'text' | 'checkbox' | 'date' | 'datetime' | 'number' | 'id'>;
  required: string[];
  relationships?: Record<string, { field: string; object: string }>;
}

const SYSTEM = { Id: 'id', OwnerId: 'id', CreatedDate: 'datetime' } as const;

const SCHEMA: Record<string, ObjectSchema> = {
  Contact: {
    prefix: '003',
    fields: {
      ...SYSTEM,
      FirstName: 'text',
      MiddleName: 'text',
      LastName: 'text',
      Email: 'text',
      MobilePhone: 'text',
      Birthdate: 'date',
      Social_Security_Number__c: 'text',
      MailingStreet: 'text',
      MailingCity: 'text',
      MailingStateCode: 'text',
      MailingPostalCode: 'text',
      MailingCountryCode: 'text',
      DoNotCall: 'checkbox',
      Do_Not_SMS__c: 'checkbox',
      SMS_Opt_out__c: 'checkbox',
      Allow_Referral_Update__c: 'checkbox',
      Round_Opt_In__c: 'checkbox',
      Broker_Company_Name__c: 'text',
      Broker_Contact__c: 'text',
      Realtor__c: 'id',
      SF_External_Echosign_URL__c: 'text',
      Link_Bank_Acct_Opt_Out__c: 'checkbox',
      Contact_National_Credit_Care__c: 'checkbox',
      Switch_Referral__c: 'checkbox',
      Credit_Pull_Date__c: 'date',
      KBA_Status__c: 'checkbox',
      Status__c: 'text',
      Close_Contract_Date__c: 'date',
      Quick_Sign_Up_Email_Timestamp__c: 'datetime',
    },
    required: ['LastName'],
    relationships: { Realtor__r: { field: 'Realtor__c', object: 'Contact' }, Owner: { field: 'OwnerId', object: 'User' } },
  },
  Lead: {
    prefix: '00Q',
    fields: { ...SYSTEM, FirstName: 'text', LastName: 'text', Company: 'text', Email: 'text', MobilePhone: 'text', Status: 'text', DoNotCall: 'checkbox' },
    required: ['LastName', 'Company'],
  },
  Task: {
    prefix: '00T',
    fields: {
      ...SYSTEM,
      WhoId: 'id',
      Subject: 'text',
      Status: 'text',
      Type: 'text',
      ActivityDate: 'date',
      Transaction_Id__c: 'text',
      Amount__c: 'number',
      Item__c: 'text',
      Card_Type__c: 'text',
      Card_Last4__c: 'text',
      Idempotency_Key__c: 'text',
    },
    required: [],
  },
  Cancellation_Request__c: {
    prefix: 'a0C',
    fields: { ...SYSTEM, Name: 'text', Contact__c: 'id', Status__c: 'text', Source__c: 'text' },
    required: ['Contact__c'],
  },
  ContentVersion: {
    prefix: '068',
    fields: {
      ...SYSTEM,
      Title: 'text',
      PathOnClient: 'text',
      FirstPublishLocationId: 'id',
      ContentDocumentId: 'id',
      Checksum: 'text',
      ContentSize: 'number',
      IsLatest: 'checkbox',
      VersionNumber: 'text',
      Locker_Document_Key__c: 'text',
      Document_Category__c: 'text',
      Document_File_Type__c: 'text',
      Document_Year__c: 'number',
      Document_Date__c: 'date',
    },
    required: ['PathOnClient'],
  },
  ContentDocument: { prefix: '069', fields: { ...SYSTEM, Title: 'text', LatestPublishedVersionId: 'id' }, required: [] },
  User: { prefix: '005', fields: { ...SYSTEM, Username: 'text', Name: 'text', ProfileName: 'text' }, required: [] },
};

/** Fields the API sets itself: a create or update naming them is refused. */
const READ_ONLY = new Set(['Id', 'CreatedDate', 'Checksum', 'ContentSize', 'IsLatest', 'VersionNumber']);

const ID_SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/** The 18-character form of a 15-character id (Salesforce's case-safe suffix). */
export function caseSafeId(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk += 1) {
    let bits = 0;
    for (let i = 0; i < 5; i += 1) {
      const char = id15.charAt(chunk * 5 + i);
      if (char >= 'A' && char <= 'Z') bits |= 1 << i;
    }
    suffix += ID_SUFFIX_ALPHABET.charAt(bits);
  }
  return id15 + suffix;
}

const isId = (value: string) => /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(value);
const sameId = (a: string, b: string) => isId(a) && isId(b) && a.slice(0, 15) === b.slice(0, 15);

/** Salesforce's date-time format in JSON: 2026-12-07T08:54:12.000+0000. */
const sfDateTime = (millis: number) => new Date(millis).toISOString().replace('Z', '+0000');

export interface SalesforceFakeOptions {
  /** The connected app's certificate key (the test key pair's public half). */
  publicKey: KeyObject | string;
  consumerKey: string;
  /** The integration user's username (the JWT's sub). */
  username: string;
  apiVersion?: string;
  /** Records per query page (Salesforce's default batch is 2,000). */
  pageSize?: number;
  /** Access token lifetime; Salesforce's session timeout (default 2 hours). */
  tokenTtlMs?: number;
}

interface Session {
  userId: string;
  orgId: string;
  expiresAt: number;
}

interface Failure {
  status: number;
  errors: ErrorEntry[];
  /** Which requests fail: every API call, or only those whose path contains this. */
  pathContains?: string;
}

export class SalesforceFake {
  readonly orgId = caseSafeId('00DFk0000000001');
  readonly integrationUserId = caseSafeId('005Fk0000000001');
  readonly apiVersion: string;
  /** Records by object and id. */
  readonly records = new Map<string, Map<string, SObject>>();
  /** The file bytes of each ContentVersion. */
  readonly files = new Map<string, Buffer>();
  /** The JWT bearer grants answered with a token. */
  tokenGrants = 0;
  /** Every API request, as `METHOD path`. */
  readonly requests: string[] = [];
  private readonly accessTokens = new Map<string, Session>();
  private readonly sessions = new Map<string, Session>();
  private readonly failures: Failure[] = [];
  private readonly cursors = new Map<string, SObject[]>();
  private server: Server | null = null;
  private counter = 0;
  /** The org's clock: starts at the real time (the JWT's exp is real time) and moves on with advance(). */
  private clock = Date.now();
  url = '';

  constructor(private readonly options: SalesforceFakeOptions) {
    this.apiVersion = options.apiVersion ?? '62.0';
    this.insertRaw('User', { Id: this.integrationUserId, Username: options.username, Name: 'Integration User', ProfileName: 'System Administrator' });
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        this.send(response, 500, [{ errorCode: 'UNKNOWN_EXCEPTION', message: String(error) }]);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }

  // --- test controls ---

  /** A CRM user (profile 'System Administrator' sees every record, anyone else the records they own). */
  addUser(name: string, profile: 'System Administrator' | 'Standard User'): string {
    return this.insertRaw('User', { Name: name, Username: `${name.toLowerCase().replace(/\s+/g, '.')}@org.example`, ProfileName: profile });
  }

  /** A user's browser session in the org (what a CRM link carries as SessionId). */
  openSession(userId: string, ttlMs = 2 * 60 * 60 * 1000, orgId = this.orgId): string {
    const sessionId = `${orgId.slice(0, 15)}!AQ${createHash('sha256').update(`session-${(this.counter += 1)}`).digest('base64url').slice(0, 40)}`;
    this.sessions.set(sessionId, { userId, orgId, expiresAt: this.clock + ttlMs });
    return sessionId;
  }

  /** Every access token issued so far stops working (the org's session timeout passed, or an admin revoked them). */
  expireAccessTokens(): void {
    this.accessTokens.clear();
  }

  /** Moves the org's clock on (sessions and tokens expire by it). */
  advance(ms: number): void {
    this.clock += ms;
  }

  /** The next `times` API calls (optionally only those whose path contains `pathContains`) answer with this failure. */
  failNext(times: number, failure: Failure): void {
    for (let i = 0; i < times; i += 1) this.failures.push(failure);
  }

  /** REQUEST_LIMIT_EXCEEDED, as Salesforce answers when the org's 24-hour API request limit is spent. */
  static readonly REQUEST_LIMIT: Failure = {
    status: 403,
    errors: [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }],
  };

  /** A record as stored (without attributes), or undefined. */
  record(object: string, id: string): SObject | undefined {
    for (const [storedId, record] of this.table(object)) if (sameId(storedId, id)) return record;
    return undefined;
  }

  /** Every record of an object, in creation order. */
  all(object: string): SObject[] {
    return [...this.table(object).values()];
  }

  /** Inserts a record directly (fixtures); answers its id. */
  insertRaw(object: string, fields: SObject): string {
    const schema = SCHEMA[object];
    if (!schema) throw new Error(`no ${object} in the fake org`);
    const id = typeof fields.Id === 'string' ? fields.Id : this.newId(schema.prefix);
    const record: SObject = { OwnerId: this.integrationUserId, CreatedDate: sfDateTime(this.clock + this.counter), ...fields, Id: id };
    for (const [field, kind] of Object.entries(schema.fields)) {
      if (!(field in record)) record[field] = kind === 'checkbox' ? false : null;
    }
    this.table(object).set(id, record);
    return id;
  }

  // --- internals ---

  private table(object: string): Map<string, SObject> {
    let table = this.records.get(object);
    if (!table) {
      table = new Map();
      this.records.set(object, table);
    }
    return table;
  }

  private newId(prefix: string): string {
    this.counter += 1;
    return caseSafeId(`${prefix}Fk${String(this.counter).padStart(10, '0')}`);
  }

  private send(response: ServerResponse, status: number, body?: unknown, contentType = 'application/json;charset=UTF-8'): void {
    if (response.headersSent) return;
    if (body === undefined) {
      response.writeHead(status).end();
      return;
    }
    response.writeHead(status, { 'content-type': contentType }).end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  private async readBody(request: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const method = request.method ?? 'GET';
    if (url.pathname === '/services/oauth2/token' && method === 'POST') return this.token(await this.readBody(request), response);
    if (url.pathname === '/services/oauth2/userinfo') return this.userInfo(request, response);
    const prefix = `/services/data/v${this.apiVersion}`;
    if (!url.pathname.startsWith(`${prefix}/`)) return this.send(response, 404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
    this.requests.push(`${method} ${url.pathname}${url.search}`);

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const session = bearer ? this.accessTokens.get(bearer) : undefined;
    if (!session || session.expiresAt <= this.clock) {
      return this.send(response, 401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
    }
    const failureIndex = this.failures.findIndex((failure) => !failure.pathContains || url.pathname.includes(failure.pathContains) || url.search.includes(failure.pathContains));
    if (failureIndex >= 0) {
      const [failure] = this.failures.splice(failureIndex, 1);
      return this.send(response, failure!.status, failure!.errors);
    }

    const rest = url.pathname.slice(prefix.length);
    if (rest === '/query' && method === 'GET') return this.query(url.searchParams.get('q') ?? '', response);
    const more = /^\/query\/([\w-]+)$/.exec(rest);
    if (more && method === 'GET') return this.queryMore(more[1]!, response);
    const sobject = /^\/sobjects\/(\w+)(?:\/(\w+))?$/.exec(rest);
    if (sobject) {
      const [, object, id] = sobject as unknown as [string, string, string | undefined];
      if (!SCHEMA[object]) return this.send(response, 404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
      if (!id && method === 'POST') return this.create(object, request, await this.readBody(request), response);
      if (id && method === 'GET') return this.retrieve(object, id, url.searchParams.get('fields'), response);
      if (id && method === 'PATCH') return this.update(object, id, await this.readBody(request), response);
      if (id && method === 'DELETE') return this.remove(object, id, response);
    }
    return this.send(response, 404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
  }

  /** The JWT bearer grant: a valid assertion from the connected app for its pre-authorized user gets a token. */
  private token(body: Buffer, response: ServerResponse): void {
    const form = new URLSearchParams(body.toString('utf8'));
    const refuse = (error: string, description: string) => this.send(response, 400, { error, error_description: description });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refuse('unsupported_grant_type', 'grant type not supported');
    const parts = (form.get('assertion') ?? '').split('.');
    if (parts.length !== 3) return refuse('invalid_grant', 'invalid assertion');
    const [header, claims, signature] = parts as [string, string, string];
    let parsedHeader: { alg?: string };
    let parsedClaims: { iss?: string; sub?: string; aud?: string; exp?: number };
    try {
      parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as typeof parsedHeader;
      parsedClaims = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as typeof parsedClaims;
    } catch {
      return refuse('invalid_grant', 'invalid assertion');
    }
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${header}.${claims}`);
    if (parsedHeader.alg !== 'RS256' || !verifier.verify(this.options.publicKey, Buffer.from(signature, 'base64url'))) {
      return refuse('invalid_grant', 'invalid assertion');
    }
    if (parsedClaims.iss !== this.options.consumerKey) return refuse('invalid_client_id', 'client identifier invalid');
    if (parsedClaims.aud !== this.url) return refuse('invalid_grant', 'audience is invalid');
    if (typeof parsedClaims.exp !== 'number' || parsedClaims.exp * 1000 <= this.clock) return refuse('invalid_grant', 'expired authorization code');
    if (parsedClaims.sub !== this.options.username) return refuse('invalid_grant', 'user hasn\'t approved this consumer');
    const accessToken = `${this.orgId.slice(0, 15)}!AR${createHash('sha256').update(`token-${(this.counter += 1)}`).digest('base64url').slice(0, 48)}`;
    this.accessTokens.set(accessToken, { userId: this.integrationUserId, orgId: this.orgId, expiresAt: this.clock + (this.options.tokenTtlMs ?? 2 * 60 * 60 * 1000) });
    this.tokenGrants += 1;
    this.send(response, 200, {
      access_token: accessToken,
      scope: 'api',
      instance_url: this.url,
      id: `${this.url}/id/${this.orgId}/${this.integrationUserId}`,
      token_type: 'Bearer',
      issued_at: String(this.clock),
    });
  }

  /** OpenID Connect UserInfo for the bearer: a user's session or an access token; 403 Bad_OAuth_Token otherwise. */
  private userInfo(request: IncomingMessage, response: ServerResponse): void {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const session = this.sessions.get(bearer) ?? this.accessTokens.get(bearer);
    if (!session || session.expiresAt <= this.clock) return this.send(response, 403, 'Bad_OAuth_Token', 'text/plain');
    const user = this.record('User', session.userId);
    this.send(response, 200, {
      sub: `${this.url}/id/${session.orgId}/${session.userId}`,
      user_id: session.userId,
      organization_id: session.orgId,
      preferred_username: user?.Username ?? null,
      name: user?.Name ?? null,
      user_type: 'STANDARD',
      active: true,
    });
  }

  private withAttributes(object: string, record: SObject, fields?: string[]): Record<string, unknown> {
    const out: Record<string, unknown> = { attributes: { type: object, url: `/services/data/v${this.apiVersion}/sobjects/${object}/${String(record.Id)}` } };
    for (const field of fields ?? Object.keys(record)) {
      const relationship = /^(\w+)\.(\w+)$/.exec(field);
      if (relationship) {
        const [, name, inner] = relationship as unknown as [string, string, string];
        const link = SCHEMA[object]?.relationships?.[name];
        const target = link && typeof record[link.field] === 'string' ? this.record(link.object, record[link.field] as string) : undefined;
        if (!target) out[name] = null;
        else {
          const existing = (out[name] as Record<string, unknown> | undefined) ?? { attributes: { type: link!.object, url: `/services/data/v${this.apiVersion}/sobjects/${link!.object}/${String(target.Id)}` } };
          existing[inner] = target[inner] ?? null;
          out[name] = existing;
        }
      } else out[field] = record[field] ?? null;
    }
    return out;
  }

  private invalidField(object: string, field: string): ErrorEntry {
    return { errorCode: 'INVALID_FIELD', message: `No such column '${field}' on entity '${object}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name.` };
  }

  /** Whether `field` (maybe one relationship hop) exists on `object`. */
  private fieldExists(object: string, field: string): boolean {
    const relationship = /^(\w+)\.(\w+)$/.exec(field);
    if (!relationship) return field in (SCHEMA[object]?.fields ?? {});
    const link = SCHEMA[object]?.relationships?.[relationship[1]!];
    return !!link && relationship[2]! in (SCHEMA[link.object]?.fields ?? {});
  }

  private query(soql: string, response: ServerResponse): void {
    const malformed = (message: string) => this.send(response, 400, [{ errorCode: 'MALFORMED_QUERY', message }]);
    const match = /^\s*SELECT\s+(.+?)\s+FROM\s+(\w+)(?:\s+WHERE\s+(.+?))?(?:\s+ORDER\s+BY\s+(\w+)(?:\s+(ASC|DESC))?)?(?:\s+LIMIT\s+(\d+))?\s*$/is.exec(soql);
    if (!match) return malformed(`unexpected token in: ${soql}`);
    const [, selectList, object, where, orderBy, direction, limit] = match as unknown as [string, string, string, string?, string?, string?, string?];
    const fields = selectList.split(',').map((field) => field.trim());
    let conditions: [string, Value][];
    try {
      conditions = where ? parseWhere(where) : [];
    } catch (error) {
      return malformed((error as Error).message);
    }

    if (object === 'UserRecordAccess') {
      const userId = conditions.find(([field]) => field === 'UserId')?.[1];
      const recordId = conditions.find(([field]) => field === 'RecordId')?.[1];
      if (typeof userId !== 'string' || typeof recordId !== 'string') return malformed('UserRecordAccess needs UserId = and RecordId =');
      if (!isId(userId) || !isId(recordId)) return this.send(response, 400, [{ errorCode: 'INVALID_QUERY_FILTER_OPERATOR', message: 'invalid ID field' }]);
      const user = this.record('User', userId);
      const target = [...this.records.values()].flatMap((table) => [...table.values()]).find((record) => sameId(String(record.Id), recordId));
      const read = !!user && !!target && (user.ProfileName === 'System Administrator' || sameId(String(target.OwnerId), userId));
      const row: SObject = { Id: '000000000000000AAA', RecordId: recordId, HasReadAccess: read };
      return this.send(response, 200, { totalSize: 1, done: true, records: [{ attributes: { type: 'UserRecordAccess' }, ...pick(row, fields) }] });
    }

    const schema = SCHEMA[object];
    if (!schema) return this.send(response, 400, [{ errorCode: 'INVALID_TYPE', message: `sObject type '${object}' is not supported.` }]);
    for (const field of [...fields, ...conditions.map(([field]) => field), ...(orderBy ? [orderBy] : [])]) {
      if (!this.fieldExists(object, field)) return this.send(response, 400, [this.invalidField(object, field)]);
    }
    for (const [field, value] of conditions) {
      if (schema.fields[field] === 'id' && value !== null && (typeof value !== 'string' || !isId(value))) {
        return this.send(response, 400, [{ errorCode: 'INVALID_QUERY_FILTER_OPERATOR', message: `invalid ID field: ${String(value)}` }]);
      }
    }
    let rows = this.all(object).filter((record) =>
      conditions.every(([field, value]) => {
        const stored = record[field] ?? null;
        if (schema.fields[field] === 'id' && typeof stored === 'string' && typeof value === 'string') return sameId(stored, value);
        // Text comparison in SOQL is case-insensitive.
        if (typeof stored === 'string' && typeof value === 'string') return stored.toLowerCase() === value.toLowerCase();
        return stored === value;
      }),
    );
    if (orderBy) {
      const sign = direction?.toUpperCase() === 'DESC' ? -1 : 1;
      rows = [...rows].sort((a, b) => sign * String(a[orderBy] ?? '').localeCompare(String(b[orderBy] ?? '')));
    }
    if (limit) rows = rows.slice(0, Number(limit));
    const shaped = rows.map((record) => this.withAttributes(object, record, fields) as SObject);
    this.page(shaped, shaped.length, response);
  }

  private page(rows: SObject[], totalSize: number, response: ServerResponse): void {
    const size = this.options.pageSize ?? 2000;
    const records = rows.slice(0, size);
    const rest = rows.slice(size);
    if (rest.length === 0) return this.send(response, 200, { totalSize, done: true, records });
    const locator = `01gFk${String((this.counter += 1)).padStart(10, '0')}-${size}`;
    this.cursors.set(locator, rest);
    this.send(response, 200, { totalSize, done: false, nextRecordsUrl: `/services/data/v${this.apiVersion}/query/${locator}`, records });
  }

  private queryMore(locator: string, response: ServerResponse): void {
    const rest = this.cursors.get(locator);
    if (!rest) return this.send(response, 400, [{ errorCode: 'INVALID_QUERY_LOCATOR', message: 'invalid query locator' }]);
    this.cursors.delete(locator);
    this.page(rest, rest.length, response);
  }

  /** Checks and stores written fields; answers the errors Salesforce would. */
  private write(object: string, target: SObject, fields: Record<string, unknown>): ErrorEntry[] {
    const schema = SCHEMA[object]!;
    for (const [field, value] of Object.entries(fields)) {
      const kind = schema.fields[field];
      if (!kind) return [this.invalidField(object, field)];
      if (READ_ONLY.has(field)) return [{ errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE', message: `Unable to create/update fields: ${field}.`, fields: [field] }];
      if (kind === 'checkbox' && typeof value !== 'boolean' && value !== null) {
        return [{ errorCode: 'JSON_PARSER_ERROR', message: `Cannot deserialize instance of boolean from ${typeof value} value`, fields: [field] }];
      }
      if (kind === 'date' && value !== null && (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))) {
        return [{ errorCode: 'INVALID_TYPE_ON_FIELD_IN_RECORD', message: `${field}: value not of required type: ${String(value)}`, fields: [field] }];
      }
      if (kind === 'id' && value !== null && (typeof value !== 'string' || !isId(value))) {
        return [{ errorCode: 'MALFORMED_ID', message: `${field}: id value of incorrect type: ${String(value)}`, fields: [field] }];
      }
      if (kind === 'datetime' && value !== null) {
        const millis = typeof value === 'string' ? Date.parse(value) : Number.NaN;
        if (Number.isNaN(millis)) return [{ errorCode: 'INVALID_TYPE_ON_FIELD_IN_RECORD', message: `${field}: value not of required type`, fields: [field] }];
        target[field] = sfDateTime(millis);
        continue;
      }
      if (typeof value === 'string' && value.length > 255 && kind === 'text') {
        return [{ errorCode: 'STRING_TOO_LONG', message: `${field}: data value too large`, fields: [field] }];
      }
      target[field] = kind === 'checkbox' ? value === true : (value as Value);
    }
    const missing = schema.required.filter((field) => target[field] === null || target[field] === undefined || target[field] === '');
    if (missing.length > 0) return [{ errorCode: 'REQUIRED_FIELD_MISSING', message: `Required fields are missing: [${missing.join(', ')}]`, fields: missing }];
    return [];
  }

  private create(object: string, request: IncomingMessage, body: Buffer, response: ServerResponse): void {
    let fields: Record<string, unknown>;
    let file: Buffer | null = null;
    const contentType = request.headers['content-type'] ?? '';
    const boundary = /multipart\/form-data;\s*boundary=(.+)$/.exec(contentType)?.[1];
    try {
      if (boundary) {
        const parts = parseMultipart(body, boundary);
        fields = JSON.parse(parts.find((part) => part.name === 'entity_content')?.data.toString('utf8') ?? 'null') as Record<string, unknown>;
        file = parts.find((part) => part.name === 'VersionData')?.data ?? null;
      } else fields = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return this.send(response, 400, [{ errorCode: 'JSON_PARSER_ERROR', message: 'Unexpected character' }]);
    }
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return this.send(response, 400, [{ errorCode: 'JSON_PARSER_ERROR', message: 'not an object' }]);
    const schema = SCHEMA[object]!;
    const record: SObject = { OwnerId: this.integrationUserId, CreatedDate: sfDateTime(this.clock + this.counter) };
    for (const [field, kind] of Object.entries(schema.fields)) if (!(field in record)) record[field] = kind === 'checkbox' ? false : null;
    if (object === 'ContentVersion') {
      if (!file) return this.send(response, 400, [{ errorCode: 'REQUIRED_FIELD_MISSING', message: 'Required fields are missing: [VersionData]', fields: ['VersionData'] }]);
      const { FirstPublishLocationId, ContentDocumentId, ...rest } = fields;
      const errors = this.write(object, record, rest);
      if (errors.length > 0) return this.send(response, 400, errors);
      const id = this.newId(schema.prefix);
      let documentId: string;
      if (typeof ContentDocumentId === 'string') {
        const document = this.record('ContentDocument', ContentDocumentId);
        if (!document) return this.send(response, 400, [{ errorCode: 'INVALID_CROSS_REFERENCE_KEY', message: 'invalid cross reference id', fields: ['ContentDocumentId'] }]);
        documentId = String(document.Id);
        for (const version of this.all('ContentVersion')) if (sameId(String(version.ContentDocumentId), documentId)) version.IsLatest = false;
        document.LatestPublishedVersionId = id;
      } else {
        if (typeof FirstPublishLocationId !== 'string' || !this.record('Contact', FirstPublishLocationId)) {
          return this.send(response, 400, [{ errorCode: 'INVALID_CROSS_REFERENCE_KEY', message: 'invalid cross reference id', fields: ['FirstPublishLocationId'] }]);
        }
        documentId = this.insertRaw('ContentDocument', { Title: record.Title ?? null, LatestPublishedVersionId: id });
        record.FirstPublishLocationId = FirstPublishLocationId;
      }
      const versions = this.all('ContentVersion').filter((version) => sameId(String(version.ContentDocumentId), documentId)).length;
      Object.assign(record, { Id: id, ContentDocumentId: documentId, IsLatest: true, VersionNumber: String(versions + 1), Checksum: createHash('md5').update(file).digest('hex'), ContentSize: file.length });
      this.table(object).set(id, record);
      this.files.set(id, file);
      return this.send(response, 201, { id, success: true, errors: [] });
    }
    const errors = this.write(object, record, fields);
    if (errors.length > 0) return this.send(response, 400, errors);
    const id = this.newId(schema.prefix);
    record.Id = id;
    this.table(object).set(id, record);
    this.send(response, 201, { id, success: true, errors: [] });
  }

  private retrieve(object: string, id: string, fieldList: string | null, response: ServerResponse): void {
    const record = this.record(object, id);
    if (!record) return this.send(response, 404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
    const fields = fieldList ? fieldList.split(',').map((field) => field.trim()) : undefined;
    for (const field of fields ?? []) if (!this.fieldExists(object, field)) return this.send(response, 400, [this.invalidField(object, field)]);
    this.send(response, 200, this.withAttributes(object, record, fields ? ['Id', ...fields] : undefined));
  }

  private update(object: string, id: string, body: Buffer, response: ServerResponse): void {
    const record = this.record(object, id);
    if (!record) return this.send(response, 404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
    let fields: Record<string, unknown>;
    try {
      fields = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return this.send(response, 400, [{ errorCode: 'JSON_PARSER_ERROR', message: 'Unexpected character' }]);
    }
    const draft = { ...record };
    const errors = this.write(object, draft, fields);
    if (errors.length > 0) return this.send(response, 400, errors);
    Object.assign(record, draft);
    this.send(response, 204);
  }

  private remove(object: string, id: string, response: ServerResponse): void {
    const record = this.record(object, id);
    if (!record) return this.send(response, 404, [{ errorCode: 'ENTITY_IS_DELETED', message: 'entity is deleted' }]);
    this.table(object).delete(String(record.Id));
    if (object === 'ContentDocument') {
      for (const version of this.all('ContentVersion')) {
        if (sameId(String(version.ContentDocumentId), String(record.Id))) {
          this.table('ContentVersion').delete(String(version.Id));
          this.files.delete(String(version.Id));
        }
      }
    }
    this.send(response, 204);
  }
}

function pick(record: SObject, fields: string[]): SObject {
  return Object.fromEntries(fields.map((field) => [field, record[field] ?? null]));
}

/** `a = 'x' AND b = true AND c = null AND d = 12` → [[a,'x'],[b,true],[c,null],[d,12]]. */
function parseWhere(where: string): [string, Value][] {
  const conditions: [string, Value][] = [];
  let rest = where.trim();
  for (;;) {
    const field = /^(\w+)\s*=\s*/.exec(rest);
    if (!field) throw new Error(`unexpected token in WHERE: ${rest.slice(0, 30)}`);
    rest = rest.slice(field[0].length);
    let value: Value;
    if (rest.startsWith("'")) {
      let i = 1;
      let text = '';
      for (; i < rest.length && rest[i] !== "'"; i += 1) {
        if (rest[i] === '\\') {
          i += 1;
          const escaped = rest[i];
          text += escaped === 'n' ? '\n' : escaped === 'r' ? '\r' : (escaped ?? '');
        } else text += rest[i];
      }
      if (rest[i] !== "'") throw new Error('unterminated string literal');
      value = text;
      rest = rest.slice(i + 1);
    } else {
      const literal = /^(true|false|null|-?\d+(?:\.\d+)?)\b/i.exec(rest);
      if (!literal) throw new Error(`unexpected token: ${rest.slice(0, 30)}`);
      const word = literal[1]!.toLowerCase();
      value = word === 'true' ? true : word === 'false' ? false : word === 'null' ? null : Number(word);
      rest = rest.slice(literal[0].length);
    }
    conditions.push([field[1]!, value]);
    rest = rest.trim();
    if (!rest) return conditions;
    const and = /^AND\s+/i.exec(rest);
    if (!and) throw new Error(`unexpected token: ${rest.slice(0, 30)}`);
    rest = rest.slice(and[0].length);
  }
}

/** The parts of a multipart/form-data body (name and bytes). */
function parseMultipart(body: Buffer, boundary: string): { name: string; data: Buffer }[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { name: string; data: Buffer }[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const name = /name="([^"]+)"/.exec(headers)?.[1];
    if (name) parts.push({ name, data: part.subarray(headerEnd + 4) });
    start = next;
  }
  return parts;
}
