import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { NotifyEmitted } from '../../../machines/ports';
import { TOAST_DEFAULT_MS } from '../../domain/constants';
import type { Namespace } from '../../i18n';
import type { KeyIn } from '../../i18n/keys';
import { showToast } from './NotificationsHost';

// Toasts a page's machine asks for (spec 000 §8, §9: 8 s by default). The machines emit keys; the texts live in the
// errors catalogue or the page's namespace. Every page's toasts go through useNotify, which differs per area only in
// the namespaces where a key is looked up.

/** The toast colour of each notice level: the one mapping every page's toasts use. */
export const TOAST_COLORS: Record<NotifyEmitted['level'], string> = { error: 'red', warning: 'yellow', info: 'blue', success: 'green' };

/**
 * Where each area's toasts find their keys, in turn (i18next looks an unprefixed key up in each namespace of the list):
 * - onboarding: the signed-out, onboarding and home pages (contract polling, authorizations): the errors catalogue first;
 * - billing: billing keys (payment.toast.paid, cancellation.toast.*), then the errors catalogue's (errors.payment.*);
 * - devTools: the developer tools' keys, refusals in the errors catalogue;
 * - disputes, documents: the area's keys (toast.*, refusal.*), prefixed ones ('errors.', 'coach.') the catalogue's;
 * - settings: settings keys (loan-goal.saved, ...), the catalogue's (errors.*, coach.*, auth.*), the intake's
 *   (form.required, intake.errors.*).
 */
export const NOTIFY_NAMESPACES = {
  onboarding: ['errors', 'onboarding', 'common'],
  billing: ['billing', 'errors', 'common'],
  devTools: ['devTools', 'errors', 'common'],
  disputes: ['disputes', 'errors', 'common'],
  documents: ['documents', 'errors', 'common'],
  settings: ['settings', 'errors', 'intake', 'common'],
} as const satisfies Record<string, readonly Namespace[]>;
export type NotifyArea = keyof typeof NOTIFY_NAMESPACES;
/** The namespaces an area's toast keys come from. */
export type NotifyNamespace<Area extends NotifyArea> = (typeof NOTIFY_NAMESPACES)[Area][number];

/** `t` over a list of namespaces (`useTranslation(namespaces)`), as the toast hosts hold it. */
export type NotifyTranslate = TFunction<readonly Namespace[]>;

/**
 * Shows a machine's `notify` as a toast, its key translated in `namespaces` (8 s unless persistent or durationMs). The key must
 * have a text in one of `namespaces`, where i18next looks it up in turn.
 */
export function showNotifyToast<Ns extends Namespace>(event: NotifyEmitted<KeyIn<Ns>>, t: NotifyTranslate, namespaces: readonly Ns[]): void {
  const key: KeyIn<Namespace> = event.key;
  const ns: readonly Namespace[] = namespaces;
  showToast({
    color: TOAST_COLORS[event.level],
    message: t(key, { ...event.values, ns }),
    autoClose: event.persistent ? false : (event.durationMs ?? TOAST_DEFAULT_MS),
    withCloseButton: true,
  });
}

/** An actor that emits `notify` (a machine names the keys it emits; useNotify's area says where they are found). */
export interface NotifyingActor {
  on(type: 'notify', handler: (event: NotifyEmitted<string>) => void): { unsubscribe(): void };
}

/** Turns a notice's interpolation values into what the toast shows (a stable function: it is an effect dependency). */
export type NotifyValues = (values: NotifyEmitted['values'], t: NotifyTranslate) => NotifyEmitted['values'];

/**
 * Shows an actor's `notify` emits as toasts while it is mounted (and `actor` is not null), each key looked up in
 * `area`'s namespaces; `values`, when given, rewrites the interpolation values first.
 */
export function useNotify(actor: NotifyingActor | null, area: NotifyArea = 'onboarding', values?: NotifyValues): void {
  const namespaces: readonly Namespace[] = NOTIFY_NAMESPACES[area];
  const { t } = useTranslation(namespaces);
  useEffect(() => {
    if (!actor) return undefined;
    const subscription = actor.on('notify', (event) => {
      const shown = values ? { ...event, values: values(event.values, t) } : event;
      showNotifyToast(shown as NotifyEmitted<KeyIn<Namespace>>, t, namespaces);
    });
    return () => subscription.unsubscribe();
  }, [actor, namespaces, t, values]);
}
