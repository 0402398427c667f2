// @vitest-environment jsdom
// The learning and support articles as the seed ships them (seed/content/, seed/contentLoad.ts) and the content
// rules they are served by (src/domain/content.ts): every article is there in both languages, in a known category,
// with a unique address, renders to safe HTML, and links only to pages that exist; the list order, the featured
// slice, the premium rule and the search ranking behave as the pages will rely on.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONTENT_CATALOG } from '../../seed/content/catalog';
import { CONTENT_CATEGORY_CATALOG } from '../../seed/content/categories';
import { contentArticles, contentCategories, contentSeed, parseArticleFile } from '../../seed/contentLoad';
import { canReadPremiumArticles, compareForCategory, CONTENT_AREAS, CONTENT_CATEGORIES, contentArticlePath, heroAndFeatured, normalizeForSearch, pageCount, pageSlice, readingMinutes, searchScore, searchSnippet, searchTerms, type ContentArea } from '../../src/domain/content';
import { markdownLinks, renderArticleMarkdown } from '../../src/views/components/articleMarkdown';

const articles = contentArticles();
const LANGS = ['en', 'es'] as const;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The app's own pages an article may link to besides other articles (src/domain/routes.ts). */
const APP_PATH_PREFIXES = ['/money', '/credit', '/documents', '/settings', '/contact', '/update-payment'];

function articleAt(path: string) {
  const match = /^\/(learning-center|support)\/([a-z0-9-]+)\/([a-z0-9-]+)$/.exec(path);
  if (!match) return undefined;
  const area: ContentArea = match[1] === 'support' ? 'support' : 'learning';
  return articles.find((article) => article.area === area && article.slug === match[3] && article.categories.includes(match[2]!));
}

