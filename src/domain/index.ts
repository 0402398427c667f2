// The domain's public surface: pure rules and zod schemas shared by machines, views, adapters and functions.
export * from './constants';
export * from './validation';
export * from './personalFields';
export * from './errors';
export * from './cardErrors';
export * from './claims';
export * from './productLine';
export * from './permissions';
export * from './subscription';
export * from './flags';
export * from './maintenance';
export * from './greeting';
export * from './redirects';
export { formatBadgeCount } from './format';
