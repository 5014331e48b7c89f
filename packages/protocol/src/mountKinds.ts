/**
 * The contract version. A method never changes incompatibly: add `method2` instead and bump this
 * only when a new method appears, so an old frame and a new loader still understand each other.
 */
export const PROTOCOL_VERSION = 1;

/** The four things a host can mount, each served at `/frame/{kind}` on the auth origin. */
export const MOUNT_KINDS = ['login', 'reset-password', 'passkey-registration', 'identity-provider'] as const;
export type MountKind = (typeof MOUNT_KINDS)[number];

/** Custom element owning the iframe for each kind, named as Stytch's UI SDK names them. */
export const ELEMENT_NAMES: Record<MountKind, string> = {
  login: 'stytch-ui',
  'reset-password': 'stytch-reset-password',
  'passkey-registration': 'stytch-passkey-registration',
  'identity-provider': 'stytch-identity-provider',
};

/** The iframe's accessible name, per kind. */
export const FRAME_TITLES: Record<MountKind, string> = {
  login: 'Sign up or log in',
  'reset-password': 'Reset your password',
  'passkey-registration': 'Set up a Passkey',
  'identity-provider': 'Authorize access',
};
