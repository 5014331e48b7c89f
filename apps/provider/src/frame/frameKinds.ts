/** The frame documents the provider serves; the same list as MOUNT_KINDS in @latch/protocol. */
export const FRAME_KINDS = ['login', 'reset-password', 'passkey-registration', 'identity-provider'] as const;
export type FrameKind = (typeof FRAME_KINDS)[number];

export const isFrameKind = (value: string): value is FrameKind =>
  (FRAME_KINDS as readonly string[]).includes(value);
