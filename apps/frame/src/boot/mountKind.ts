import { MOUNT_KINDS, type MountKind } from '@latch/protocol';

/** `/frame/{kind}` → kind; the provider serves only the four kinds, so anything else is a login. */
export function mountKindFromPath(pathname: string): MountKind {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  return MOUNT_KINDS.find((kind) => kind === last) ?? 'login';
}
