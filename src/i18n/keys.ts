import type { CustomTypeOptions, ParseKeys } from 'i18next';
import type { ErrorKey } from '../domain/errors';
import type { IntakeKey } from '../domain/intake';
import type { Namespace } from './languages';

// Translation keys as types: the English files (public/locales/en, the spec's wording) give the keys, through
// src/i18n/i18next.d.ts, so a misspelt or missing key does not compile.

/** A key `t` finds from `useTranslation(ns)`: the namespace's own keys, then those of fallbackNS (common, errors). */
export type TranslationKey<Ns extends Namespace = 'common'> = ParseKeys<Ns>;

/**
 * A key of any of the namespaces `Ns`: i18next looks an unprefixed key up in each namespace of a `ns` list in turn.
 * `t(key, { ns })` accepts it when `ns` is typed as a list of `Ns` (a `readonly Ns[]`, not a tuple).
 */
export type KeyIn<Ns extends Namespace> = Ns extends Namespace ? ParseKeys<Ns> : never;

/** A message key shown from the errors namespace (the spec 000 §8 catalogue, src/domain/errors.ts). */
export type ErrorsKey = TranslationKey<'errors'>;

/**
 * Whether a key that arrives as data (a validation message, say) has a text in `namespaces`. Where it has not,
 * i18next would show the key itself, so `isKeyIn(...) ? t(key, { ns }) : key` shows what `t(key, { ns })` did.
 */
export function isKeyIn<Ns extends Namespace>(
  i18n: { exists(key: string, options: { ns: readonly Namespace[] }): boolean },
  key: string,
  namespaces: readonly Ns[],
): key is KeyIn<Ns> {
  return i18n.exists(key, { ns: namespaces });
}

type Holds<Keys, Key extends Keys> = Key;

/** Every catalogue key (ERROR_KEYS) has an English text in the errors namespace. */
export type ErrorKeysAreTranslated = Holds<ErrorsKey, ErrorKey>;
/** The intake's own message keys (INTAKE_KEYS) have texts in the intake or errors namespace. */
export type IntakeKeysAreTranslated = Holds<KeyIn<'intake' | 'errors'>, IntakeKey>;
/** Each namespace (src/i18n/languages.ts) takes its key types from its English file (src/i18n/i18next.d.ts). */
export type NamespacesAreTyped = Holds<keyof CustomTypeOptions['resources'], Namespace>;
