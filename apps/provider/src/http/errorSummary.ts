const MAX_MESSAGE = 300;
const STACK_FRAMES = 5;

/**
 * One bounded line for the log of an unexpected failure: the error's name, its message cut short
 * and the top of its stack (code locations only). Never the error object itself: database errors
 * carry the SQL and its parameters (a visitor's email, a token), and a stack per 500 lets anyone
 * who can cause one fill the disk.
 */
export function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return `non-error thrown (${typeof error})`;
  const message = error.message.replace(/\s+/g, ' ').slice(0, MAX_MESSAGE);
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, STACK_FRAMES)
    .map((line) => line.trim().slice(0, 200));
  return [`${error.name}: ${message}`, ...frames].join(' | ');
}
