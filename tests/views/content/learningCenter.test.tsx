import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../machines/ports';
import type { ContentPort } from '../../../src/app/content/port';
import { LearningCenterRoute } from '../../../src/app/content/ContentRoutes';
import { fakeAppPorts } from '../../support/appHarness';
import { callableRefusal } from '../../support/callableFailures';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';
import { dtiArticle, learningCategory, learningHome } from './contentFixtures';

// /learning-center/* (spec 002 §2, §9): the home with the hero, the featured articles and 4 a
// category with 'see all'; category pages of 16 with paging; articles with the sanitised body whose in-app links go
// through the router; the premium-articles flag's upgrade offer and the upgrade banner for a premium article.

const pat: AuthUser = { uid: 'u1', email: 'pat@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

async function open(path: string, content: Partial<ContentPort>) {
  const fakes = fakeAppPorts({ user: pat, content });
  await renderCreditPage(<LearningCenterRoute />, fakes, { path, pattern: '/learning-center/*' });
  fakes.setMaintenance(false);
  fakes.setUser(pat);
}

const shownAddress = () => screen.getByTestId('location').textContent;

afterEach(() => stopCreditApp());

describe('the learning center', { timeout: 20_000 }, () => {
  it('shows the hero, the featured articles and each category with a see-all link, asked in English', async () => {
    const getHome = vi.fn(async () => learningHome());
    await open('/learning-center', { getHome });
    expect(await screen.findByRole('heading', { name: 'Learning Center', level: 1 })).toBeTruthy();
    const hero = screen.getByRole('region', { name: 'What is DTI and how can I improve it?' });
    expect(within(hero).getByText('Start here')).toBeTruthy();
    expect(within(hero).getByRole('link', { name: 'What is DTI and how can I improve it?' }).getAttribute('href')).toBe(
      '/learning-center/home-buying/what-is-dti-and-how-can-i-improve-it',
    );
    const featured = screen.getByRole('region', { name: 'Featured' });
    expect(within(featured).getAllByRole('article')).toHaveLength(2);
    expect(within(featured).getByText('Premium')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all 9 in Home buying' }).getAttribute('href')).toBe('/learning-center/home-buying');
    expect(getHome).toHaveBeenCalledWith({ area: 'learning', lang: 'en' });
    expect(screen.queryByText('More articles with premium')).toBeNull();
  });

  it('offers the upgrade when the customer sees free articles only', async () => {
    await open('/learning-center', { getHome: async () => learningHome(false) });
    const offer = await screen.findByRole('complementary', { name: 'More articles with premium' });
    expect(within(offer).getByRole('link', { name: 'See upgrade options' }).getAttribute('href')).toBe('/settings/billing/upgrade');
  });

  it('asks for the page of the address and links the previous and next pages', async () => {
    const getCategory = vi.fn(async ({ page = 1 }: { page?: number }) => learningCategory(page, 2));
    await open('/learning-center/home-buying?page=2', { getCategory });
    expect(await screen.findByRole('heading', { name: 'Article of page 2' })).toBeTruthy();
    expect(getCategory).toHaveBeenCalledWith({ area: 'learning', category: 'home-buying', lang: 'en', page: 2 });
    const paging = screen.getByRole('navigation', { name: 'Pages of Home buying' });
    expect(within(paging).getByText('Page 2 of 2')).toBeTruthy();
    expect(within(paging).queryByRole('link', { name: 'Next page' })).toBeNull();
    await userEvent.click(within(paging).getByRole('link', { name: 'Previous page' }));
    await waitFor(() => expect(shownAddress()).toBe('/learning-center/home-buying'));
    expect(await screen.findByRole('heading', { name: 'Article of page 1' })).toBeTruthy();
    expect(getCategory).toHaveBeenLastCalledWith({ area: 'learning', category: 'home-buying', lang: 'en' });
  });

  it('shows an article with its author, date, reading time, the sanitised body and related articles', async () => {
    await open('/learning-center/home-buying/what-is-dti-and-how-can-i-improve-it', { getArticle: async () => dtiArticle() });
    expect(await screen.findByRole('heading', { name: 'What is DTI and how can I improve it?', level: 1 })).toBeTruthy();
    expect(screen.getByText('By Coaching team')).toBeTruthy();
    expect(screen.getByText('Updated October 1, 2026')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByText('4 min read')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'What DTI means', level: 2 })).toBeTruthy();
    expect(screen.getByRole('table')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(within(screen.getByRole('region', { name: 'Related articles' })).getByRole('link', { name: 'Closing costs explained' })).toBeTruthy();
  });

  it('follows an in-app link inside the body with the router', async () => {
    await open('/learning-center/home-buying/what-is-dti-and-how-can-i-improve-it', { getArticle: async () => dtiArticle() });
    await userEvent.click(await screen.findByRole('link', { name: 'your money' }));
    await waitFor(() => expect(shownAddress()).toBe('/money'));
  });

  it('shows the upgrade banner for a premium article the plan does not include', async () => {
    await open('/learning-center/home-buying/down-payment-options', {
      // The server's refusal of a premium article to a free customer, as `call` hands it on.
      getArticle: async () => Promise.reject(callableRefusal('failed-precondition', 'upgrade-required', { key: 'upgrade-required' })),
      getCategory: async () => learningCategory(1, 1, false),
    });
    expect(await screen.findByRole('heading', { name: 'This is a premium article', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See upgrade options' }).getAttribute('href')).toBe('/settings/billing/upgrade');
    expect(await screen.findByRole('link', { name: 'Back to Home buying' })).toBeTruthy();
  });

  it('says an unknown article is not found', async () => {
    await open('/learning-center/home-buying/no-such-article', { getArticle: async () => Promise.reject({ code: 'not-found' }) });
    expect(await screen.findByRole('heading', { name: 'Article not found', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the Learning Center' }).getAttribute('href')).toBe('/learning-center');
  });

  it('offers Try again when the page fails to load, and shows it once it loads', async () => {
    let fail = true;
    await open('/learning-center', { getHome: async () => (fail ? Promise.reject({ code: 'unavailable' }) : learningHome()) });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Featured' })).toBeTruthy();
  });

  it('asks in Spanish and shows the Spanish chrome', async () => {
    const getHome = vi.fn(async () => learningHome());
    const fakes = fakeAppPorts({ user: pat, content: { getHome } });
    await renderCreditPage(<LearningCenterRoute />, fakes, { path: '/learning-center', pattern: '/learning-center/*', language: 'es' });
    fakes.setMaintenance(false);
    fakes.setUser(pat);
    expect(await screen.findByRole('heading', { name: 'Centro de aprendizaje', level: 1 })).toBeTruthy();
    expect(getHome).toHaveBeenCalledWith({ area: 'learning', lang: 'es' });
  });
});
