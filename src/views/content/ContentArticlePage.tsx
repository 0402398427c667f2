import { Anchor, Badge, Breadcrumbs, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GetContentArticleResponse } from '../../contract/content';
import { CONTENT_AREA_PATHS, contentCategoryPath, type ContentArea } from '../../domain/content';
import { ArticleSection } from './ArticleCard';
import { ContentLoading } from './ContentStates';
import { formatArticleDate } from './format';

// An article (spec 002 §2, §3 Content entry, §9): title, author, date, reading time, the
// sanitised body (its renderer loads with it) and up to 4 related articles of its category.

const ArticleBody = lazy(() => import('./ArticleBody'));

export interface ContentArticlePageProps {
  data: GetContentArticleResponse;
  /** In-app links inside the body go through the router. */
  onNavigate: (path: string) => void;
  /** Below the article: the support center's 'still need assistance' section. */
  footer?: ReactNode;
}

function Crumbs({ area, category }: { area: ContentArea; category: { slug: string; label: string } }) {
  const { t } = useTranslation('content');
  return (
    <Breadcrumbs separator="›">
      <Anchor component={Link} to={CONTENT_AREA_PATHS[area]} c="purple.8">
        {t(area === 'learning' ? 'learning.breadcrumb' : 'support.breadcrumb')}
      </Anchor>
      <Anchor component={Link} to={contentCategoryPath(area, category.slug)} c="purple.8">
        {category.label}
      </Anchor>
    </Breadcrumbs>
  );
}

export function ContentArticlePage({ data, onNavigate, footer }: ContentArticlePageProps) {
  const { t, i18n } = useTranslation('content');
  const { article, category, related } = data;
  return (
    <Stack gap="lg" py="md" maw={820}>
      <Crumbs area={article.area} category={category} />
      <Stack gap="xs" component="header">
        <Title order={1}>{article.title}</Title>
        <Group gap="md" wrap="wrap">
          {article.author ? (
            <Text size="sm" c="gray.7">
              {t('byAuthor', { author: article.author })}
            </Text>
          ) : null}
          <Text size="sm" c="gray.7">
            {t('updated', { date: formatArticleDate(article.updatedAt, i18n.resolvedLanguage ?? 'en') })}
          </Text>
          <Text size="sm" c="gray.7">
            {t('readingTime', { count: article.readingMinutes })}
          </Text>
          {article.premium ? (
            <Badge color="purple.8" variant="filled">
              {t('premiumArticle')}
            </Badge>
          ) : null}
        </Group>
      </Stack>
      <Suspense fallback={<ContentLoading />}>
        <ArticleBody markdown={article.body} onNavigate={onNavigate} />
      </Suspense>
      <ArticleSection id="content-related-title" title={t('related')} articles={related} />
      {footer}
    </Stack>
  );
}

/** A premium article for a customer whose plan has free articles only (failed-precondition 'upgrade-required'). */
export function ContentUpgradeBanner({ upgradePath, backPath, backLabel }: { upgradePath: string; backPath: string; backLabel: string }) {
  const { t } = useTranslation('content');
  return (
    <Card withBorder padding="xl" radius="md" component="section" aria-labelledby="content-upgrade-title" my="md">
      <Stack gap="md" align="flex-start">
        <Title order={1} id="content-upgrade-title">
          {t('upgrade.title')}
        </Title>
        <Text>{t('upgrade.body')}</Text>
        <Group>
          <Button component={Link} to={upgradePath}>
            {t('upgrade.cta')}
          </Button>
          <Button component={Link} to={backPath} variant="default">
            {t('upgrade.back', { category: backLabel })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
