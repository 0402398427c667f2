import { Accordion, Alert, Box, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditAccount } from '../../../contract/credit';
import type { Bureau } from '../../../domain/creditReportRecords';
import {
  ACCOUNT_GROUPS,
  accountTone,
  groupAccounts,
  isCollectionAccount,
  tradelineComparison,
  type AccountGroup,
  type ComparedAccountField,
  type TradelineRow,
} from '../../../domain/creditReport';
import { AccountDetails, DisplayStatusBadge } from './AccountDetails';
import { BUREAU_ORDER } from './bureaus';
import { NOT_REPORTED, useCreditFormat } from './format';
import { PaymentHistoryGrid, PaymentStatusLegend } from './PaymentHistory';
import classes from './report.module.css';
import { ReportSection } from './ReportSection';
import { BureauColumns, ComparedCell, ReportTable } from './ReportTable';
import { ACCOUNT_TONE_CLASS, ACCOUNT_TONE_TEXT, worstTone } from './tones';

// spec 001 §2 accounts: grouped Credit Card, Real Estate, Auto loans, Student loans, Other; each account an
// accordion item in its tone's colour with its display status in words. An item's details render only while it is
// open, or while the report prints (then every item is open). 'Clean Slate' when there are no creditors or no
// collections.

export interface AccountsSectionProps {
  accounts: readonly CreditAccount[];
  /** The report is printing: every account is open. */
  printing: boolean;
  /** Whether an account group's section is open (the reportPrint machine's state). */
  isExpanded: (group: AccountGroup) => boolean;
  onToggle: (group: AccountGroup) => void;
}

export function CleanSlate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('credit');
  return (
    <Alert color="green" variant="light" title={t('cleanSlate.title')}>
      {children}
    </Alert>
  );
}

function useOpenItems(printing: boolean, allIds: readonly string[]) {
  const [open, setOpen] = useState<string[]>([]);
  return { value: printing ? [...allIds] : open, onChange: setOpen, isOpen: (id: string) => printing || open.includes(id) };
}

function CollectionsNote({ accounts }: { accounts: readonly CreditAccount[] }) {
  const { t } = useTranslation('credit');
  // One creditor reported by three bureaus is one collection.
  const creditors = [...new Set(accounts.filter(isCollectionAccount).map((account) => account.creditorName))];
  if (creditors.length === 0) return <CleanSlate>{t('cleanSlate.noCollections')}</CleanSlate>;
  return (
    <Alert color="orange" variant="light" title={t('accounts.collectionsTitle', { count: creditors.length })} styles={{ title: { color: ACCOUNT_TONE_TEXT.warning } }}>
      {creditors.join(', ')}
    </Alert>
  );
}

