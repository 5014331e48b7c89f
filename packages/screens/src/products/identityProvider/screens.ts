import type { ProductScreens } from '../../registry/products';
import { IDPConsent } from './IDPConsent';
import './identityProvider.css';

/** The identity-provider mount's one screen (an internal product: no host lists it). */
export const screens: ProductScreens['screens'] = { IDPConsent };
