import { Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ContentArticleSummary } from '../../contract/content';
import { contentArticlePath } from '../../domain/content';
import classes from './content.module.css';

// An article in a list (spec 002 §3 Content entry): its decorative thumbnail, title (the link), brief description,
// reading time and, for premium articles, a badge.

export function ArticleCard({ article, headingLevel = 3 }: { article: ContentArticleSummary; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation('content');
  const Heading = `h${headingLevel}` as const;
  return (
    <Card withBorder radius="md" padding="md" component="article" className={classes.card}>
      <Card.Section>
        <Image src={article.thumbnail} alt="" h={120} fit="cover" />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Heading className={classes.cardTitle}>
          <Link to={contentArticlePath(article.area, article.category, article.slug)} className={classes.cardLink}>
            {article.title}
          </Link>
        </Heading>
        <Text size="sm" c="gray.7" lineClamp={3}>
          {article.description}
        </Text>
        <Group gap="xs" mt="auto">
          <Text size="xs" c="gray.7">
            {t('readingTime', { count: article.readingMinutes })}
          </Text>
          {article.premium ? (
            <Badge color="purple.8" variant="filled" size="sm">
              {t('premium')}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

export function ArticleGrid({ articles, headingLevel }: { articles: readonly ContentArticleSummary[]; headingLevel?: 2 | 3 | 4 }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" component="ul" className={classes.list}>
      {articles.map((article) => (
        <li key={`${article.category}/${article.slug}`}>
          <ArticleCard article={article} headingLevel={headingLevel} />
        </li>
      ))}
    </SimpleGrid>
  );
}

/** A titled section of article cards (featured on the home page, related under an article); none when it has none. */
export function ArticleSection({ id, title, articles }: { id: string; title: string; articles: readonly ContentArticleSummary[] }) {
  if (articles.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <ArticleGrid articles={articles} />
    </Stack>
  );
}
