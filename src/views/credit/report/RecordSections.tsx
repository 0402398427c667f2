import { Badge, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditInquiry, PersonalInfo, PublicRecord } from '../../../contract/credit';
import type { Bureau } from '../../../domain/creditReportRecords';
import { inquiryComparison, personalInfoComparison, publicRecordTone } from '../../../domain/creditReport';
import { CleanSlate } from './AccountsSection';
import { BUREAU_ORDER } from './bureaus';
import { NOT_REPORTED, useCreditFormat } from './format';
import { BureauColumns, ComparedCell, ReportTable } from './ReportTable';
import { PUBLIC_RECORD_TONE_COLOR, PUBLIC_RECORD_TONE_TEXT } from './tones';

// spec 001 §2-§4: the report's inquiries, public records (their status tones) and personal information (the SSN
// only as its masked last digits), for one bureau or side by side for the combined report.

export function InquiriesSection({ inquiries, combined }: { inquiries: readonly CreditInquiry[]; combined: boolean }) {
  const { t } = useTranslation('credit');
  const format = useCreditFormat();
  const rows = useMemo(() => (combined ? inquiryComparison(inquiries) : []), [combined, inquiries]);
  if (inquiries.length === 0) return <CleanSlate>{t('cleanSlate.noInquiries')}</CleanSlate>;
  if (!combined) {
    return (
      <ReportTable
        caption={t('inquiries.caption')}
        columns={
          <>
            <Table.Th scope="col">{t('inquiries.creditor')}</Table.Th>
            <Table.Th scope="col">{t('inquiries.industry')}</Table.Th>
            <Table.Th scope="col">{t('inquiries.date')}</Table.Th>
          </>
        }
      >
        {inquiries.map((inquiry) => (
          <Table.Tr key={inquiry.id}>
            <Table.Th scope="row">{inquiry.creditorName}</Table.Th>
            <Table.Td>{inquiry.industry ?? NOT_REPORTED}</Table.Td>
            <Table.Td>{format.day(inquiry.date)}</Table.Td>
          </Table.Tr>
        ))}
      </ReportTable>
    );
  }
  return (
    <ReportTable
      caption={t('inquiries.caption')}
      columns={
        <>
          <Table.Th scope="col">{t('inquiries.creditor')}</Table.Th>
          <Table.Th scope="col">{t('inquiries.date')}</Table.Th>
          <BureauColumns />
        </>
      }
    >
      {rows.map((row) => (
        <Table.Tr key={row.key}>
          <Table.Th scope="row">{row.creditorName}</Table.Th>
          <Table.Td>{format.day(row.date)}</Table.Td>
          {BUREAU_ORDER.map((bureau) => {
            const record = row.records[bureau];
            return (
              <ComparedCell key={bureau} differs={record === null || row.differences.length > 0}>
                {record ? (record.industry ?? t('inquiries.reported')) : t('compare.notReported')}
              </ComparedCell>
            );
          })}
        </Table.Tr>
      ))}
    </ReportTable>
  );
}

export function PublicRecordsSection({ records, combined }: { records: readonly PublicRecord[]; combined: boolean }) {
  const { t } = useTranslation('credit');
  const format = useCreditFormat();
  if (records.length === 0) return <CleanSlate>{t('cleanSlate.noPublicRecords')}</CleanSlate>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {records.map((record) => (
        <Card key={record.id} withBorder padding="md">
          <Stack gap={6}>
            <Title order={3} size="h5">
              {record.type ?? t('publicRecords.untitled')}
            </Title>
            {combined ? <Text size="sm">{t('publicRecords.reportedBy', { bureau: t(`bureaus.${record.bureau}`) })}</Text> : null}
            <div>
              <Badge color={PUBLIC_RECORD_TONE_COLOR[publicRecordTone(record.status)]} c={PUBLIC_RECORD_TONE_TEXT[publicRecordTone(record.status)]} variant="light" component="span">
                {record.status ?? t('publicRecords.statusUnknown')}
              </Badge>
            </div>
            <Text size="sm">{t('publicRecords.filed', { date: format.day(record.dateFiled) })}</Text>
            <Text size="sm">{t('publicRecords.resolved', { date: format.day(record.dateResolved) })}</Text>
            {record.court ? <Text size="sm">{t('publicRecords.court', { court: record.court })}</Text> : null}
            {record.referenceNumber ? <Text size="sm">{t('publicRecords.reference', { reference: record.referenceNumber })}</Text> : null}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

const PERSONAL_FIELD_KEY = {
  name: 'personal.name',
  alsoKnownAs: 'personal.alsoKnownAs',
  dateOfBirth: 'personal.dateOfBirth',
  ssn: 'personal.ssn',
  employer: 'personal.employer',
  currentAddress: 'personal.currentAddress',
  previousAddress: 'personal.previousAddress',
} as const;

function shown(value: string | readonly string[] | null, isDate: boolean, day: (iso: string | null) => string) {
  if (value === null) return NOT_REPORTED;
  if (typeof value !== 'string') return value.join('; ');
  return isDate ? day(value) : value;
}

export function PersonalInfoSection({ infos, combined }: { infos: readonly PersonalInfo[]; combined: boolean }) {
  const { t } = useTranslation('credit');
  const format = useCreditFormat();
  const rows = useMemo(() => personalInfoComparison(infos), [infos]);
  if (infos.length === 0) return <Text>{t('personal.none')}</Text>;
  const bureaus: readonly Bureau[] = combined ? BUREAU_ORDER : BUREAU_ORDER.filter((bureau) => infos.some((info) => info.bureau === bureau));
  return (
    <ReportTable
      caption={t('personal.caption')}
      columns={
        <>
          <Table.Th scope="col">{t('compare.field')}</Table.Th>
          <BureauColumns bureaus={bureaus} />
        </>
      }
    >
      {rows.map((row) => (
        <Table.Tr key={row.field}>
          <Table.Th scope="row">{t(PERSONAL_FIELD_KEY[row.field])}</Table.Th>
          {bureaus.map((bureau) => (
            <ComparedCell key={bureau} differs={combined && row.differs && row.values[bureau] !== null}>
              {shown(row.values[bureau], row.field === 'dateOfBirth', format.day)}
            </ComparedCell>
          ))}
        </Table.Tr>
      ))}
    </ReportTable>
  );
}

