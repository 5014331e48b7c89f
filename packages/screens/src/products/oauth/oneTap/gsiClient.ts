/** Google Identity Services' script, loaded only when the widget shows One Tap. */
export const GOOGLE_GSI_URL = 'https://accounts.google.com/gsi/client';

/** The part of `google.accounts.id` the widget uses (and the dev stand-in provides). */
export interface PromptMoment {
  isDisplayMoment(): boolean;
  isDisplayed?(): boolean;
  isNotDisplayed?(): boolean;
  getNotDisplayedReason?(): string | undefined;
  isSkippedMoment(): boolean;
  getSkippedReason?(): string | undefined;
  isDismissedMoment(): boolean;
  getDismissedReason?(): string | undefined;
}

export interface GsiIdConfiguration {
  client_id: string;
  callback: (response: { credential: string }) => void;
  nonce?: string;
  auto_select: boolean;
  context: 'signin' | 'signup' | 'use';
  itp_support: boolean;
  use_fedcm_for_prompt: boolean;
  cancel_on_tap_outside: boolean;
  prompt_parent_id?: string;
}

export interface GsiId {
  initialize(config: GsiIdConfiguration): void;
  prompt(listener?: (moment: PromptMoment) => void): void;
  cancel(): void;
}

const gsiOf = (win: Window): GsiId | null => {
  const google: unknown = Reflect.get(win, 'google');
  const accounts: unknown = typeof google === 'object' && google ? Reflect.get(google, 'accounts') : null;
  const id: unknown = typeof accounts === 'object' && accounts ? Reflect.get(accounts, 'id') : null;
  return typeof id === 'object' && id && typeof Reflect.get(id, 'prompt') === 'function'
    ? (id as GsiId)
    : null;
};

const loads = new Map<string, Promise<GsiId>>();

/** Adds the script once per URL and answers `google.accounts.id` when it has run. */
export function loadGsi(src: string): Promise<GsiId> {
  let load = loads.get(src);
  if (!load) {
    load = new Promise<GsiId>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => {
        const gsi = gsiOf(window);
        if (gsi) resolve(gsi);
        else reject(new Error('Google Identity Services loaded without google.accounts.id'));
      });
      script.addEventListener('error', () =>
        reject(new Error(`Google Identity Services could not load from ${src}`)),
      );
      document.head.append(script);
    });
    // A failed load may be tried again by the next mount.
    load.catch(() => loads.delete(src));
    loads.set(src, load);
  }
  return load;
}
