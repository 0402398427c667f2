import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS, ERROR_TEXT_EN } from '../../src/domain/errors';
import { LANGUAGES, NAMESPACES } from '../../src/i18n';

// English and Spanish are complete (ARCHITECTURE.md "Views"): the same keys, no empty text, the same
// placeholders, and the error catalogue's English is the spec's wording (src/domain/errors.ts).

const root = join(process.cwd(), 'public', 'locales');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

function load(language: string, namespace: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(root, language, `${namespace}.json`), 'utf8')) as Tree);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('locale files', () => {
  it('has one file per namespace in each language', () => {
    for (const language of LANGUAGES) {
      expect(readdirSync(join(root, language)).sort()).toEqual(NAMESPACES.map((namespace) => `${namespace}.json`).sort());
    }
  });

  it.each(NAMESPACES)('%s has the same keys in English and Spanish, none empty, with the same placeholders', (namespace) => {
    const en = load('en', namespace);
    const es = load('es', namespace);
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of [...en, ...es]) expect(text.trim(), key).not.toBe('');
    for (const [key, text] of en) expect(placeholders(es.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it("holds the error catalogue's English wording under its keys", () => {
    const en = load('en', 'errors');
    for (const key of Object.values(ERROR_KEYS)) expect(en.get(key), key).toBe(ERROR_TEXT_EN[key]);
  });
});
