import { IdpConsent } from './IdpConsent';
import './identityProvider.css';

/** The identity-provider mount's one screen (an internal product: no host lists it). */
export const screens = { IDPConsent: IdpConsent };
