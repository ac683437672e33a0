export * from './accounts';
export * from './auth';
export * from './constants';
export * from './enums';
export * from './errors';
export * from './overview';
export * from './profile';
export * from './session';
