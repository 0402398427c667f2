// The feature flags as the server applies them (spec 000 §6): defaults, then the config/featureFlags overrides.
import { z } from 'zod/mini';
import { ENVIRONMENTS, featureFlagsSchema, resolveFlags, type Environment, type FeatureFlags } from '../../../src/domain/flags';
import { db } from './admin';

function environment(): Environment {
  if (process.env.FUNCTIONS_EMULATOR === 'true') return 'emulator';
  return z.catch(z.enum(ENVIRONMENTS), 'prod').parse(process.env.APP_ENV);
}

/** Read per call: an override changes behaviour at once, as it does in the client. */
export async function serverFlags(): Promise<FeatureFlags> {
  const snapshot = await db().collection('config').doc('featureFlags').get();
  const parsed = featureFlagsSchema.safeParse(snapshot.data() ?? {});
  return resolveFlags(parsed.success ? parsed.data : {}, { env: environment() });
}
