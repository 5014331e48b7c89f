export * from './envelope';
export * from './errors';
export * from './models';
export * from './bootstrap';
export * from './endpoints';
export * from './client';
export * from './frameBoot';
export * from './oauthProviders';
