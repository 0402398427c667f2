// The learning center's and the support center's articles, from seed/content/ into the content
// sandbox's Firestore documents (functions/src/content/contentStore.ts). Each article is two Markdown files,
// seed/content/{area}/{slug}.en.md and .es.md, with a front-matter block (title, description) above the body; what
// is the same in both languages (categories, author, priorities, order, premium, date) is in seed/content/catalog.ts.
// Pure apart from reading those files: seed/data/index.ts adds contentSeed() to the seed, tests read contentArticles().
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONTENT_SANDBOX_COLLECTIONS,
  contentDocumentId,
  storedArticleSchema,
  storedCategorySchema,
  type StoredArticle,
  type StoredCategory,
} from '../functions/src/content/contentStore';
import { readingMinutes, type ContentArea } from '../src/domain/content';
import { markdownPlainText } from '../src/views/components/articleMarkdown';
import type { SeedDocument } from './data/base';
import { CONTENT_CATALOG, type CatalogEntry } from './content/catalog';
import { CONTENT_CATEGORY_CATALOG } from './content/categories';

export const CONTENT_LANGS = ['en', 'es'] as const;
type Lang = (typeof CONTENT_LANGS)[number];

// From the file path, not a URL object: under the views' jsdom environment URL is jsdom's own.
const CONTENT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'content');

export function articleFile(area: ContentArea, slug: string, lang: Lang): string {
  return join(CONTENT_DIR, area, `${slug}.${lang}.md`);
}

/** Front matter: `---`, `key: value` lines, `---`, then the body. Only title and description, both required. */
export function parseArticleFile(source: string, name: string): { title: string; description: string; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${name}: no front-matter block (--- title / description ---)`);
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const pair = /^([a-zA-Z]+):\s*(.*)$/.exec(line);
    if (!pair) throw new Error(`${name}: front-matter line is not 'key: value': ${line}`);
    const key = pair[1]!;
    if (key !== 'title' && key !== 'description') throw new Error(`${name}: unknown front-matter field '${key}'`);
    const value = pair[2]!.trim();
    // A value may be quoted (YAML style) when it holds a colon; the quotes are not part of it.
    fields[key] = /^".*"$/.test(value) ? value.slice(1, -1) : value;
  }
  const title = fields.title ?? '';
  const description = fields.description ?? '';
  const body = match[2]!.trim();
  if (title === '' || description === '' || body === '') throw new Error(`${name}: title, description and body are required`);
  return { title, description, body: `${body}\n` };
}

function storedArticle(entry: CatalogEntry): StoredArticle {
  const locale = (lang: Lang) => {
    const file = articleFile(entry.area, entry.slug, lang);
    const { title, description, body } = parseArticleFile(readFileSync(file, 'utf8'), file);
    const text = markdownPlainText(body);
    return { title, description, body, text, readingMinutes: readingMinutes(text) };
  };
  const [primary] = entry.categories;
  const category = CONTENT_CATEGORY_CATALOG.find((candidate) => candidate.area === entry.area && candidate.slug === primary);
  return storedArticleSchema.parse({
    area: entry.area,
    slug: entry.slug,
    categories: [...entry.categories],
    author: entry.author,
    heroPriority: entry.heroPriority ?? null,
    categoryPriority: entry.categoryPriority ?? null,
    order: entry.order,
    premium: entry.premium ?? false,
    thumbnail: entry.thumbnail ?? category?.thumbnail,
    updatedAt: entry.updatedAt,
    locales: { en: locale('en'), es: locale('es') },
  });
}

let articles: StoredArticle[] | undefined;
/** Every article of the catalog, read and checked (throws naming the file that is wrong). */
export function contentArticles(): StoredArticle[] {
  articles ??= CONTENT_CATALOG.map(storedArticle);
  return articles;
}

export function contentCategories(): StoredCategory[] {
  return CONTENT_CATEGORY_CATALOG.map((category) => storedCategorySchema.parse(category));
}

/** The content sandbox's documents: every category and every article. */
export function contentSeed(): SeedDocument[] {
  return [
    ...contentCategories().map((category) => ({
      path: `${CONTENT_SANDBOX_COLLECTIONS.categories}/${contentDocumentId(category.area, category.slug)}`,
      data: { ...category },
    })),
    ...contentArticles().map((article) => ({
      path: `${CONTENT_SANDBOX_COLLECTIONS.articles}/${contentDocumentId(article.area, article.slug)}`,
      data: { ...article },
    })),
  ];
}
