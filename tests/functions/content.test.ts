// The learning center's and the support center's calls (spec 002 §2, §7, §9) against the
// content sandbox the seed loaded: the home's hero, featured slice and four per category, 16 per category page, one
// article by category and slug (not-found otherwise), search in both languages, and the premium-articles rule
// (free line or flag off: free articles only, a premium article's body never sent), enforced by the functions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_CATALOG } from '../../seed/content/catalog';
import { CONTENT_CATEGORY_CATALOG } from '../../seed/content/categories';
import type { ContentArticleSummary } from '../../src/contract/content';
import { LEARNING_CATEGORIES, SUPPORT_CATEGORIES } from '../../src/domain/content';
import { adminDb, backendFingerprint, call, clientApp, closeClientApps, createCustomer, delegateSession, failureOf, signIn, withSeededBackend } from '../support/emulator';

afterAll(closeClientApps);

// A call's first use starts its function's worker, slow on a busy machine.
const CONTENT_TIMEOUT_MS = 90_000;
const DTI = 'what-is-dti-and-how-can-i-improve-it';

const catalogIn = (area: 'learning' | 'support', category: string, premium?: boolean) =>
  CONTENT_CATALOG.filter(
    (entry) => entry.area === area && entry.categories.includes(category) && (premium === undefined || (entry.premium ?? false) === premium),
  );
const slugs = (articles: readonly ContentArticleSummary[]) => articles.map((article) => article.slug);

async function setFlags(flags: Record<string, unknown>) {
  await adminDb().doc('config/featureFlags').set(flags);
}

