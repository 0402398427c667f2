import { Box, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { inlineEditSelectors as select, type inlineEditMachine } from '../../../machines/settings/inlineEdit.machine';
import { BIRTHDATE_MAX_AGE_YEARS, BIRTHDATE_MIN_AGE_YEARS } from '../../domain/constants';
import { digitsOnly, formatPhoneDisplay, formatSsn, US_STATES } from '../../domain/personalFields';
import classes from './settings.module.css';

// One contact field of the personal-info page (spec 000 §2.5, §4.7, §5), bound to its inlineEdit actor. In view it
// shows the value and an Edit button named for the field; editing shows the input with the field's rule (its
// format as a hint, the rule's message after a Save), Save and Cancel; Escape cancels. Focus moves into the input
// when editing starts and back to the Edit button when it ends. While the value saves it shows with "Saving…";
// a failed save shows the old value again (the machine's toast says why). The SSN row adds its show toggle
// (`extra`) and shows the masked number the reveal machine gives (`display`).

export type InlineEditActor = ActorRefFrom<typeof inlineEditMachine>;
export type InlineContactField = ReturnType<typeof select.field>;
type ContactFieldRule = ReturnType<typeof select.rule>;

/** The message keys the machine gives: the field rules' (errors namespace) and the settings page's own. */
const MESSAGE_NAMESPACES = ['settings', 'errors'] as const;

const AUTOCOMPLETE: Readonly<Record<InlineContactField, string>> = {
  FirstName: 'given-name',
  MiddleName: 'additional-name',
  LastName: 'family-name',
  MobilePhone: 'tel-national',
  Birthdate: 'bday',
  // The number is typed, never offered by the browser.
  Social_Security_Number__c: 'off',
  MailingStreet: 'address-line1',
  MailingCity: 'address-level2',
  MailingStateCode: 'address-level1',
  MailingPostalCode: 'postal-code',
};

/** The fields whose format the input explains under it. */
const HINT_KEYS = {
  MobilePhone: 'personal-info.hints.MobilePhone',
  Birthdate: 'personal-info.hints.Birthdate',
  Social_Security_Number__c: 'personal-info.hints.Social_Security_Number__c',
  MailingPostalCode: 'personal-info.hints.MailingPostalCode',
} as const satisfies Partial<Record<InlineContactField, string>>;

function hintKeyOf(field: InlineContactField) {
  return field in HINT_KEYS ? HINT_KEYS[field as keyof typeof HINT_KEYS] : undefined;
}

/** Digits typed into a phone field, grouped 000-000-0000 as they come. */
export function typedPhone(input: string): string {
  const d = digitsOnly(input).slice(0, 10);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The birthdate window (spec 000 §5: between 120 and 12 years before today) as the date input's min and max. */
export function birthdateBounds(today: string): { min: string; max: string } {
  const [year = 1970, month = 1, day = 1] = today.split('-').map(Number);
  const yearsAgo = (years: number) => isoDay(new Date(year - years, month - 1, day));
  return { min: yearsAgo(BIRTHDATE_MAX_AGE_YEARS), max: yearsAgo(BIRTHDATE_MIN_AGE_YEARS) };
}

/** A stored value as the page shows it. */
export function useContactValueText() {
  const { i18n } = useTranslation();
  return (rule: ContactFieldRule, value: string): string => {
    switch (rule) {
      case 'phone':
        return formatPhoneDisplay(value);
      case 'birthdate': {
        const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
        if (!match) return value;
        const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
        return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
      }
      case 'state':
        return US_STATES.find((state) => state.code === value)?.name ?? value;
      case 'ssn':
        return `***-**-${value}`;
      default:
        return value;
    }
  };
}

export interface InlineEditFieldProps {
  actor: InlineEditActor;
  /** What view mode shows instead of the stored value (the SSN's masked or revealed number). */
  display?: string | null;
  /** Controls shown beside the value in view mode (the SSN's show toggle). */
  extra?: ReactNode;
}

export function InlineEditField({ actor, display, extra }: InlineEditFieldProps) {
  const { t } = useTranslation(['settings', 'errors']);
  const valueText = useContactValueText();
  const field = useSelector(actor, select.field);
  const rule = useSelector(actor, select.rule);
  const mode = useSelector(actor, select.mode);
  const shownValue = useSelector(actor, select.shownValue);
  const draft = useSelector(actor, select.draft);
  const fieldError = useSelector(actor, select.fieldError);
  const today = useSelector(actor, (snapshot) => snapshot.context.today);
  const label = t(`personal-info.fields.${field}`);
  const inputId = `personal-info-${field}`;
  const labelId = `${inputId}-label`;
  const statusId = `${inputId}-status`;

  const editButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const previousMode = useRef(mode);
  useEffect(() => {
    const before = previousMode.current;
    previousMode.current = mode;
    if (before === 'view' && mode === 'editing') {
      input.current?.focus();
    } else if (before !== 'view' && mode === 'view') {
      // Back to the Edit button, unless the customer has moved on elsewhere meanwhile.
      const active = document.activeElement;
      if (active === null || active === document.body || container.current?.contains(active)) editButton.current?.focus();
    }
  }, [mode]);

  const change = (value: string) => actor.send({ type: 'edit.change', value });
  const cancel = () => actor.send({ type: 'edit.cancel' });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'edit.save' });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };

  if (mode === 'editing') {
    const error = fieldError ? t(fieldError, { ns: MESSAGE_NAMESPACES }) : undefined;
    const hintKey = hintKeyOf(field);
    const description = hintKey === undefined ? undefined : t(hintKey);
    const common = {
      id: inputId,
      label,
      description,
      error,
      autoComplete: AUTOCOMPLETE[field],
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    };
    let control: ReactNode;
    switch (rule) {
      case 'state':
        control = (
          <NativeSelect
            {...common}
            ref={input}
            value={draft}
            onChange={(event) => change(event.currentTarget.value)}
            data={[{ value: '', label: t('personal-info.statePlaceholder'), disabled: true }, ...US_STATES.map((state) => ({ value: state.code, label: state.name }))]}
          />
        );
        break;
      case 'birthdate': {
        const bounds = birthdateBounds(today);
        control = <TextInput {...common} ref={input} type="date" min={bounds.min} max={bounds.max} value={draft} onChange={(event) => change(event.currentTarget.value)} />;
        break;
      }
      case 'phone':
        control = (
          <TextInput {...common} ref={input} type="tel" inputMode="tel" placeholder="000-000-0000" value={draft} onChange={(event) => change(typedPhone(event.currentTarget.value))} />
        );
        break;
      case 'ssn':
        control = <TextInput {...common} ref={input} inputMode="numeric" value={formatSsn(draft)} onChange={(event) => change(formatSsn(event.currentTarget.value))} />;
        break;
      case 'zip':
        control = <TextInput {...common} ref={input} inputMode="numeric" value={draft} onChange={(event) => change(event.currentTarget.value)} />;
        break;
      default:
        control = <TextInput {...common} ref={input} value={draft} onChange={(event) => change(event.currentTarget.value)} />;
    }
    return (
      <Box ref={container} className={classes.fieldRow} data-testid={`field-${field}`}>
        <form onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
          <Stack gap="xs">
            {control}
            <Group gap="xs">
              <Button type="submit" size="sm">
                {t('personal-info.save')}
              </Button>
              <Button variant="default" size="sm" onClick={cancel}>
                {t('personal-info.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Box>
    );
  }

  const saving = mode === 'saving';
  // While a new value saves, that value shows (the SSN's new last four), whatever `display` says.
  const shown = display !== undefined && !saving ? display : shownValue === null ? null : valueText(rule, shownValue);
  return (
    <Box ref={container} className={classes.fieldRow} data-testid={`field-${field}`} aria-busy={saving}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={600} c="gray.7" id={labelId}>
            {label}
          </Text>
          <Text className={classes.fieldValue} aria-describedby={saving ? statusId : undefined}>
            {shown ?? (
              <Text span c="gray.7" fs="italic">
                {t('personal-info.notProvided')}
              </Text>
            )}
          </Text>
          {saving ? (
            <Text size="sm" c="gray.7" role="status" id={statusId}>
              {t('personal-info.saving', { field: label })}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="wrap" justify="flex-end">
          {extra}
          <Button ref={editButton} variant="light" size="sm" disabled={saving} onClick={() => actor.send({ type: 'edit.start' })} aria-label={t('personal-info.edit', { field: label })}>
            {t('personal-info.editShort')}
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
