import { PasskeyRegistrationStart } from './PasskeyRegistrationStart';
import { PasskeyRegistrationSuccess } from './PasskeyRegistrationSuccess';
import './passkeys.css';

/** The passkey-registration mount's screens (an internal product, like Stytch's passkeyRegistration). */
export const screens = { PasskeyRegistrationStart, PasskeyRegistrationSuccess };
