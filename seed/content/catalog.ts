// The articles of the learning center and the support center: what is the same in both
// languages. The words are in seed/content/{area}/{slug}.{en,es}.md (seed/contentLoad.ts reads them).
//   heroPriority:     on the area's home, 1 is the hero and 2-4 the featured slice (spec 002 §9); none: not there.
//   categoryPriority: pinned to the top of a category's list, 1 first; then `order`.
//   premium:          shown only to customers who see premium articles (src/domain/content.ts); support is free.
import type { ContentArea } from '../../src/domain/content';

export interface CatalogEntry {
  area: ContentArea;
  slug: string;
  /** The first is the category its address uses. */
  categories: readonly [string, ...string[]];
  author: string;
  heroPriority?: number;
  categoryPriority?: number;
  order: number;
  premium?: boolean;
  /** When the words were last reviewed (YYYY-MM-DD). */
  updatedAt: string;
  /** Defaults to the first category's thumbnail. */
  thumbnail?: string;
}

const COACH = 'Marisol Vega';
const HOUSING = 'Daniel Brooks';
const CREDIT = 'Priya Natarajan';
const SUPPORT = 'Jordan Ellis';

export const CONTENT_CATALOG: readonly CatalogEntry[] = [
  // ----------------------------------------------------------------------------------------- learning: home buying
  { area: 'learning', slug: 'what-is-dti-and-how-can-i-improve-it', categories: ['home-buying', 'budgeting-and-saving'], author: HOUSING, heroPriority: 1, categoryPriority: 1, order: 1, updatedAt: '2026-10-20' },
  { area: 'learning', slug: 'how-much-house-can-i-afford', categories: ['home-buying'], author: HOUSING, heroPriority: 2, order: 2, updatedAt: '2026-10-20' },
  { area: 'learning', slug: 'down-payments-and-pmi-explained', categories: ['home-buying'], author: HOUSING, heroPriority: 3, order: 3, updatedAt: '2026-10-14' },
  { area: 'learning', slug: 'conventional-fha-va-and-usda-loans', categories: ['home-buying'], author: HOUSING, order: 4, updatedAt: '2026-10-14' },
  { area: 'learning', slug: 'the-mortgage-process-step-by-step', categories: ['home-buying'], author: COACH, order: 5, premium: true, updatedAt: '2026-10-08' },
  { area: 'learning', slug: 'closing-costs-what-to-expect', categories: ['home-buying'], author: HOUSING, order: 6, premium: true, updatedAt: '2026-10-08' },
  // ----------------------------------------------------------------------------------------- learning: credit
  { area: 'learning', slug: 'how-credit-scores-work', categories: ['credit'], author: CREDIT, heroPriority: 4, categoryPriority: 1, order: 1, updatedAt: '2026-10-18' },
  { area: 'learning', slug: 'credit-utilization-and-the-30-percent-guideline', categories: ['credit', 'budgeting-and-saving'], author: CREDIT, order: 2, updatedAt: '2026-10-18' },
  { area: 'learning', slug: 'how-long-negative-items-stay-on-your-report', categories: ['credit'], author: CREDIT, order: 3, updatedAt: '2026-10-12' },
  { area: 'learning', slug: 'your-right-to-dispute-credit-report-errors', categories: ['credit'], author: CREDIT, heroPriority: 5, order: 4, updatedAt: '2026-10-12' },
  { area: 'learning', slug: 'hard-and-soft-inquiries', categories: ['credit'], author: CREDIT, order: 5, updatedAt: '2026-10-06' },
  { area: 'learning', slug: 'building-credit-from-scratch', categories: ['credit'], author: COACH, order: 6, premium: true, updatedAt: '2026-10-06' },
  // ----------------------------------------------------------------------------------------- learning: refinancing
  { area: 'learning', slug: 'when-does-refinancing-make-sense', categories: ['refinancing'], author: HOUSING, categoryPriority: 1, order: 1, updatedAt: '2026-10-16' },
  { area: 'learning', slug: 'loan-to-value-and-your-refinance', categories: ['refinancing', 'home-buying'], author: HOUSING, order: 2, updatedAt: '2026-10-16' },
  { area: 'learning', slug: 'cash-out-refinancing-explained', categories: ['refinancing'], author: HOUSING, order: 3, premium: true, updatedAt: '2026-10-10' },
  // ----------------------------------------------------------------------------------------- learning: budgeting
  { area: 'learning', slug: 'building-a-budget-that-works', categories: ['budgeting-and-saving'], author: COACH, categoryPriority: 1, order: 2, updatedAt: '2026-10-15' },
  { area: 'learning', slug: 'paying-down-debt-snowball-and-avalanche', categories: ['budgeting-and-saving', 'credit'], author: COACH, order: 3, updatedAt: '2026-10-15' },
  { area: 'learning', slug: 'emergency-fund-basics', categories: ['budgeting-and-saving'], author: COACH, order: 4, updatedAt: '2026-10-09' },
  // ----------------------------------------------------------------------------------------- learning: RVs
  { area: 'learning', slug: 'financing-an-rv-boat-or-motorcycle', categories: ['recreational-vehicles'], author: COACH, categoryPriority: 1, order: 1, updatedAt: '2026-10-11' },
  { area: 'learning', slug: 'new-or-used-rv-what-lenders-look-at', categories: ['recreational-vehicles'], author: COACH, order: 2, premium: true, updatedAt: '2026-10-11' },

  // ----------------------------------------------------------------------------------------- support: account
  { area: 'support', slug: 'resetting-your-password', categories: ['my-account-and-login'], author: SUPPORT, heroPriority: 1, categoryPriority: 1, order: 1, updatedAt: '2026-10-21' },
  { area: 'support', slug: 'signing-in-with-google-or-apple', categories: ['my-account-and-login'], author: SUPPORT, order: 2, updatedAt: '2026-10-21' },
  { area: 'support', slug: 'changing-your-email-address', categories: ['my-account-and-login'], author: SUPPORT, order: 3, updatedAt: '2026-10-21' },
  { area: 'support', slug: 'updating-your-payment-method', categories: ['my-account-and-login'], author: SUPPORT, order: 4, updatedAt: '2026-10-21' },
  // ----------------------------------------------------------------------------------------- support: readiness score
  { area: 'support', slug: 'what-is-the-loan-readiness-score', categories: ['loan-readiness-score'], author: COACH, heroPriority: 2, categoryPriority: 1, order: 1, updatedAt: '2026-10-19' },
  { area: 'support', slug: 'why-did-my-readiness-score-change', categories: ['loan-readiness-score'], author: COACH, order: 2, updatedAt: '2026-10-19' },
  // ----------------------------------------------------------------------------------------- support: action plan
  { area: 'support', slug: 'how-your-action-plan-works', categories: ['action-plan'], author: COACH, heroPriority: 3, categoryPriority: 1, order: 1, updatedAt: '2026-10-19' },
  { area: 'support', slug: 'completing-an-action', categories: ['action-plan'], author: COACH, order: 2, updatedAt: '2026-10-19' },
  // ----------------------------------------------------------------------------------------- support: money
  { area: 'support', slug: 'linking-your-bank-accounts', categories: ['money'], author: SUPPORT, heroPriority: 4, categoryPriority: 1, order: 1, updatedAt: '2026-10-17' },
  { area: 'support', slug: 'understanding-the-money-overview', categories: ['money'], author: SUPPORT, order: 2, updatedAt: '2026-10-17' },
  { area: 'support', slug: 'using-the-mortgage-payment-simulator', categories: ['money'], author: SUPPORT, order: 3, updatedAt: '2026-10-17' },
  { area: 'support', slug: 'showing-and-hiding-debts', categories: ['money'], author: SUPPORT, order: 4, updatedAt: '2026-10-17' },
  // ----------------------------------------------------------------------------------------- support: credit
  { area: 'support', slug: 'how-disputes-work-in-the-app', categories: ['credit'], author: CREDIT, categoryPriority: 1, order: 1, updatedAt: '2026-10-13' },
  { area: 'support', slug: 'why-cant-i-see-my-credit-report', categories: ['credit'], author: SUPPORT, order: 2, updatedAt: '2026-10-13' },
  // ----------------------------------------------------------------------------------------- support: documents
  { area: 'support', slug: 'uploading-documents-to-your-locker', categories: ['documents'], author: SUPPORT, categoryPriority: 1, order: 1, updatedAt: '2026-10-13' },
  { area: 'support', slug: 'which-documents-your-loan-team-needs', categories: ['documents'], author: COACH, order: 2, updatedAt: '2026-10-13' },
];
