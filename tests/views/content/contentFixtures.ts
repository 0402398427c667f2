import type { ContentArticleSummary, ContentCategory, GetContentArticleResponse, GetContentCategoryResponse, GetContentHomeResponse } from '../../../src/contract/content';
import type { ContentArea } from '../../../src/domain/content';

// Content answers as the content callables give them (src/contract/content.ts), for the content pages' view tests.

export function category(slug: string, label: string): ContentCategory {
  return { slug, label, description: `All about ${label.toLowerCase()}.`, thumbnail: `/content/thumbnails/${slug}.svg` };
}

export function summary(area: ContentArea, categorySlug: string, slug: string, title: string, extra: Partial<ContentArticleSummary> = {}): ContentArticleSummary {
  return {
    area,
    slug,
    category: categorySlug,
    categories: [{ slug: categorySlug, label: categorySlug }],
    title,
    description: `${title}: a short description.`,
    thumbnail: `/content/thumbnails/${categorySlug}.svg`,
    author: 'Coaching team',
    heroPriority: null,
    categoryPriority: null,
    order: 1,
    premium: false,
    readingMinutes: 4,
    updatedAt: '2026-10-01',
    ...extra,
  };
}

export const HOME_BUYING = category('home-buying', 'Home buying');
export const CREDIT = category('credit', 'Credit');
export const DTI = summary('learning', 'home-buying', 'what-is-dti-and-how-can-i-improve-it', 'What is DTI and how can I improve it?', { heroPriority: 1 });

export function learningHome(premiumArticles = true): GetContentHomeResponse {
  return {
    area: 'learning',
    hero: DTI,
    featured: [
      summary('learning', 'credit', 'credit-score-basics', 'Credit score basics', { heroPriority: 2 }),
      summary('learning', 'home-buying', 'down-payment-options', 'Down payment options', { heroPriority: 3, premium: premiumArticles }),
    ],
    categories: [
      { category: HOME_BUYING, articles: [DTI, summary('learning', 'home-buying', 'closing-costs', 'Closing costs explained')], total: 9 },
      { category: CREDIT, articles: [summary('learning', 'credit', 'credit-score-basics', 'Credit score basics')], total: 5 },
    ],
    premiumArticles,
  };
}

export function learningCategory(page: number, pageCount: number, premiumArticles = true): GetContentCategoryResponse {
  return {
    area: 'learning',
    category: HOME_BUYING,
    categories: [HOME_BUYING, CREDIT],
    articles: [summary('learning', 'home-buying', `article-of-page-${page}`, `Article of page ${page}`)],
    page,
    pageCount,
    total: 17,
    premiumArticles,
  };
}

export function dtiArticle(): GetContentArticleResponse {
  return {
    article: {
      ...DTI,
      body: [
        '## What DTI means',
        '',
        'Your debt-to-income ratio compares your monthly debt payments to your income. See [your money](/money) for yours.',
        '',
        '<script>window.hacked = true</script>',
        '',
        '| DTI | What lenders think |',
        '| --- | --- |',
        '| 36% | Comfortable |',
      ].join('\n'),
    },
    category: HOME_BUYING,
    related: [summary('learning', 'home-buying', 'closing-costs', 'Closing costs explained')],
  };
}

export const ACCOUNT = category('my-account-and-login', 'My account and login');

export function supportHome(): GetContentHomeResponse {
  return {
    area: 'support',
    hero: null,
    featured: [],
    categories: [{ category: ACCOUNT, articles: [summary('support', 'my-account-and-login', 'reset-your-password', 'Reset your password')], total: 1 }],
    premiumArticles: true,
  };
}
