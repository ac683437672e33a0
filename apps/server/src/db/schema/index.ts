export * from './accounts';
export * from './catalog';
export * from './platform';
export * from './roster';
export * from './users';
