import type { StringId } from '@latch/protocol';

export type Catalogue = Readonly<Record<StringId, string>>;

let loaded: Catalogue | null = null;
let loading: Promise<Catalogue> | null = null;
/** The provider's error types with a text of their own, from the same chunk as the catalogue. */
let providerErrorIds: ReadonlyMap<string, StringId> = new Map();

/**
 * Fetches the whole catalogue (its second part is a chunk of its own, not in the frame's first
 * JavaScript); once per page, retried by the next call after a failure. The frame starts it once
 * its first screen is hydrated; the server renderer awaits it before rendering.
 */
export function loadCatalogue(): Promise<Catalogue> {
  return (loading ??= import('@latch/protocol/catalogue').then(
    ({ en, PROVIDER_ERROR_IDS }) => {
      providerErrorIds = PROVIDER_ERROR_IDS;
      return (loaded = en);
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/**
 * Thrown by `t` for an id whose text has not arrived yet. It is a thenable, so React suspends the
 * render that asked until the catalogue is there; anywhere else it is an ordinary error saying why.
 */
export class CataloguePending extends Error {
  readonly #arrival: Promise<unknown>;
  constructor(id: StringId) {
    super(`String "${id}" was asked for before the string catalogue had loaded.`);
    this.name = 'CataloguePending';
    // Settles either way: React renders again and, after a failed fetch, asks again.
    this.#arrival = loadCatalogue().catch(() => undefined);
  }
  then(onSettled: () => void, onRejected?: (reason: unknown) => void): void {
    void this.#arrival.then(onSettled, onRejected);
  }
}

/** The whole catalogue once `loadCatalogue` has fetched it, else null. */
export function catalogueIfLoaded(): Catalogue | null {
  return loaded;
}

/**
 * The catalogue id of a provider error type's text (`error.{type}`), or null for a type without
 * one, or while the catalogue (which holds them, with the list of types) has not loaded.
 */
export function providerErrorId(type: string): StringId | null {
  return providerErrorIds.get(type) ?? null;
}
