// A static guard on storage.rules (security issue item 6) that runs everywhere, emulators or not: the local Storage
// emulator's stand-in rules runtime enforces nothing (../shared/notes/local-firebase.md), so
// tests/rules/storage.rules.test.ts is skipped on offline machines. This reads the rules as text; it is a guard
// against regressions (an allow-all, a lost catch-all, a changed limit), not a rules evaluator.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../src/domain/constants';
import { ACCEPTED_CONTENT_TYPES } from '../../src/domain/documents';

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

  const DOCUMENT_PATH = '/users/{uid}/documents/{documentId}/{uploadId}';

  it('allows nothing but the catch-all denial outside users/{uid}/documents/{documentId}/{uploadId}', () => {
    const documents = matchBody(DOCUMENT_PATH) ?? '';
    const outside = rules.replace(documents, '');
    const permitted = allows.filter((allow) => allow.condition !== 'false' && outside.includes(allow.statement));
    expect(permitted.map((allow) => allow.statement)).toEqual([]);
  });

  it('lets no client read, update or delete a document file (reads go through getDocumentUrl)', () => {
    const documents = matchBody(DOCUMENT_PATH);
    expect(documents).not.toBeNull();
    const inDocuments = allows.filter((allow) => documents!.includes(allow.statement));
    for (const method of ['read', 'update', 'delete']) {
      const allow = inDocuments.find((candidate) => candidate.methods.includes(method));
      expect(allow?.condition, method).toBe('false');
    }
  });

  it("lets a session create only the object of the upload it prepared, with the permission rules of src/domain/permissions.ts", () => {
    const documents = matchBody(DOCUMENT_PATH)!;
    const create = allows.find((allow) => documents.includes(allow.statement) && allow.methods.includes('create'));
    expect(create?.condition).toContain('canModifyDocuments()');
    expect(create?.condition).toContain('documentUploadIsValid()');
    expect(create?.condition).toContain('matchesPreparedUpload(uid, documentId, uploadId)');
    expect(rules).toContain('firestore.get(/databases/(default)/documents/documentUploads/$(uploadId)).data');
    for (const check of [
      'upload.userId == uid',
      'upload.documentId == documentId',
      'upload.preparedBy == request.auth.uid',
      'request.time < upload.expiresAt',
      'request.resource.size == upload.file.size',
      'request.resource.contentType == upload.file.mimeType',
    ]) {
      expect(rules, check).toContain(check);
    }
    expect(returned('canActForClient')).toBe("!isAgentSession() || claim('allowClientActions')");
    expect(returned('canModifyDocuments')).toBe("canActForClient() || claim('agentIsAdmin') || claim('agentIsDeveloper')");
  });

  it('keeps the upload limits in one place: UPLOAD_MAX_BYTES and the document content types', () => {
    expect(returned('maxDocumentBytes')).toBe(String(UPLOAD_MAX_BYTES));
    expect(returned('documentContentTypes')).toBe(`[${ACCEPTED_CONTENT_TYPES.map((type) => `'${type}'`).join(', ')}]`);
    expect(returned('documentUploadIsValid')).toBe(
      'request.resource.size <= maxDocumentBytes() && request.resource.contentType in documentContentTypes()',
    );
    expect(rules.match(/request\.resource\.size <=/g)).toHaveLength(1);
  });
});
