import * as v from 'valibot';

/**
 * `list`, refusing two items that share a value of one of `keys`. The issue points at the later
 * item's key (`projects[1].public_token`); `message` gets the value and the earlier item's index.
 */
export const uniqueBy = <const TList extends v.GenericSchema<unknown, Record<K, string>[]>, K extends string>(
  list: TList,
  keys: readonly K[],
  message: (value: string, first: number) => string,
) =>
  v.pipe(
    list,
    v.rawCheck<v.InferOutput<TList>>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const items: Record<K, string>[] = dataset.value;
      const seen = keys.map((key) => ({ key, indexOf: new Map<string, number>() }));
      for (const [index, item] of items.entries()) {
        for (const { key, indexOf } of seen) {
          const value = item[key];
          const first = indexOf.get(value);
          if (first !== undefined) {
            addIssue({
              message: message(value, first),
              path: [
                { type: 'array', origin: 'value', input: items, key: index, value: item },
                { type: 'object', origin: 'value', input: item, key, value },
              ],
            });
            return;
          }
          indexOf.set(value, index);
        }
      }
    }),
  );
