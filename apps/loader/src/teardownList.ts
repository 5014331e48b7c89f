/** Releases gathered while mounting, run once in the order they were added. */
export interface TeardownList {
  add(release: () => void): void;
  run(): void;
  readonly done: boolean;
}

export function createTeardownList(): TeardownList {
  const releases: (() => void)[] = [];
  let done = false;
  return {
    add(release) {
      releases.push(release);
    },
    run() {
      if (done) return;
      done = true;
      for (const release of releases) release();
    },
    get done() {
      return done;
    },
  };
}
