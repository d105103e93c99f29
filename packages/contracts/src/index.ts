export * from './errors.ts';
export * from './routes.ts';
export * from './constants.ts';
export * from './config.ts';
export * from './scan.ts';
export * from './events.ts';
export * from './auth.ts';
export * from './contact.ts';