describe('content', { timeout: CONTENT_TIMEOUT_MS }, () => {
  withSeededBackend();

  let premium: Awaited<ReturnType<typeof signIn>>;
  let free: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    await setFlags({});
    const premiumCustomer = await createCustomer();
    const freeCustomer = await createCustomer();
    await adminDb().doc(`users/${freeCustomer.uid}`).set({ customer: { productLine: 'Freemium' } }, { merge: true });
    [premium, free] = await Promise.all([signIn(premiumCustomer), signIn(freeCustomer)]);
    // The first call starts the functions' worker, which on a busy machine can outlast the client's deadline once;
    // the tests below then run against a warm worker.
    await call(premium, 'getContentHome', { area: 'support', lang: 'en' }).catch(() => undefined);
  }, CONTENT_TIMEOUT_MS * 2);
  afterAll(() => setFlags({}));

  describe('the home', () => {
    it('shows the hero, the featured slice 1 to 4 and the first four of every learning category in order', async () => {
      const home = await call(premium, 'getContentHome', { area: 'learning', lang: 'en' });
      expect(home.hero?.slug).toBe(DTI);
      expect(home.hero?.title).toBe('What is DTI and how can I improve it?');
      expect(home.featured.map((article) => article.heroPriority)).toEqual([2, 3, 4]);
      expect(home.categories.map((entry) => entry.category.slug)).toEqual([...LEARNING_CATEGORIES]);
      for (const entry of home.categories) {
        expect(entry.total).toBe(catalogIn('learning', entry.category.slug).length);
        expect(entry.articles.length).toBe(Math.min(4, entry.total));
      }
      expect(home.premiumArticles).toBe(true);
      // The home lists cards, never bodies.
      expect(JSON.stringify(home)).not.toContain('"body"');
    });

    it('speaks Spanish when asked, labels included', async () => {
      const home = await call(premium, 'getContentHome', { area: 'support', lang: 'es' });
      expect(home.categories.map((entry) => entry.category.slug)).toEqual([...SUPPORT_CATEGORIES]);
      expect(home.categories[0]?.category.label).toBe('Mi cuenta e inicio de sesión');
      expect(home.hero?.title).toBe('Cómo restablecer su contraseña');
    });

    it('refuses signed-out visitors', async () => {
      const failure = await failureOf(call(clientApp(), 'getContentHome', { area: 'learning', lang: 'en' }));
      expect(failure.code).toBe('functions/unauthenticated');
    });
  });

  describe('a category page', () => {
    it('lists the category pinned first, then by order, with its page count', async () => {
      const page = await call(premium, 'getContentCategory', { area: 'learning', category: 'home-buying', lang: 'en' });
      const expected = catalogIn('learning', 'home-buying');
      expect(page.total).toBe(expected.length);
      expect(page.page).toBe(1);
      expect(page.pageCount).toBe(1);
      expect(page.articles[0]?.slug).toBe(DTI);
      expect(new Set(slugs(page.articles))).toEqual(new Set(expected.map((entry) => entry.slug)));
      expect(page.category.label).toBe('Home buying');
      expect(page.categories.length).toBe(LEARNING_CATEGORIES.length);
    });

    it('lists an article under each of its categories', async () => {
      const page = await call(premium, 'getContentCategory', { area: 'learning', category: 'budgeting-and-saving', lang: 'en' });
      expect(slugs(page.articles)).toContain(DTI);
    });

    it('answers not-found for an unknown category and for a page past the end', async () => {
      expect((await failureOf(call(premium, 'getContentCategory', { area: 'support', category: 'billing-faq', lang: 'en' }))).code).toBe('functions/not-found');
      // A learning category is not a support category.
      expect((await failureOf(call(premium, 'getContentCategory', { area: 'support', category: 'home-buying', lang: 'en' }))).code).toBe('functions/not-found');
      expect((await failureOf(call(premium, 'getContentCategory', { area: 'learning', category: 'credit', lang: 'en', page: 2 }))).code).toBe('functions/not-found');
    });
  });

  describe('an article', () => {
    it('comes with its Markdown body, its category and up to four others of that category', async () => {
      const { article, category, related } = await call(premium, 'getContentArticle', { area: 'learning', category: 'home-buying', slug: DTI, lang: 'en' });
      expect(article.title).toBe('What is DTI and how can I improve it?');
      expect(article.body).toContain('## How DTI is calculated');
      expect(article.categories.map((entry) => entry.slug)).toEqual(['home-buying', 'budgeting-and-saving']);
      expect(article.thumbnail).toBe('/content/thumbnails/home-buying.svg');
      expect(category.slug).toBe('home-buying');
      expect(related.length).toBe(4);
      expect(slugs(related)).not.toContain(DTI);
    });

    it('is the same article in Spanish, under the same address', async () => {
      const { article } = await call(premium, 'getContentArticle', { area: 'learning', category: 'home-buying', slug: DTI, lang: 'es' });
      expect(article.title).toBe('¿Qué es el DTI y cómo puedo mejorarlo?');
      expect(article.body).toContain('## Cómo se calcula');
    });

    it('answers not-found for an unknown slug and for a category the article is not in, and writes nothing', async () => {
      const before = await backendFingerprint();
      const unknown = await failureOf(call(premium, 'getContentArticle', { area: 'learning', category: 'home-buying', slug: 'no-such-article', lang: 'en' }));
      const elsewhere = await failureOf(call(premium, 'getContentArticle', { area: 'learning', category: 'credit', slug: DTI, lang: 'en' }));
      const otherArea = await failureOf(call(premium, 'getContentArticle', { area: 'support', category: 'money', slug: DTI, lang: 'en' }));
      expect([unknown.code, elsewhere.code, otherArea.code]).toEqual(['functions/not-found', 'functions/not-found', 'functions/not-found']);
      expect(await backendFingerprint()).toBe(before);
    });
  });

  describe('search', () => {
    it('ranks the support articles by title and body in English', async () => {
      const found = await call(premium, 'searchContent', { area: 'support', query: 'dispute bureaus', lang: 'en' });
      expect(found.results[0]?.article.slug).toBe('how-disputes-work-in-the-app');
      expect(found.total).toBe(found.results.length);
      expect(found.results[0]?.snippet).not.toMatch(/[#*[\]|]/);
    });

    it('finds Spanish words with or without accents', async () => {
      const accented = await call(premium, 'searchContent', { area: 'support', query: 'contraseña', lang: 'es' });
      const plain = await call(premium, 'searchContent', { area: 'support', query: 'contrasena', lang: 'es' });
      expect(accented.results[0]?.article.slug).toBe('resetting-your-password');
      expect(slugs(plain.results.map((result) => result.article))).toEqual(slugs(accented.results.map((result) => result.article)));
    });

    it('searches one category when asked, and answers not-found for an unknown one', async () => {
      const found = await call(premium, 'searchContent', { area: 'learning', query: 'credit', lang: 'en', category: 'refinancing' });
      expect(found.results.length).toBeGreaterThan(0);
      for (const result of found.results) expect(result.article.categories.map((entry) => entry.slug)).toContain('refinancing');
      const failure = await failureOf(call(premium, 'searchContent', { area: 'learning', query: 'credit', lang: 'en', category: 'nope' }));
      expect(failure.code).toBe('functions/not-found');
    });

    it('answers an empty list when nothing matches', async () => {
      expect(await call(premium, 'searchContent', { area: 'learning', query: 'xylophone quartz', lang: 'en' })).toEqual({
        query: 'xylophone quartz',
        results: [],
        total: 0,
      });
    });
  });

  describe('the premium-articles rule', () => {
    const premiumEntry = CONTENT_CATALOG.find((entry) => entry.premium === true && entry.area === 'learning')!;

    it('gives the free line free articles only, in lists, pages and search', async () => {
      const home = await call(free, 'getContentHome', { area: 'learning', lang: 'en' });
      expect(home.premiumArticles).toBe(false);
      const listed = [home.hero, ...home.featured, ...home.categories.flatMap((entry) => entry.articles)];
      expect(listed.filter((article) => article?.premium)).toEqual([]);
      for (const entry of home.categories) expect(entry.total).toBe(catalogIn('learning', entry.category.slug, false).length);

      const page = await call(free, 'getContentCategory', { area: 'learning', category: premiumEntry.categories[0], lang: 'en' });
      expect(slugs(page.articles)).not.toContain(premiumEntry.slug);

      const found = await call(free, 'searchContent', { area: 'learning', query: 'closing costs', lang: 'en' });
      expect(found.results.filter((result) => result.article.premium)).toEqual([]);
      const foundByPremium = await call(premium, 'searchContent', { area: 'learning', query: 'closing costs', lang: 'en' });
      expect(foundByPremium.results.some((result) => result.article.premium)).toBe(true);
    });

    it("refuses a premium article's body to the free line with the upgrade key, and serves it to premium", async () => {
      const request = { area: 'learning', category: premiumEntry.categories[0], slug: premiumEntry.slug, lang: 'en' } as const;
      const failure = await failureOf(call(free, 'getContentArticle', request));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(failure.details?.key).toBe('upgrade-required');
      expect((await call(premium, 'getContentArticle', request)).article.premium).toBe(true);
      // A free article stays open to the free line.
      expect((await call(free, 'getContentArticle', { area: 'learning', category: 'home-buying', slug: DTI, lang: 'en' })).article.slug).toBe(DTI);
    });

    it('follows the product line of the customer a coach works for, not the coach', async () => {
      const freeClient = await createCustomer();
      await adminDb().doc(`users/${freeClient.uid}`).set({ customer: { productLine: 'Freemium' } }, { merge: true });
      await delegateSession(freeClient, { isAgent: true, agentUid: 'coach-on-duty', allowClientActions: false });
      const coach = await signIn(freeClient);
      const home = await call(coach, 'getContentHome', { area: 'learning', lang: 'en' });
      expect(home.premiumArticles).toBe(false);
      const failure = await failureOf(
        call(coach, 'getContentArticle', { area: 'learning', category: premiumEntry.categories[0], slug: premiumEntry.slug, lang: 'en' }),
      );
      expect(failure.details?.key).toBe('upgrade-required');
    });

    it('hides premium articles from a premium customer too while the flag is off', async () => {
      await setFlags({ premiumArticles: false });
      try {
        const page = await call(premium, 'getContentCategory', { area: 'learning', category: premiumEntry.categories[0], lang: 'en' });
        expect(page.premiumArticles).toBe(false);
        expect(page.articles.filter((article) => article.premium)).toEqual([]);
        const failure = await failureOf(
          call(premium, 'getContentArticle', { area: 'learning', category: premiumEntry.categories[0], slug: premiumEntry.slug, lang: 'en' }),
        );
        expect(failure.details?.key).toBe('upgrade-required');
      } finally {
        await setFlags({});
      }
    });
  });

  it('serves every seeded category of both areas', async () => {
    for (const category of CONTENT_CATEGORY_CATALOG) {
      const page = await call(premium, 'getContentCategory', { area: category.area, category: category.slug, lang: 'en' });
      expect(page.category.label).toBe(category.locales.en.label);
      expect(page.total).toBe(catalogIn(category.area, category.slug).length);
    }
  });
});
