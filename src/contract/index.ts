export * from './agent';
export * from './callables';
export * from './common';
export * from './contact';
export * from './onboarding';
export * from './userInfo';
