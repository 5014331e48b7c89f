/** A sealed value whose wrapping key is not in the keyring, or that does not open with it. */
export class UnopenableSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnopenableSecretError';
  }
}
