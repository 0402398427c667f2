// The config documents: feature flag overrides (spec 000 §6) and maintenance switches (spec 001).
import type { SeedDocument } from './base';

export function configDocuments(): SeedDocument[] {
  return [
    { path: 'config/featureFlags', data: {} },
    { path: 'config/maintenance', data: { Admin: false, Self: false, Partner: false, Customer: false } },
  ];
}
