/** penpal serializes an Error's stack; what goes to the host must not carry one. */
export function stacklessError(error: unknown): Error {
  const safe = new Error(error instanceof Error ? error.message : 'The frame could not handle the request.');
  safe.name = error instanceof TypeError ? 'TypeError' : 'Error';
  delete safe.stack;
  return safe;
}

/** Wraps a method handler so whatever it throws reaches the host without a stack. */
export function withoutStacks<A, R>(handler: (request: A) => Promise<R>): (request: A) => Promise<R> {
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      throw stacklessError(error);
    }
  };
}
