export * from './schema';
export * from './primitives';
export * from './composites';
