import type { MountState } from '@latch/protocol';

export interface ResetToken {
  token: string;
  /** `login` means the link is a login link: authenticate it as a magic link, no new password. */
  type: string;
}

/**
 * The reset mount's token: the host's `passwordResetToken`, else `?token=` of the host page, with
 * `stytch_token_type` from the host page when it describes that same token.
 */
export function resetTokenFrom(mount: {
  hostSearch: MountState['hostSearch'];
  passwordResetToken?: string | undefined;
}): ResetToken {
  const params = new URLSearchParams(mount.hostSearch);
  const fromUrl = params.get('token') ?? '';
  const token = mount.passwordResetToken || fromUrl;
  const type = token === fromUrl ? (params.get('stytch_token_type') ?? 'reset_password') : 'reset_password';
  return { token, type };
}
