export * from './accounts';
export * from './catalog';
export * from './chats';
export * from './members';
export * from './platform';
export * from './roster';
export * from './settings';
export * from './users';
