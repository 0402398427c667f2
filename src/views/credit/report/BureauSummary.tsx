import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditReport } from '../../../contract/credit';
import { scoreBand } from '../../../domain/creditReport';
import type { Bureau } from '../../../domain/creditReportRecords';
import { BUREAU_ORDER } from './bureaus';
import { useCreditFormat } from './format';
import classes from './report.module.css';

// spec 001 §2: each bureau's score and report date ('No credit score available' without a score), under the
// scores warning overlay: the scores are educational estimates, which the customer acknowledges before reading
// them (spec 001 §2 names the overlay without its wording).

type Summary = CreditReport['reportSummary']['bureauSummary'][number];

function SummaryCard({ summary }: { summary: Summary }) {
  const { t } = useTranslation('credit');
  const format = useCreditFormat();
  const bureau: Bureau = summary.bureau;
  return (
    <Card withBorder padding="lg">
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t(`bureaus.${bureau}`)}
        </Title>
        {summary.creditScore === null ? (
          <Text fw={600}>{t('summary.noScore')}</Text>
        ) : (
          <Group gap="xs" align="baseline">
            <Text fz={36} fw={700} lh={1}>
              {summary.creditScore}
            </Text>
            <Text fw={600}>{t(`bands.${scoreBand(summary.creditScore).id}`)}</Text>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {t('summary.reportDate', { date: format.day(summary.reportDate) })}
        </Text>
      </Stack>
    </Card>
  );
}

/** Whether the customer acknowledged the scores warning (kept by the route, so it holds across the bureau tabs). */
export interface ScoresWarningState {
  acknowledged: boolean;
  onChange: (acknowledged: boolean) => void;
}

export function BureauSummary({ summaries, warning }: { summaries: readonly Summary[]; warning: ScoresWarningState }) {
  const { t } = useTranslation('credit');
  const { acknowledged, onChange: setAcknowledged } = warning;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ordered = BUREAU_ORDER.map((bureau) => summaries.find((summary) => summary.bureau === bureau)).filter((summary): summary is Summary => summary !== undefined);
  return (
    <section aria-labelledby="credit-scores-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="credit-scores-title" ref={headingRef} tabIndex={-1}>
          {t('summary.title')}
        </Title>
        {acknowledged ? (
          <Button variant="subtle" size="compact-sm" onClick={() => setAcknowledged(false)} className={classes.noPrint}>
            {t('scoresWarning.reopen')}
          </Button>
        ) : null}
      </Group>
      <div className={`${classes.scoresArea} ${acknowledged ? '' : classes.scoresCovered}`}>
        {ordered.length === 0 ? (
          <Text fw={600}>{t('summary.noScore')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: ordered.length }} aria-hidden={!acknowledged} inert={!acknowledged}>
            {ordered.map((summary) => (
              <SummaryCard key={summary.bureau} summary={summary} />
            ))}
          </SimpleGrid>
        )}
        {acknowledged || ordered.length === 0 ? null : (
          <div className={classes.scoresOverlay} role="region" aria-labelledby="scores-warning-title">
            <Stack gap="xs" maw={560}>
              <Text fw={700} id="scores-warning-title">
                {t('scoresWarning.title')}
              </Text>
              <Text size="sm">{t('scoresWarning.body')}</Text>
              <Group>
                <Button
                  size="sm"
                  onClick={() => {
                    setAcknowledged(true);
                    headingRef.current?.focus();
                  }}
                >
                  {t('scoresWarning.dismiss')}
                </Button>
              </Group>
            </Stack>
          </div>
        )}
      </div>
    </section>
  );
}
