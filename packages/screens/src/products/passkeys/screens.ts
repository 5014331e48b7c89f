import { PasskeyConfirmation } from './PasskeyConfirmation';

export const screens = { PasskeyConfirmation };
