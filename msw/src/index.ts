export { createProviderHandlers } from './createProviderHandlers';
export type { InProcessProvider, ProviderHandlers, ProviderHandlersOptions } from './createProviderHandlers';
export { errorResponse, heldResponse, networkError, slowResponse } from './overrides';
export type { Override } from './overrides';
export { PROVIDER_OPERATIONS } from './operations';
export type { ProviderOperation } from './operations';
export { mswConfig, MSW_PROJECT_ID, MSW_PUBLIC_TOKEN } from './mswConfig';
export type { LatchConfig } from '@latch/provider';
