import { describe, expect, it } from 'vitest';
import {
  canEditRealtor,
  FEATURE_FLAG_DEFAULTS,
  featureFlagsSchema,
  parseFlagOverrides,
  resolveFlags,
  showsReadinessScore,
  singleSignOnProviders,
} from '../../src/domain/flags';

describe('feature flag defaults', () => {
  it('turns single sign-on off on the app site while keeping the provider defaults', () => {
    expect(FEATURE_FLAG_DEFAULTS).toMatchObject({
      singleSignOn: false,
      googleSignIn: true,
      appleSignIn: true,
      linkedInSignIn: false,
    });
  });

  it('uses the spec defaults for the product flags', () => {
    expect(FEATURE_FLAG_DEFAULTS).toMatchObject({
      marketingHub: true,
      score: true,
      scoreV2: true,
      quickQualification: true,
      bottomNavigation: true,
      californiaDispute: true,
      disputeV2: false,
      canSkipDisputes: false,
      walkthroughVideos: true,
      kba: false,
      coachConsoleAllowClientActions: true,
      editRealtor: true,
      welcomeMessage: 'Welcome',
    });
  });

  it('has no maintenance flag: maintenance has its own document', () => {
    expect(Object.keys(FEATURE_FLAG_DEFAULTS).some((key) => key.toLowerCase().includes('maintenance'))).toBe(false);
  });
});

describe('resolving flags', () => {
  it('uses prod payment values in prod: form, data check and profile update on, charging off', () => {
    expect(resolveFlags(undefined, { env: 'prod' })).toMatchObject({
      paymentForm: true,
      existingPaymentDataCheck: true,
      paymentProfileUpdate: true,
      charging: false,
    });
  });

  it('charges against the sandbox outside prod', () => {
    expect(resolveFlags(null, { env: 'emulator' }).charging).toBe(true);
  });

  it('applies overrides over the defaults', () => {
    const flags = resolveFlags({ kba: true, bottomNavigation: false }, { env: 'dev' });
    expect(flags.kba).toBe(true);
    expect(flags.bottomNavigation).toBe(false);
    expect(flags.score).toBe(true);
  });

  it('lets an override win over the prod payment values', () => {
    expect(resolveFlags({ charging: true }, { env: 'prod' }).charging).toBe(true);
  });

  it('ignores overrides that are present but undefined', () => {
    expect(resolveFlags({ kba: undefined }, { env: 'dev' }).kba).toBe(false);
  });
});

describe('feature flag document', () => {
  it('accepts a partial document and drops unknown fields', () => {
    expect(featureFlagsSchema.parse({ kba: true, somethingElse: 1 })).toEqual({ kba: true });
  });

  it('rejects a flag of the wrong type', () => {
    expect(featureFlagsSchema.safeParse({ kba: 'yes' }).success).toBe(false);
  });
});

describe('parsing the flags document', () => {
  it('keeps the flags of the right type and drops the rest, so each of those is its default', () => {
    expect(parseFlagOverrides({ kba: true, bottomNavigation: 'yes', welcomeMessage: 'Hi', unknownFlag: true })).toEqual({ kba: true, welcomeMessage: 'Hi' });
    expect(resolveFlags(parseFlagOverrides({ bottomNavigation: 'yes' }), { env: 'emulator' }).bottomNavigation).toBe(true);
  });

  it("keeps exactly the fields the server's flags schema accepts, each flag alone and with others", () => {
    const names = Object.keys(featureFlagsSchema.def.shape);
    expect(names.sort()).toEqual(Object.keys(FEATURE_FLAG_DEFAULTS).sort());
    const values: unknown[] = [true, false, 'Hi', '', 0, 1, null, undefined, {}, [], ['x']];
    for (const name of [...names, 'unknownFlag', 'toString', '__proto__']) {
      for (const value of values) {
        const document = Object.fromEntries([[name, value]]) as Record<string, unknown>;
        const parsed = featureFlagsSchema.safeParse(document);
        const expected = Object.fromEntries(Object.entries(parsed.success ? parsed.data : {}).filter(([, v]) => v !== undefined));
        if (name === 'welcomeMessage' && typeof value === 'string' && value.trim() === '') delete expected.welcomeMessage;
        expect(parseFlagOverrides(document), `${name}: ${JSON.stringify(value)}`).toEqual(expected);
      }
    }
    const mixed = { kba: true, score: 'no', welcomeMessage: 'Hello', charging: false, extra: 1 };
    expect(parseFlagOverrides(mixed)).toEqual({ kba: true, welcomeMessage: 'Hello', charging: false });
  });

  it("keeps the default welcome message 'Welcome' when the document's is blank", () => {
    expect(resolveFlags(parseFlagOverrides({ welcomeMessage: ' ' }), { env: 'emulator' }).welcomeMessage).toBe('Welcome');
  });
});

describe('single sign-on buttons', () => {
  const on = { ...FEATURE_FLAG_DEFAULTS, singleSignOn: true };

  it('shows none while single sign-on is off (the app site default)', () => {
    expect(singleSignOnProviders(FEATURE_FLAG_DEFAULTS, { adminSite: false })).toEqual([]);
  });

  it('shows Google and Apple by default, LinkedIn only with its flag', () => {
    expect(singleSignOnProviders(on, { adminSite: false })).toEqual(['google.com', 'apple.com']);
    expect(singleSignOnProviders({ ...on, linkedInSignIn: true, googleSignIn: false }, { adminSite: false })).toEqual(['apple.com', 'linkedin.com']);
  });

  it('hides Apple and LinkedIn on the admin site', () => {
    expect(singleSignOnProviders({ ...on, linkedInSignIn: true }, { adminSite: true })).toEqual(['google.com']);
  });
});

describe('flag readers', () => {
  const flags = (overrides: Record<string, unknown>) => resolveFlags(parseFlagOverrides(overrides), { env: 'emulator' });

  it('shows the readiness score by default (score on, v2 on)', () => {
    expect(showsReadinessScore(flags({}))).toBe(true);
  });

  it('shows no readiness score with score off, or with scoreV2 off (the app has only the v2 score)', () => {
    expect(showsReadinessScore(flags({ score: false }))).toBe(false);
    expect(showsReadinessScore(flags({ scoreV2: false }))).toBe(false);
  });

  it('lets the realtor be edited by default and not once editRealtor is off', () => {
    expect(canEditRealtor(flags({}))).toBe(true);
    expect(canEditRealtor(flags({ editRealtor: false }))).toBe(false);
  });
});