/** Accounts: the collections note, the payment codes' legend, then each non-empty group as its own section. */
function AccountGroups({ accounts, groups, isExpanded, onToggle, children }: Omit<AccountsSectionProps, 'printing'> & { groups: Record<AccountGroup, readonly unknown[]>; children: (group: AccountGroup) => ReactNode }) {
  const { t } = useTranslation('credit');
  return (
    <Box component="section" className={classes.section} aria-labelledby="accounts-title">
      <Title order={2} size="h3" id="accounts-title" mb="sm">
        {t('accounts.title')}
      </Title>
      {accounts.length === 0 ? (
        <CleanSlate>{t('cleanSlate.noCreditors')}</CleanSlate>
      ) : (
        <Stack gap="md">
          <CollectionsNote accounts={accounts} />
          <PaymentStatusLegend />
          {ACCOUNT_GROUPS.filter((group) => groups[group].length > 0).map((group) => (
            <ReportSection key={group} order={3} title={t(`accountGroup.${group}`)} count={groups[group].length} expanded={isExpanded(group)} onToggle={() => onToggle(group)}>
              {() => children(group)}
            </ReportSection>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** One bureau's accounts. */
export function AccountsSection({ accounts, printing, isExpanded, onToggle }: AccountsSectionProps) {
  const { t } = useTranslation('credit');
  const format = useCreditFormat();
  const groups = useMemo(() => groupAccounts(accounts), [accounts]);
  const ids = useMemo(() => accounts.map((account) => account.id), [accounts]);
  const items = useOpenItems(printing, ids);
  return (
    <AccountGroups accounts={accounts} groups={groups} isExpanded={isExpanded} onToggle={onToggle}>
      {(group) => (
        <Accordion multiple value={items.value} onChange={items.onChange} variant="separated" chevronPosition="left">
          {groups[group].map((account) => (
            <Accordion.Item key={account.id} value={account.id} className={`${classes.account} ${ACCOUNT_TONE_CLASS[accountTone(account)]}`} data-tone={accountTone(account)}>
              <Accordion.Control>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600}>{account.creditorName}</Text>
                  <Group gap="sm">
                    <DisplayStatusBadge account={account} />
                    <Text size="sm">{t('accounts.balanceShort', { amount: format.money(account.currentBalance) })}</Text>
                  </Group>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>{items.isOpen(account.id) ? <AccountDetails account={account} /> : null}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </AccountGroups>
  );
}

const COMPARED_ROWS: readonly {
  field: ComparedAccountField | 'monthlyPayment' | 'highBalance' | 'opened' | 'accountNumber';
  kind: 'money' | 'day' | 'text';
}[] = [
  { field: 'currentBalance', kind: 'money' },
  { field: 'creditLimit', kind: 'money' },
  { field: 'highBalance', kind: 'money' },
  { field: 'monthlyPayment', kind: 'money' },
  { field: 'status', kind: 'text' },
  { field: 'paymentStatus', kind: 'text' },
  { field: 'opened', kind: 'day' },
  { field: 'reported', kind: 'day' },
  { field: 'accountNumber', kind: 'text' },
];

const FIELD_LABEL_KEY = {
  currentBalance: 'account.balance',
  creditLimit: 'account.creditLimit',
  highBalance: 'account.highBalance',
  monthlyPayment: 'account.monthlyPayment',
  status: 'account.status',
  paymentStatus: 'account.paymentStatus',
  opened: 'account.opened',
  reported: 'account.reported',
  accountNumber: 'account.accountNumber',
} as const;

function TradelineComparison({ row }: { row: TradelineRow<CreditAccount> }) {
  const { t } = useTranslation('credit');
  const format = useCreditFormat();
  const show = (account: CreditAccount | null, field: (typeof COMPARED_ROWS)[number]['field'], kind: 'money' | 'day' | 'text') => {
    if (account === null) return t('compare.notReported');
    const value = account[field];
    if (kind === 'money') return format.money(value as number | null);
    if (kind === 'day') return format.day(value as string | null);
    return (value as string | null) ?? NOT_REPORTED;
  };
  return (
    <Stack gap="md">
      <ReportTable
        caption={t('compare.caption', { creditor: row.creditorName })}
        withTableBorder
        withColumnBorders
        striped={false}
        columns={
          <>
            <Table.Th scope="col">{t('compare.field')}</Table.Th>
            <BureauColumns />
          </>
        }
      >
        <Table.Tr>
          <Table.Th scope="row">{t('compare.displayStatus')}</Table.Th>
          {BUREAU_ORDER.map((bureau) => {
            const account = row.records[bureau];
            return <Table.Td key={bureau}>{account ? <DisplayStatusBadge account={account} /> : t('compare.notReported')}</Table.Td>;
          })}
        </Table.Tr>
        {COMPARED_ROWS.map(({ field, kind }) => {
          const differs = (row.differences as readonly string[]).includes(field);
          return (
            <Table.Tr key={field}>
              <Table.Th scope="row">{t(FIELD_LABEL_KEY[field])}</Table.Th>
              {BUREAU_ORDER.map((bureau) => (
                <ComparedCell key={bureau} differs={differs && row.records[bureau] !== null}>
                  {show(row.records[bureau], field, kind)}
                </ComparedCell>
              ))}
            </Table.Tr>
          );
        })}
      </ReportTable>
      {BUREAU_ORDER.map((bureau) => {
        const account = row.records[bureau];
        return account ? (
          <PaymentHistoryGrid key={bureau} history={account.monthlyPaymentHistory.Monthly} title={t('compare.historyAt', { bureau: t(`bureaus.${bureau}`) })} />
        ) : null;
      })}
    </Stack>
  );
}

function rowSummary(row: TradelineRow<CreditAccount>, t: (key: 'compare.missingFrom' | 'compare.differsCount', options: Record<string, unknown>) => string, bureauName: (bureau: Bureau) => string) {
  const notes: string[] = [];
  if (row.differences.length > 0) notes.push(t('compare.differsCount', { count: row.differences.length }));
  if (row.missingFrom.length > 0 && row.missingFrom.length < BUREAU_ORDER.length)
    notes.push(t('compare.missingFrom', { bureaus: row.missingFrom.map(bureauName).join(', ') }));
  return notes;
}

/** The combined report's accounts (C3B): one row per tradeline, the three bureaus side by side. */
export function CombinedAccountsSection({ accounts, printing, isExpanded, onToggle }: AccountsSectionProps) {
  const { t } = useTranslation('credit');
  const rows = useMemo(() => tradelineComparison(accounts), [accounts]);
  const groups = useMemo(() => {
    const byGroup = Object.fromEntries(ACCOUNT_GROUPS.map((group) => [group, [] as TradelineRow<CreditAccount>[]])) as Record<AccountGroup, TradelineRow<CreditAccount>[]>;
    for (const row of rows) byGroup[row.group].push(row);
    return byGroup;
  }, [rows]);
  const ids = useMemo(() => rows.map((row) => row.key), [rows]);
  const items = useOpenItems(printing, ids);
  const bureauName = (bureau: Bureau) => t(`bureaus.${bureau}`);
  return (
    <AccountGroups accounts={accounts} groups={groups} isExpanded={isExpanded} onToggle={onToggle}>
      {(group) => (
        <Accordion multiple value={items.value} onChange={items.onChange} variant="separated" chevronPosition="left">
          {groups[group].map((row) => {
            const reported = BUREAU_ORDER.map((bureau) => row.records[bureau]).filter((account): account is CreditAccount => account !== null);
            const notes = rowSummary(row, t, bureauName);
            const tone = worstTone(reported.map(accountTone));
            return (
              <Accordion.Item key={row.key} value={row.key} className={`${classes.account} ${ACCOUNT_TONE_CLASS[tone]}`} data-tone={tone}>
                <Accordion.Control>
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Text fw={600}>{row.creditorName}</Text>
                      {notes.length > 0 ? (
                        <Text size="sm" className={classes.differsMarker}>
                          {notes.join(' · ')}
                        </Text>
                      ) : null}
                    </Group>
                    <Group gap="md" wrap="wrap">
                      {BUREAU_ORDER.map((bureau) => {
                        const account = row.records[bureau];
                        return (
                          <Group key={bureau} gap={6} wrap="nowrap">
                            <Text size="xs">{bureauName(bureau)}:</Text>
                            {account ? <DisplayStatusBadge account={account} /> : <Text size="xs">{t('compare.notReported')}</Text>}
                          </Group>
                        );
                      })}
                    </Group>
                  </Stack>
                </Accordion.Control>
                <Accordion.Panel>{items.isOpen(row.key) ? <TradelineComparison row={row} /> : null}</Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </AccountGroups>
  );
}
