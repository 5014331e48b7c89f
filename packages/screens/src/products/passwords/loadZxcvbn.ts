/** Scores a password 0-4 in the browser, for instant meter feedback. */
export type ScoreEstimator = (password: string, userInputs?: readonly string[]) => number;

let loading: Promise<ScoreEstimator> | null = null;

/**
 * Fetches the zxcvbn chunk once, when a create or reset screen mounts; never part of the initial
 * frame bundle. A failed load is forgotten so the next screen tries again.
 */
export function loadZxcvbn(): Promise<ScoreEstimator> {
  loading ??= import('./zxcvbnEstimator').then(
    (module) => module.estimateScore,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
