export * from './validate';
export * from './config';
export * from './styles';
export * from './events';
export * from './mount';
export * from './methods';
export * from './strings';
