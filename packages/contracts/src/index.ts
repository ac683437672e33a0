export * from './accounts';
export * from './auth';
export * from './constants';
export * from './enums';
export * from './errors';
export * from './profile';
export * from './session';
export * from './overview';
