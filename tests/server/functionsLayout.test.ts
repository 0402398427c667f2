// The server's layout (ARCHITECTURE.md "functions/src by area"): functions/src is divided by the same areas as the
// client (machines/<area>, src/app/<area>), each area keeping its callables beside its stores, pages and providers,
// plus a few shared folders; nothing but index.ts sits at its root; and no module imports itself back through
// others (an import cycle loads one of its modules half-initialised, and says the layers are tangled).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FUNCTIONS_SRC = path.join(ROOT, 'functions/src');

/** The only modules at functions/src's root: the deployed surface, which names every function once. */
const ROOT_MODULES = ['index.ts'];

/** Folders that belong to no one area, each for one kind of infrastructure every area uses. */
const SHARED_FOLDERS: Record<string, string> = {
  callable: 'the callable wrapper (defineCallable), its refusals, callers, options, budgets, agent sessions, client',
  platform: 'Firebase Admin, deployment settings and environment, feature flags, collections, stored documents, timestamps',
  auth: 'Firebase Auth: custom claims, user look-ups, action links',
  providers: 'the provider chooser, their secrets, and the ports with sandboxes several areas use (CRM, mail, sandbox pages)',
};

function folders(dir: string): string[] {
  return readdirSync(dir).filter((name) => statSync(path.join(dir, name)).isDirectory());
}

/** The client's area names: the folders of machines/ and src/app/. */
function clientAreas(): Set<string> {
  return new Set([...folders(path.join(ROOT, 'machines')), ...folders(path.join(ROOT, 'src/app'))]);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name))
    .sort();
}

/** Every module a file imports or re-exports, statically or dynamically, type-only imports included. */
function importedSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) specifiers.push(argument.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The import graph inside functions/src: file -> the functions/src files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(FUNCTIONS_SRC)) {
    const targets = importedSpecifiers(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => path.resolve(path.dirname(file), specifier))
      .flatMap((target) => [target + '.ts', path.join(target, 'index.ts'), target].filter((candidate) => candidate.endsWith('.ts')))
      .filter((candidate, index, all) => candidate.startsWith(FUNCTIONS_SRC + path.sep) && all.indexOf(candidate) === index)
      .filter((candidate) => {
        try {
          return statSync(candidate).isFile();
        } catch {
          return false;
        }
      });
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components of more than one module, or of one that imports itself (Tarjan). */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

const relative = (file: string) => path.relative(FUNCTIONS_SRC, file);

describe('the server by area (functions/src)', () => {
  it('has no import cycle between its modules', () => {
    const cycles = importCycles(importGraph()).map((component) => component.map(relative));
    expect(cycles).toEqual([]);
  });

  it('finds a cycle when there is one (the check above can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(importCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('keeps only the entry module at its root', () => {
    const rootFiles = readdirSync(FUNCTIONS_SRC).filter((name) => !statSync(path.join(FUNCTIONS_SRC, name)).isDirectory());
    expect(rootFiles.sort()).toEqual(ROOT_MODULES);
  });

  it('has one folder per client area plus the shared folders, one level deep', () => {
    const areas = clientAreas();
    const strangers = folders(FUNCTIONS_SRC).filter((name) => !areas.has(name) && !(name in SHARED_FOLDERS));
    expect(strangers).toEqual([]);
    const nested = sourceFiles(FUNCTIONS_SRC).map(relative).filter((file) => file.split(path.sep).length > 2);
    expect(nested).toEqual([]);
  });

  it('keeps stores, providers, pages and triggers below the callables: none of them imports a callables module', () => {
    const isCallables = (file: string) => /(^|\/)(callables|\w+Callables)\.ts$/.test(relative(file));
    const reachingUp = [...importGraph()]
      .filter(([file]) => !isCallables(file) && relative(file) !== 'index.ts')
      .flatMap(([file, targets]) => targets.filter(isCallables).map((target) => `${relative(file)} -> ${relative(target)}`));
    expect(reachingUp).toEqual([]);
  });

  it('names every module that defines callables callables.ts or <topic>Callables.ts', () => {
    const misnamed = sourceFiles(FUNCTIONS_SRC)
      .filter((file) => /\bdefineCallable\(/.test(readFileSync(file, 'utf8')))
      .map(relative)
      .filter((file) => !/(^|\/)(callables|\w+Callables)\.ts$/.test(file) && file !== path.join('callable', 'defineCallable.ts'));
    expect(misnamed).toEqual([]);
  });
});
