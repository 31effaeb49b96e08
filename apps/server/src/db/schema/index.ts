export * from './auth';
export * from './accounts';
export * from './agents';
export * from './chat';
export * from './usage';
export * from './knowledge';
export * from './billing';
export * from './whatsapp';
