import { Anchor, Breadcrumbs, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GetContentCategoryResponse, GetContentHomeResponse } from '../../contract/content';
import { CONTENT_AREA_PATHS, contentArticlePath, contentCategoryPath, type ContentArea } from '../../domain/content';
import { ArticleGrid, ArticleSection } from './ArticleCard';
import { FreeOnlyBanner } from './ContentStates';
import classes from './content.module.css';

// The learning center's and the support center's home and category pages (spec 002 §2, §9):
// the home has the hero, the featured articles (slice 1 to 4) and each category with 4 articles and a 'see all' link;
// a category page lists 16 articles a page with paging. The search box and, in support, the 'still need assistance'
// section are slots the app fills.

export interface ContentPageSlots {
  /** The search box (src/views/content/ContentSearch.tsx). */
  search: ReactNode;
  /** Below the lists: the support center's 'still need assistance' section. */
  footer?: ReactNode;
  /** Where the free-only customer's upgrade offer leads; null: no offer (premium reader, or support). */
  upgradePath: string | null;
}

function areaTitleKey(area: ContentArea) {
  return area === 'learning' ? 'learning.title' : 'support.title';
}

export function ContentHomePage({ data, search, footer, upgradePath }: { data: GetContentHomeResponse } & ContentPageSlots) {
  const { t } = useTranslation('content');
  const { area, hero, featured, categories } = data;
  return (
    <Stack gap="xl" py="md">
      <Stack gap="xs">
        <Title order={1}>{t(areaTitleKey(area))}</Title>
        <Text c="gray.7">{t(area === 'learning' ? 'learning.intro' : 'support.intro')}</Text>
      </Stack>
      {search}
      {hero ? (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="content-hero-title">
          <Group align="flex-start" wrap="wrap" gap="lg">
            <Image src={hero.thumbnail} alt="" w={{ base: '100%', sm: 280 }} h={180} fit="cover" radius="sm" />
            <Stack gap="xs" style={{ flex: '1 1 280px' }}>
              <Text size="sm" fw={600} c="purple.8">
                {t('hero')}
              </Text>
              <Title order={2} size="h3" id="content-hero-title">
                <Anchor component={Link} to={contentArticlePath(hero.area, hero.category, hero.slug)} c="purple.8" inherit>
                  {hero.title}
                </Anchor>
              </Title>
              <Text>{hero.description}</Text>
              <Text size="sm" c="gray.7">
                {t('readingTime', { count: hero.readingMinutes })}
              </Text>
            </Stack>
          </Group>
        </Card>
      ) : null}
      <ArticleSection id="content-featured-title" title={t('featured')} articles={featured} />
      {upgradePath && !data.premiumArticles ? <FreeOnlyBanner upgradePath={upgradePath} /> : null}
      {categories.map(({ category, articles, total }) => (
        <Stack gap="sm" key={category.slug} component="section" aria-labelledby={`content-category-${category.slug}`}>
          <Group justify="space-between" align="baseline" wrap="wrap">
            <Title order={2} size="h3" id={`content-category-${category.slug}`}>
              {category.label}
            </Title>
            <Anchor component={Link} to={contentCategoryPath(area, category.slug)} fw={600} c="purple.8">
              {t('seeAll', { count: total, category: category.label })}
            </Anchor>
          </Group>
          {category.description ? <Text c="gray.7">{category.description}</Text> : null}
          {articles.length > 0 ? <ArticleGrid articles={articles} /> : <Text>{t('noArticles')}</Text>}
        </Stack>
      ))}
      {footer}
    </Stack>
  );
}

export interface ContentCategoryPageProps extends ContentPageSlots {
  data: GetContentCategoryResponse;
  /** The address of page `page` of this category. */
  pagePath: (page: number) => string;
}

export function ContentCategoryPage({ data, search, footer, upgradePath, pagePath }: ContentCategoryPageProps) {
  const { t } = useTranslation('content');
  const { area, category, categories, articles, page, pageCount, total } = data;
  return (
    <Stack gap="lg" py="md">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to={CONTENT_AREA_PATHS[area]} c="purple.8">
          {t(area === 'learning' ? 'learning.breadcrumb' : 'support.breadcrumb')}
        </Anchor>
        <Text span aria-current="page">
          {category.label}
        </Text>
      </Breadcrumbs>
      <Stack gap="xs">
        <Title order={1}>{category.label}</Title>
        {category.description ? <Text c="gray.7">{category.description}</Text> : null}
        <Text size="sm" c="gray.7">
          {t('articleCount', { count: total })}
        </Text>
      </Stack>
      {search}
      {upgradePath && !data.premiumArticles ? <FreeOnlyBanner upgradePath={upgradePath} /> : null}
      {articles.length > 0 ? <ArticleGrid articles={articles} headingLevel={2} /> : <Text>{t('noArticles')}</Text>}
      {pageCount > 1 ? (
        <Group component="nav" aria-label={t('paging.label', { category: category.label })} justify="center" gap="md">
          {page > 1 ? (
            <Button component={Link} to={pagePath(page - 1)} variant="default">
              {t('paging.previous')}
            </Button>
          ) : null}
          <Text aria-current="page">{t('paging.page', { page, count: pageCount })}</Text>
          {page < pageCount ? (
            <Button component={Link} to={pagePath(page + 1)} variant="default">
              {t('paging.next')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      <Stack gap="xs" component="nav" aria-labelledby="content-categories-title">
        <Title order={2} size="h4" id="content-categories-title">
          {t('categoryNav')}
        </Title>
        <Group gap="sm" component="ul" className={classes.list} wrap="wrap">
          {categories.map((other) => (
            <li key={other.slug}>
              <Anchor
                component={Link}
                to={contentCategoryPath(area, other.slug)}
                c="purple.8"
                aria-current={other.slug === category.slug ? 'page' : undefined}
                fw={other.slug === category.slug ? 700 : 400}
              >
                {other.label}
              </Anchor>
            </li>
          ))}
        </Group>
      </Stack>
      {footer}
    </Stack>
  );
}
