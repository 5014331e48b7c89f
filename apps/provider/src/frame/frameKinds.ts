import { MOUNT_KINDS, type MountKind } from '@latch/protocol';

/** The frame documents the provider serves: one per kind of mount (`/frame/{kind}`). */
export type FrameKind = MountKind;

export const isFrameKind = (value: string): value is FrameKind =>
  (MOUNT_KINDS as readonly string[]).includes(value);
