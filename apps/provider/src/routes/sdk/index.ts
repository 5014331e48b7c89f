import type { Route } from '../../http/route';
import { bootstrapRoutes } from './bootstrap';
import { eventsRoutes } from './events';

/** Every /sdk/v1 endpoint group, one file each. A new group is one import and one entry here. */
export const SDK_ROUTES: readonly Route[] = [...bootstrapRoutes, ...eventsRoutes];
