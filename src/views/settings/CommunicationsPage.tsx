import { Group, Loader, NativeSelect, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { communicationTogglesSelectors as select, type communicationTogglesMachine } from '../../../machines/settings/communicationToggles.machine';
import { LANGUAGES, type Language } from '../../i18n/languages';
import { LoadingNotice } from '../components/LoadStates';
import { SettingsLoadFailed } from './SettingsLoadFailed';

// settings/communications (spec 000 §2.5, §3.4, §8): the authorization and opt-in toggles, each saved as soon as it
// moves (the machine moves it back with 'authorizations.error' when the save fails, and refuses a coach without
// permission). The automatic text updates show only with a mobile phone. The CRM keeps three of them as refusals (DoNotCall, Do_Not_SMS__c, SMS_Opt_out__c: true means "no");
// the page asks every question the same way round, "may we?", so a switch that is on always means yes. The language
// choice (stored on the user, followed on every device) shows when the app provides it. A deliberate difference from
// spec 000 §4.8, whose en/es toggle "shows only on the credit report and simulator pages" (it still does there):
// a customer who reads the app in Spanish expects to set that once, where the other communication choices are, and
// the choice is the same setting (setUILang) the two toggles change (docs/spec-status.md).

export type CommunicationTogglesActor = ActorRefFrom<typeof communicationTogglesMachine>;
type CommunicationToggle = keyof ReturnType<typeof select.values>;

/** The page's order, and whether the switch shows the CRM value turned around (the flag is a refusal). */
const TOGGLES: readonly { toggle: CommunicationToggle; refusal: boolean }[] = [
  { toggle: 'DoNotCall', refusal: true },
  { toggle: 'Do_Not_SMS__c', refusal: true },
  { toggle: 'SMS_Opt_out__c', refusal: true },
  { toggle: 'Allow_Referral_Update__c', refusal: false },
  { toggle: 'Round_Opt_In__c', refusal: false },
];

export interface LanguageChoice {
  value: Language;
  onChange: (language: Language) => void;
}

export interface CommunicationsPageProps {
  actor: CommunicationTogglesActor;
  /**
   * Whether this session may change the choices ('update auth', spec 000 §6: a non-agent, or an agent with
   * allowClientActions). Without it the switches show the choices, disabled, under a read-only note. Default true.
   */
  canUpdate?: boolean;
  /** The language select (the app applies and stores the choice); hidden when absent. */
  language?: LanguageChoice;
}

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

function LanguageSelect({ language }: { language: LanguageChoice }) {
  const { t } = useTranslation('settings');
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="settings-language-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="settings-language-title">
          {t('communications.language.title')}
        </Title>
        <NativeSelect
          label={t('communications.language.label')}
          description={t('communications.language.description')}
          value={language.value}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isLanguage(value)) language.onChange(value);
          }}
          maw={320}
        >
          {/* Each language's name is written in that language (WCAG 3.1.2): the options say so. */}
          {LANGUAGES.map((lang) => (
            <option key={lang} value={lang} lang={lang}>
              {t(`communications.language.${lang}`)}
            </option>
          ))}
        </NativeSelect>
      </Stack>
    </Paper>
  );
}

export function CommunicationsPage({ actor, canUpdate = true, language }: CommunicationsPageProps) {
  const { t } = useTranslation(['settings', 'common']);
  const status = useSelector(actor, select.status);
  const values = useSelector(actor, select.values);
  const savingToggle = useSelector(actor, select.savingToggle);
  const busy = useSelector(actor, select.busy);
  const hasMobilePhone = useSelector(actor, select.hasMobilePhone);
  const shown = useSelector(actor, select.toggles, (a, b) => a.join() === b.join());

  let toggles;
  if (status === 'loading') {
    toggles = (
      <LoadingNotice label={t('page.loading')} gap="sm" />
    );
  } else if (status === 'loadFailed') {
    toggles = (
      <SettingsLoadFailed messageKey="authorizations.error" onRetry={() => actor.send({ type: 'load.retry' })} />
    );
  } else {
    toggles = (
      <Stack gap="lg" aria-busy={busy}>
        {canUpdate ? null : (
          <Text fw={600} data-testid="communications-read-only">
            {t('communications.readOnly')}
          </Text>
        )}
        {TOGGLES.filter(({ toggle }) => shown.includes(toggle)).map(({ toggle, refusal }) => {
          const saving = savingToggle === toggle;
          const label = t(`communications.toggles.${toggle}.label`);
          return (
            <Stack key={toggle} gap={4}>
              <Switch
                size="md"
                label={label}
                // The name is the label alone (Mantine's label element also holds the description, read as such).
                aria-label={label}
                description={t(`communications.toggles.${toggle}.description`)}
                checked={refusal ? !values[toggle] : values[toggle]}
                // The others wait while one saves; the one saving keeps the focus it has (its changes wait too).
                // A session that may not change them sees them disabled (the read-only note says why).
                disabled={!canUpdate || (busy && !saving)}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  actor.send({ type: 'toggle.change', toggle, value: refusal ? !checked : checked });
                }}
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              />
              {saving ? (
                <Group gap={6} pl={52} role="status">
                  <Loader size={12} aria-hidden />
                  <Text size="sm" c="gray.7">
                    {t('communications.saving')}
                  </Text>
                </Group>
              ) : null}
            </Stack>
          );
        })}
        {hasMobilePhone ? null : (
          <Text size="sm" c="gray.7">
            {t('communications.noMobilePhone')}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Text>{t('communications.intro')}</Text>
      {toggles}
      {language ? <LanguageSelect language={language} /> : null}
    </Stack>
  );
}
