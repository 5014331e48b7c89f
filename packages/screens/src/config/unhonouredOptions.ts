import type { MountState } from '@latch/protocol';

/**
 * The options the widget accepts but does not act on yet, as the host writes them (`config`
 * fields); `[]` stands for every list item. Options the widget
 * passes on to the API (template ids, `locale`, `provider_params`) are not here: a hosted
 * provider honours them. Honouring one of these means removing it here.
 */
export const UNHONOURED_OPTIONS = [
  'emailMagicLinksOptions.domainHint',
  'passwordOptions.loginExpirationMinutes',
  'oauthOptions.enableShadowDOM',
] as const;

/** The unhonoured options this mount sets, with their list indexes filled in; `false` sets nothing. */
export function unhonouredOptions(mount: MountState): string[] {
  const options: Record<string, unknown> = { ...mount.config };
  return UNHONOURED_OPTIONS.flatMap((path) => setPaths(options, path.split('.'), ''));
}

function setPaths(value: unknown, keys: readonly string[], at: string): string[] {
  const [key, ...rest] = keys;
  if (key === undefined) return value === undefined || value === false ? [] : [at];
  if (typeof value !== 'object' || value === null) return [];
  const prefix = at ? `${at}.` : '';
  if (!key.endsWith('[]')) return setPaths(Reflect.get(value, key), rest, `${prefix}${key}`);
  const name = key.slice(0, -2);
  const list: unknown = Reflect.get(value, name);
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown, i) => setPaths(item, rest, `${prefix}${name}[${i}]`));
}

/** The message the host's `onError` gets for one of them. */
export function unhonouredMessage(path: string): string {
  return `'${path}' is not supported yet and has no effect`;
}
