import { Alert, Button, Fieldset, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  OVERRIDABLE_CLAIMS,
  OVERRIDE_DEADLINES_MS,
  OVERRIDE_FAULT_PROVIDERS,
  OVERRIDE_PRODUCT_LINES,
  OVERRIDE_PROVIDER_FAULTS,
  OVERRIDE_ROLES,
  overridesSelectors as select,
  type overridesMachine,
  type UserOverridesData,
} from '../../../machines/devTools/overrides.machine';
import { useServerError } from './serverError';

// The Overrides section (spec 000 §6): role, developer flag, claims, product line and company flag
// of the developer's own account, and the outside providers' sandbox faults for it (docs/developer-tools.md); each
// "Unchanged" unless chosen. Apply, then the app follows the new claims; while
// they are active, Restore puts the account's own values back (the shell's marker offers it on every page too).

export type OverridesActor = ActorRefFrom<typeof overridesMachine>;

const UNCHANGED = '';

function yesNo(value: boolean | undefined): string {
  return value === undefined ? UNCHANGED : value ? 'yes' : 'no';
}
function fromYesNo(value: string): boolean | undefined {
  return value === UNCHANGED ? undefined : value === 'yes';
}

export function OverridesPanel({ overrides }: { overrides: OverridesActor }) {
  const { t } = useTranslation('devTools');
  const form = useSelector(overrides, select.form);
  const busy = useSelector(overrides, select.busy);
  const active = useSelector(overrides, select.active);
  const applying = useSelector(overrides, select.applying);
  const restoring = useSelector(overrides, select.restoring);
  const activeOverrides = useSelector(overrides, select.activeOverrides);
  const errorCode = useSelector(overrides, select.errorCode);
  const errorKey = useSelector(overrides, select.errorKey);
  const serverError = useServerError();
  const change = (next: UserOverridesData) => overrides.send({ type: 'overrides.change', overrides: next });
  const unchanged = { value: UNCHANGED, label: t('overrides.unchanged') };
  // A choice the server takes as it is (a role, a product line): its own name is its label.
  const asIsOptions = (values: readonly string[]) => [unchanged, ...values.map((value) => ({ value, label: value }))];
  const booleanOptions = [
    unchanged,
    { value: 'yes', label: t('overrides.yes') },
    { value: 'no', label: t('overrides.no') },
  ];
  const activeList = Object.entries(activeOverrides).map(([key]) =>
    key === 'claims'
      ? t('overrides.claimsLegend')
      : key === 'providerFaults'
        ? t('overrides.faultsLegend')
        : t(`overrides.${key as 'role' | 'isDeveloper' | 'productLine' | 'companyAffiliated' | 'providerDeadlineMs'}`),
  );
  const faultOptions = [
    unchanged,
    ...OVERRIDE_PROVIDER_FAULTS.map((fault) => ({ value: fault, label: t(`overrides.fault.${fault}`) })),
  ];

  return (
    <Stack gap="md">
      <Text>{t('overrides.intro')}</Text>
      {active ? (
        <Alert color="yellow" variant="light" title={t('overrides.activeTitle')} styles={{ title: { color: '#8a3c00' } }}>
          <Stack gap="xs">
            {activeList.length > 0 ? <Text size="sm">{t('overrides.activeList', { list: activeList.join(', ') })}</Text> : null}
            <Group>
              <Button color="#9a3412" onClick={() => overrides.send({ type: 'overrides.restore' })} disabled={busy} loading={restoring}>
                {t('overrides.restore')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {errorCode !== null ? (
        <Alert color="red" variant="light">
          {serverError(errorCode, errorKey)}
        </Alert>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          overrides.send({ type: 'overrides.apply' });
        }}
      >
        <Stack gap="sm" maw={520}>
          <NativeSelect
            label={t('overrides.role')}
            data={asIsOptions(OVERRIDE_ROLES)}
            value={form.role ?? UNCHANGED}
            onChange={(event) => change({ ...form, role: (event.currentTarget.value || undefined) as UserOverridesData['role'] })}
          />
          <NativeSelect
            label={t('overrides.isDeveloper')}
            data={booleanOptions}
            value={yesNo(form.isDeveloper)}
            onChange={(event) => change({ ...form, isDeveloper: fromYesNo(event.currentTarget.value) })}
          />
          <NativeSelect
            label={t('overrides.productLine')}
            data={asIsOptions(OVERRIDE_PRODUCT_LINES)}
            value={form.productLine ?? UNCHANGED}
            onChange={(event) => change({ ...form, productLine: (event.currentTarget.value || undefined) as UserOverridesData['productLine'] })}
          />
          <NativeSelect
            label={t('overrides.companyAffiliated')}
            data={booleanOptions}
            value={yesNo(form.companyAffiliated)}
            onChange={(event) => change({ ...form, companyAffiliated: fromYesNo(event.currentTarget.value) })}
          />
          <Fieldset legend={t('overrides.claimsLegend')}>
            <Stack gap="sm">
              {OVERRIDABLE_CLAIMS.map((claim) => (
                <NativeSelect
                  key={claim}
                  label={t(`overrides.claims.${claim}`)}
                  data={booleanOptions}
                  value={yesNo(form.claims?.[claim])}
                  onChange={(event) => change({ ...form, claims: { ...form.claims, [claim]: fromYesNo(event.currentTarget.value) } })}
                />
              ))}
            </Stack>
          </Fieldset>
          <Fieldset legend={t('overrides.faultsLegend')}>
            <Stack gap="sm">
              <Text size="sm">{t('overrides.faultsHelp')}</Text>
              {OVERRIDE_FAULT_PROVIDERS.map((provider) => (
                <NativeSelect
                  key={provider}
                  label={t(`overrides.providers.${provider}`)}
                  data={faultOptions}
                  value={form.providerFaults?.[provider] ?? UNCHANGED}
                  onChange={(event) =>
                    change({
                      ...form,
                      providerFaults: {
                        ...form.providerFaults,
                        [provider]: (event.currentTarget.value || undefined) as NonNullable<UserOverridesData['providerFaults']>[typeof provider],
                      },
                    })
                  }
                />
              ))}
              <NativeSelect
                label={t('overrides.providerDeadlineMs')}
                data={[
                  { value: UNCHANGED, label: t('overrides.unchanged') },
                  ...OVERRIDE_DEADLINES_MS.map((ms) => ({ value: String(ms), label: t('overrides.deadlineSeconds', { count: ms / 1_000 }) })),
                ]}
                value={form.providerDeadlineMs === undefined ? UNCHANGED : String(form.providerDeadlineMs)}
                onChange={(event) => change({ ...form, providerDeadlineMs: event.currentTarget.value ? Number(event.currentTarget.value) : undefined })}
              />
            </Stack>
          </Fieldset>
          <Group>
            <Button type="submit" disabled={busy} loading={applying}>
              {t('overrides.apply')}
            </Button>
          </Group>
          <div role="status" aria-live="polite">
            {applying ? <Text size="sm">{t('overrides.applying')}</Text> : null}
            {restoring ? <Text size="sm">{t('overrides.restoring')}</Text> : null}
          </div>
        </Stack>
      </form>
    </Stack>
  );
}
