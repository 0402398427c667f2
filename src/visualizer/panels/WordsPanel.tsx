import { Anchor, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chart } from '../model/chart';
import { transitionSentences, type TransitionSentence } from '../words/machineWords';

// The machine as a searchable table in words, beside the diagram (docs/statecharts.md "Legible at a glance"): one
// sentence per transition, in the reader's language, from the machine's own names and descriptions.

type Translate = ReturnType<typeof useTranslation<'statecharts'>>['t'];

export function sentenceText(sentence: TransitionSentence, t: Translate): string {
  const { trigger } = sentence;
  const when =
    trigger.kind === 'description'
      ? t('words.when', { event: trigger.text })
      : trigger.kind === 'event'
        ? t('words.when', { event: trigger.name })
        : trigger.kind === 'after'
          ? t('words.after', { delay: trigger.delay })
          : trigger.kind === 'done'
            ? t('words.done', { actor: trigger.actor })
            : trigger.kind === 'error'
              ? t('words.error', { actor: trigger.actor })
              : trigger.kind === 'always'
                ? t('words.always')
                : t('words.finished');
  const parts = [t('words.in', { state: sentence.state }), when];
  if (sentence.guard) parts.push(t('words.if', { guard: sentence.guard }));
  parts.push(sentence.targets.length > 0 ? t('words.goTo', { target: sentence.targets.join(t('words.joiner')) }) : t('words.stay'));
  const text = parts.join(', ');
  return sentence.actions.length > 0 ? `${text} ${t('words.and', { actions: sentence.actions.join(', ') })}` : text;
}

interface WordsPanelProps {
  chart: Chart;
  onSelectState: (stateId: string) => void;
}

export function WordsPanel({ chart, onSelectState }: WordsPanelProps) {
  const { t } = useTranslation('statecharts');
  const [query, setQuery] = useState('');
  const rows = useMemo(() => transitionSentences(chart).map((sentence) => ({ sentence, text: sentenceText(sentence, t) })), [chart, t]);
  const needle = query.trim().toLowerCase();
  const shown = needle ? rows.filter(({ sentence, text }) => `${text} ${sentence.notation}`.toLowerCase().includes(needle)) : rows;
  return (
    <Stack gap="xs" data-testid="words-panel">
      <TextInput size="xs" label={t('words.search')} placeholder={t('words.searchPlaceholder')} value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
      <Text size="xs" c="dimmed">
        {t('words.shown', { shown: shown.length, total: rows.length })}
      </Text>
      <Table striped withTableBorder aria-label={t('words.table')} fz="xs" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('words.state')}</Table.Th>
            <Table.Th>{t('words.sentence')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map(({ sentence, text }) => (
            <Table.Tr key={sentence.id} title={sentence.notation}>
              <Table.Td>
                <Anchor component="button" size="xs" onClick={() => onSelectState(sentence.source)}>
                  {sentence.state}
                </Anchor>
              </Table.Td>
              <Table.Td>{text}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
