export * from './callables';
export * from './common';
export * from './contact';
export * from './userInfo';
