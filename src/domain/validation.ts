// Shared field validation (spec 000 §5, §9): email, password, the account forms and the support request; the personal
// and contact fields (SSN, phone, money, ZIP, birthdate, address) in personalFields.ts. The rules without a schema
// library (and the hand-checked sign-in form) are in ./validationRules.ts, the zod schemas in ./validationSchemas.ts:
// the sign-in page takes only the first, so it does not download zod (docs/benchmarks.md §1).
export * from './validationRules';
export * from './validationSchemas';
