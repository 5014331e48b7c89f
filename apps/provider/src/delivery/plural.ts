const rules = new Intl.PluralRules('en');

/**
 * `count` with its noun in the form English gives that count ('1 minute', '0 minutes',
 * '2 minutes'), chosen by the language's plural rules rather than by `count === 1`.
 */
export function counted(count: number, forms: { one: string; other: string }): string {
  return `${count} ${rules.select(count) === 'one' ? forms.one : forms.other}`;
}

export const MINUTES = { one: 'minute', other: 'minutes' } as const;
