// A static guard on storage.rules (security issue item 6) that runs everywhere, emulators or not: the local Storage
// emulator's stand-in rules runtime enforces nothing (../shared/notes/local-firebase.md), so
// tests/rules/storage.rules.test.ts is skipped on offline machines. This reads the rules as text; it is a guard
// against regressions (an allow-all, a lost catch-all, a changed limit), not a rules evaluator.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../src/domain/constants';

/** storage.rules without its comments, whitespace collapsed. */
const rules = readFileSync('storage.rules', 'utf8')
  .replace(/\/\/[^\n]*/g, '')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/\s+/g, ' ');

/** Every `allow <methods>[: if <condition>];` statement. */
const allows = [...rules.matchAll(/allow ([a-z, ]+?)\s*(?::\s*if ([^;]*))?;/g)].map((m) => ({
  statement: m[0],
  methods: (m[1] ?? '').split(',').map((s) => s.trim()),
  condition: m[2]?.trim() ?? null,
}));

/** The body of a `match <path> { ... }` block (braces balanced), or null. */
function matchBody(path: string): string | null {
  const head = `match ${path} {`;
  const start = rules.indexOf(head);
  if (start < 0) return null;
  const open = start + head.length - 1;
  let depth = 0;
  for (let i = open; i < rules.length; i += 1) {
    if (rules[i] === '{') depth += 1;
    if (rules[i] === '}' && --depth === 0) return rules.slice(open + 1, i);
  }
  return null;
}

/** The expression a rules function returns (functions without parameters only). */
function returned(name: string): string | undefined {
  return new RegExp(`function ${name}\\(\\) \\{ return ([^;]*);`).exec(rules)?.[1]?.trim();
}

describe('storage.rules (text)', () => {
  it('is rules version 2 for the firebase.storage service', () => {
    expect(rules).toContain("rules_version = '2';");
    expect(rules).toContain('service firebase.storage {');
  });

  it('ends with the deny-by-default catch-all', () => {
    const bucket = matchBody('/b/{bucket}/o');
    expect(bucket).not.toBeNull();
    expect(bucket!.trim()).toMatch(/match \/\{allPaths=\*\*\} \{ allow read, write: if false; \}$/);
  });

  it('has no allow without a condition, no `if true`, and no condition that is only "signed in"', () => {
    expect(allows.length).toBeGreaterThan(0);
    for (const allow of allows) {
      expect(allow.condition, allow.statement).not.toBeNull();
      const condition = (allow.condition ?? '').replace(/[()\s]/g, '');
      expect(condition, allow.statement).not.toBe('true');
      expect(condition, allow.statement).not.toMatch(/^request\.auth!=null$/);
      expect(condition, allow.statement).not.toMatch(/^request\.auth\.uid!=null$/);
    }
  });

  it('allows nothing but the catch-all denial outside users/{uid}/', () => {
    const users = matchBody('/users/{uid}/{allPaths=**}') ?? '';
    const outside = rules.replace(users, '');
    const permitted = allows.filter((allow) => allow.condition !== 'false' && outside.includes(allow.statement));
    expect(permitted.map((allow) => allow.statement)).toEqual([]);
  });

  it("ties every access to the customer's own uid and to the permission rules of src/domain/permissions.ts", () => {
    const users = matchBody('/users/{uid}/{allPaths=**}');
    expect(users).not.toBeNull();
    const inUsers = allows.filter((allow) => users!.includes(allow.statement));
    expect(inUsers.flatMap((allow) => allow.methods).sort()).toEqual(['create', 'delete', 'read', 'update']);
    for (const allow of inUsers) expect(allow.condition, allow.statement).toContain('onAccountOf(uid)');
    const conditionOf = (method: string) => inUsers.find((allow) => allow.methods.includes(method))?.condition ?? '';
    expect(conditionOf('read')).toContain('canDownloadDocuments()');
    for (const method of ['create', 'update', 'delete']) expect(conditionOf(method)).toContain('canModifyDocuments()');
    for (const method of ['create', 'update']) expect(conditionOf(method)).toContain('documentUploadIsValid()');
    // The session must be signed in as the uid of the path, then the claims decide, as in permissions.ts.
    expect(rules).toMatch(/function onAccountOf\(uid\) \{ return request\.auth != null && request\.auth\.uid == uid;/);
    expect(returned('canActForClient')).toBe("!isAgentSession() || claim('allowClientActions')");
    expect(returned('canModifyDocuments')).toBe("canActForClient() || claim('agentIsAdmin') || claim('agentIsDeveloper')");
    expect(returned('canDownloadDocuments')).toBe("canModifyDocuments() || claim('allowPortalDownload')");
  });

  it('keeps the upload limits in one place: UPLOAD_MAX_BYTES and the document content types', () => {
    expect(returned('maxDocumentBytes')).toBe(String(UPLOAD_MAX_BYTES));
    expect(returned('documentContentTypes')).toBe(
      "['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/heif']",
    );
    expect(returned('documentUploadIsValid')).toBe(
      'request.resource.size <= maxDocumentBytes() && request.resource.contentType in documentContentTypes()',
    );
    expect(rules.match(/request\.resource\.size/g)).toHaveLength(1);
  });
});
