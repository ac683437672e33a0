export * from './accounts';
export * from './catalog';
export * from './platform';
export * from './users';
