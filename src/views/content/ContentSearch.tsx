import { Alert, Anchor, Button, CloseButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { contentSearchSelectors, type contentSearchMachine } from '../../../machines/content/contentSearch.machine';
import { contentArticlePath } from '../../domain/content';
import classes from './content.module.css';

// The search box of the learning and support homes and category pages: the results as links with
// their snippet as plain text (React escapes it), 'no results', a failure with Try again. What the search says is
// announced (a polite live region).

export type ContentSearchActor = ActorRefFrom<typeof contentSearchMachine>;

export function ContentSearch({ actor, label }: { actor: ContentSearchActor; label: string }) {
  const { t } = useTranslation('content');
  const id = useId();
  const query = useSelector(actor, contentSearchSelectors.query);
  const searched = useSelector(actor, contentSearchSelectors.searchedQuery);
  const results = useSelector(actor, contentSearchSelectors.results);
  const total = useSelector(actor, contentSearchSelectors.total);
  const status = useSelector(actor, contentSearchSelectors.status);
  const busy = useSelector(actor, contentSearchSelectors.busy);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'query.submit' });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={`${id}-title`}>
      <form role="search" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
        <Title order={2} size="h4" id={`${id}-title`} mb="xs">
          {label}
        </Title>
        <TextInput
          type="search"
          aria-label={label}
          placeholder={t('search.placeholder')}
          description={t('search.hint')}
          value={query}
          maxLength={100}
          onChange={(event) => actor.send({ type: 'query.change', value: event.currentTarget.value })}
          rightSection={
            busy ? (
              <Loader size="xs" aria-hidden />
            ) : query ? (
              <CloseButton aria-label={t('search.clear')} onClick={() => actor.send({ type: 'query.clear' })} />
            ) : null
          }
        />
      </form>
      <div aria-live="polite" role="status">
        {status === 'results' ? (
          <Text size="sm" fw={600}>
            {t('search.results', { count: total, query: searched })}
            {total > results.length ? ` ${t('search.showing', { shown: results.length })}` : ''}
          </Text>
        ) : null}
        {status === 'empty' ? <Text size="sm">{t('search.empty', { query: searched })}</Text> : null}
        {busy ? <Text size="sm">{t('search.searching')}</Text> : null}
      </div>
      {status === 'error' ? (
        <Alert color="red" variant="light" title={t('search.failed')}>
          <Button size="xs" variant="white" color="red.9" onClick={() => actor.send({ type: 'search.retry' })}>
            {t('search.retry')}
          </Button>
        </Alert>
      ) : null}
      {status === 'results' ? (
        <Stack component="ol" gap="sm" className={classes.list} aria-label={t('search.results', { count: total, query: searched })}>
          {results.map(({ article, snippet }) => (
            <li key={`${article.category}/${article.slug}`}>
              <Group gap="xs" wrap="nowrap" align="baseline">
                <Anchor component={Link} to={contentArticlePath(article.area, article.category, article.slug)} fw={600} c="purple.8">
                  {article.title}
                </Anchor>
              </Group>
              <Text size="sm" c="gray.7" className={classes.snippet}>
                {snippet}
              </Text>
            </li>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
