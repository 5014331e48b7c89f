import { atom } from 'jotai';
import { DEFAULT_BOOTSTRAP, type BootstrapData, type SessionTokens } from '@latch/api';
import { PROTOCOL_VERSION, type MountState } from '@latch/protocol';
import { INITIAL_SCREEN } from '../flow/initialScreen';
import type { Screen } from '../flow/screens';
import { nextScreen, SIGNED_IN_SCREENS, type Outcome } from '../flow/transitions';
import { mountProducts, type ProductId } from '../registry/products';
import { setErrorDescriptorAtom, setMagicLinkEmailAtom } from './formAtoms';

export const DEFAULT_MOUNT_STATE: MountState = {
  protocolVersion: PROTOCOL_VERSION,
  kind: 'login',
  config: { products: [] },
  styles: {},
  strings: {},
  session: null,
  hostSearch: '',
  hasConsentManifest: false,
  autoFocus: false,
};

const screenBase = atom<Screen>('Main');
const mountStateBase = atom<MountState>(DEFAULT_MOUNT_STATE);
const bootstrapBase = atom<BootstrapData>(DEFAULT_BOOTSTRAP);
const announcementBase = atom('');
const hostAnsweredBase = atom(false);

export const screenAtom = atom((get) => get(screenBase));
export const mountStateAtom = atom((get) => get(mountStateBase));
export const configAtom = atom((get) => get(mountStateBase).config);
/**
 * The products whose screens this mount may show: the configured ones, plus those its kind adds
 * (a reset-password mount shows password screens even if the host lists none).
 */
export const productsAtom = atom((get): readonly ProductId[] => {
  const { kind, config } = get(mountStateBase);
  return mountProducts(kind, config.products);
});
/** True once the host has answered `ready()`: the mount state (and its session) is the host's own. */
export const hostAnsweredAtom = atom((get) => get(hostAnsweredBase));
export const stylesAtom = atom((get) => get(mountStateBase).styles);
export const sessionTokensAtom = atom((get) => get(mountStateBase).session);
export const bootstrapAtom = atom((get) => get(bootstrapBase));
/** The last error text, for the container's live region. */
export const announcementAtom = atom((get) => get(announcementBase));

/** Screens report an outcome; the flow table decides where it leads. */
export const dispatchOutcomeAtom = atom(null, (get, set, outcome: Outcome) => {
  const next = nextScreen(get(screenBase), outcome);
  if (!next) return;
  if (outcome === 'tryAgain') set(setMagicLinkEmailAtom, '');
  if (outcome === 'passkeyAuthenticated') set(setErrorDescriptorAtom, null);
  set(announcementBase, '');
  set(screenBase, next);
});

export const announceAtom = atom(null, (_get, set, text: string) => set(announcementBase, text));

/**
 * A session the widget started itself (the identity-provider screen's attested token): its next
 * API calls carry it at once, without waiting for the host to hand it back in an update.
 */
export const adoptSessionAtom = atom(null, (get, set, session: SessionTokens) => {
  set(mountStateBase, { ...get(mountStateBase), session });
});

/**
 * New options from the host; a different kind of mount starts over on its first screen, and so
 * does a screen that says the visitor is signed in once the host has no session any more.
 */
export const applyMountStateAtom = atom(null, (get, set, mount: MountState) => {
  const kindChanged = get(mountStateBase).kind !== mount.kind;
  const signedOut = mount.session === null && SIGNED_IN_SCREENS.includes(get(screenBase));
  set(mountStateBase, mount);
  set(hostAnsweredBase, true);
  if (kindChanged || signedOut) {
    set(announcementBase, '');
    set(screenBase, INITIAL_SCREEN[mount.kind]);
  }
});

/** Seeds a fresh store: the mount, its first screen, and the project's bootstrap data. */
export const initWidgetAtom = atom(
  null,
  (_get, set, init: { mount: MountState; bootstrap: BootstrapData }) => {
    set(mountStateBase, init.mount);
    set(screenBase, INITIAL_SCREEN[init.mount.kind]);
    set(bootstrapBase, init.bootstrap);
  },
);
