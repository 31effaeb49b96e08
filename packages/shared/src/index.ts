export * from './errors';
export * from './plans';
export * from './navigation';
export * from './auth';