describe('the seeded articles', () => {
  it('are at least 32, in every category of both areas', () => {
    expect(articles.length).toBeGreaterThanOrEqual(32);
    for (const area of CONTENT_AREAS) {
      for (const category of CONTENT_CATEGORIES[area]) {
        const inCategory = articles.filter((article) => article.area === area && article.categories.includes(category));
        expect(inCategory.length, `${area}/${category}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('include the fixed DTI article at /learning-center/home-buying/what-is-dti-and-how-can-i-improve-it', () => {
    const article = articleAt('/learning-center/home-buying/what-is-dti-and-how-can-i-improve-it');
    expect(article?.locales.en.title).toBe('What is DTI and how can I improve it?');
    expect(article?.premium).toBe(false);
  });

  it('name only categories of their own area, and each slug once per area (so once per category)', () => {
    for (const article of articles) {
      for (const category of article.categories) expect(CONTENT_CATEGORIES[article.area], `${article.slug}`).toContain(category);
    }
    for (const area of CONTENT_AREAS) {
      const slugs = articles.filter((article) => article.area === area).map((article) => article.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
  });

  it('have a file for every article in each language and no file without an article', () => {
    for (const area of CONTENT_AREAS) {
      const files = readdirSync(join(ROOT, 'seed', 'content', area)).sort();
      const expected = CONTENT_CATALOG.filter((entry) => entry.area === area)
        .flatMap((entry) => LANGS.map((lang) => `${entry.slug}.${lang}.md`))
        .sort();
      expect(files).toEqual(expected);
    }
  });

  it.each(articles.map((article) => [contentArticlePath(article.area, article.categories[0]!, article.slug), article] as const))(
    '%s is written in English and in Spanish, with a title, description and body of its own in each',
    (_path, article) => {
      const { en, es } = article.locales;
      for (const locale of [en, es]) {
        expect(locale.title.length).toBeGreaterThan(5);
        expect(locale.description.length).toBeGreaterThan(30);
        expect(locale.text.split(/\s+/).length).toBeGreaterThan(150);
        expect(locale.readingMinutes).toBe(readingMinutes(locale.text));
      }
      expect(es.title).not.toBe(en.title);
      expect(es.description).not.toBe(en.description);
      // Spanish words a Spanish text cannot do without; an English copy has none of them.
      expect(normalizeForSearch(es.text)).toMatch(/\b(de|la|que|su|para)\b/);
      expect(normalizeForSearch(en.text)).toMatch(/\b(the|your|and)\b/);
    },
  );

  it.each(articles.flatMap((article) => LANGS.map((lang) => [`${article.area}/${article.slug} (${lang})`, article.locales[lang].body] as const)))(
    '%s renders to HTML with headings and nothing executable',
    (_name, body) => {
      const container = document.createElement('div');
      container.innerHTML = renderArticleMarkdown(body);
      expect(container.querySelectorAll('h2').length).toBeGreaterThanOrEqual(2);
      expect(container.querySelectorAll('script, iframe, object, embed, style, form, img').length).toBe(0);
      for (const element of container.querySelectorAll('*')) {
        for (const attribute of element.attributes) expect(attribute.name.startsWith('on')).toBe(false);
      }
      expect(container.textContent).not.toMatch(/\]\(|<\w+[^>]*>/);
    },
  );

  it.each(articles.flatMap((article) => LANGS.map((lang) => [`${article.area}/${article.slug} (${lang})`, article.locales[lang].body] as const)))(
    '%s links only to in-app pages that exist',
    (_name, body) => {
      const links = markdownLinks(body);
      // Every [text](target) in the source became a link (none was refused and left as text).
      expect(links.length).toBe((body.match(/\]\(/g) ?? []).length);
      for (const link of links) {
        expect(link, 'in-app paths only').toMatch(/^\/(?!\/)/);
        if (/^\/(learning-center|support)\//.test(link)) {
          const segments = link.split('/').length;
          if (segments === 4) expect(articleAt(link), link).toBeDefined();
          else expect(CONTENT_CATEGORY_CATALOG.some((category) => link.endsWith(`/${category.slug}`)), link).toBe(true);
        } else {
          expect(link === '/' || APP_PATH_PREFIXES.some((prefix) => link === prefix || link.startsWith(`${prefix}/`)), link).toBe(true);
        }
      }
    },
  );

  it('show a thumbnail that ships in public/', () => {
    const thumbnails = new Set([...articles.map((article) => article.thumbnail), ...contentCategories().map((category) => category.thumbnail)]);
    for (const thumbnail of thumbnails) expect(existsSync(join(ROOT, 'public', thumbnail)), thumbnail).toBe(true);
  });

  it('keep the support center free and leave free articles in every learning category', () => {
    expect(articles.filter((article) => article.area === 'support' && article.premium)).toEqual([]);
    expect(articles.some((article) => article.premium)).toBe(true);
    for (const category of CONTENT_CATEGORIES.learning) {
      expect(articles.some((article) => article.area === 'learning' && !article.premium && article.categories.includes(category)), category).toBe(true);
    }
  });

  it('give each area a hero and three featured articles', () => {
    for (const area of CONTENT_AREAS) {
      const { hero, featured } = heroAndFeatured(articles.filter((article) => article.area === area));
      expect(hero?.heroPriority).toBe(1);
      expect(featured.map((article) => article.heroPriority)).toEqual([2, 3, 4]);
    }
  });

  it('become one seed document per category and per article', () => {
    const documents = contentSeed();
    expect(documents.length).toBe(CONTENT_CATEGORY_CATALOG.length + CONTENT_CATALOG.length);
    expect(new Set(documents.map((document) => document.path)).size).toBe(documents.length);
    expect(documents.map((document) => document.path)).toContain('content/sandbox/articles/learning--what-is-dti-and-how-can-i-improve-it');
  });
});

describe('parseArticleFile', () => {
  it('reads the title and description and keeps the body', () => {
    expect(parseArticleFile('---\ntitle: "A: b"\ndescription: Short words\n---\n## Body\n\nText', 'x.md')).toEqual({
      title: 'A: b',
      description: 'Short words',
      body: '## Body\n\nText\n',
    });
  });
  it.each([
    ['no front matter', '## Body'],
    ['no title', '---\ndescription: d\n---\nBody'],
    ['an unknown field', '---\ntitle: t\ndescription: d\nauthor: x\n---\nBody'],
    ['no body', '---\ntitle: t\ndescription: d\n---\n'],
  ])('refuses a file with %s, naming it', (_case, source) => {
    expect(() => parseArticleFile(source, 'broken.en.md')).toThrow(/broken\.en\.md/);
  });
});

describe('content rules', () => {
  const entry = (slug: string, fields: Partial<{ heroPriority: number | null; categoryPriority: number | null; order: number }> = {}) => ({
    slug,
    heroPriority: fields.heroPriority ?? null,
    categoryPriority: fields.categoryPriority ?? null,
    order: fields.order ?? 1,
  });

  it('lists pinned articles first, then by order, then by slug', () => {
    const list = [entry('c', { order: 1 }), entry('b', { order: 2 }), entry('a', { order: 1 }), entry('z', { categoryPriority: 1, order: 9 })];
    expect([...list].sort(compareForCategory).map((article) => article.slug)).toEqual(['z', 'a', 'c', 'b']);
  });

  it('takes the hero and the featured slice 1 to 4 from the hero order, ignoring articles without a hero priority', () => {
    const list = [entry('e', { heroPriority: 5 }), entry('x'), entry('b', { heroPriority: 2 }), entry('a', { heroPriority: 1 }), entry('d', { heroPriority: 4 }), entry('c', { heroPriority: 3 })];
    const { hero, featured } = heroAndFeatured(list);
    expect(hero?.slug).toBe('a');
    expect(featured.map((article) => article.slug)).toEqual(['b', 'c', 'd']);
    expect(heroAndFeatured([entry('x')])).toEqual({ hero: null, featured: [] });
  });

  it('pages 16 at a time', () => {
    const items = Array.from({ length: 33 }, (_, index) => index);
    expect(pageCount(33)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageSlice(items, 2)).toEqual(items.slice(16, 32));
    expect(pageSlice(items, 3)).toEqual([32]);
  });

  it('shows premium articles only to a non-free line while the flag is on', () => {
    expect(canReadPremiumArticles({ freeLine: false, premiumArticlesFlag: true })).toBe(true);
    expect(canReadPremiumArticles({ freeLine: true, premiumArticlesFlag: true })).toBe(false);
    expect(canReadPremiumArticles({ freeLine: false, premiumArticlesFlag: false })).toBe(false);
  });
});

describe('search', () => {
  function search(area: ContentArea, lang: 'en' | 'es', query: string): string[] {
    const terms = searchTerms(query);
    return articles
      .filter((article) => article.area === area)
      .map((article) => ({ slug: article.slug, score: searchScore(terms, article.locales[lang]) }))
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score)
      .map(({ slug }) => slug);
  }

  it('folds case and accents and drops stop words', () => {
    expect(searchTerms('¿Qué es el PRÉSTAMO?')).toEqual(['prestamo']);
    expect(searchTerms('How do I reset my password')).toEqual(['reset', 'password']);
    expect(searchTerms('the of')).toEqual(['the', 'of']);
  });

  it('needs every word somewhere in the article', () => {
    expect(searchScore(['dti', 'zebra'], { title: 'What is DTI', description: '', text: 'debt to income' })).toBe(0);
  });

  it('ranks a title match above a body match', () => {
    const inTitle = searchScore(['utilization'], { title: 'Credit utilization', description: '', text: 'balances' });
    const inBody = searchScore(['utilization'], { title: 'Credit cards', description: '', text: 'utilization utilization' });
    expect(inTitle).toBeGreaterThan(inBody);
  });

  it('finds the DTI article first for "DTI" in English and for "deuda ingresos" in Spanish', () => {
    expect(search('learning', 'en', 'DTI')[0]).toBe('what-is-dti-and-how-can-i-improve-it');
    expect(search('learning', 'es', 'relación deuda ingresos')).toContain('what-is-dti-and-how-can-i-improve-it');
  });

  it('finds the password article in the support center in both languages, accents or not', () => {
    expect(search('support', 'en', 'reset password')[0]).toBe('resetting-your-password');
    expect(search('support', 'es', 'restablecer contraseña')[0]).toBe('resetting-your-password');
    expect(search('support', 'es', 'restablecer contrasena')[0]).toBe('resetting-your-password');
  });

  it('finds nothing for words no article has', () => {
    expect(search('learning', 'en', 'xylophone quartz')).toEqual([]);
  });

  it('cuts a snippet around the first hit with ellipses', () => {
    const text = `${'intro words here '.repeat(20)}the bureaus have 30 days to answer ${'closing words '.repeat(20)}`;
    const snippet = searchSnippet(text, ['bureaus'], 80);
    expect(snippet).toContain('bureaus have 30 days');
    expect(snippet.startsWith('… ')).toBe(true);
    expect(snippet.endsWith(' …')).toBe(true);
    expect(searchSnippet('short text', ['x'])).toBe('short text');
  });
});
