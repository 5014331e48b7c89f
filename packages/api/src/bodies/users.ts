import * as v from 'valibot';
import { expected } from './expected';
import { flag, integer, jsonObject, jsonRecord, list, oneOf, unsupported } from './fields';
import { text } from './text';

/** A user's name; each part optional, as the hosted API takes it. */
export const userName = () =>
  jsonObject({
    first_name: v.exactOptional(text({ max: 256 })),
    middle_name: v.exactOptional(text({ max: 256 })),
    last_name: v.exactOptional(text({ max: 256 })),
  });

/** Stytch's rule for an app's own id of a user: letters, digits, `.`, `_`, `-`, `|`; at most 128. */
export const externalId = () =>
  v.pipe(
    text({ min: 1, max: 128 }),
    v.regex(/^[A-Za-z0-9._|-]+$/, expected('letters, digits, ".", "_", "-" or "|"')),
  );

/** `POST /v1/users` (backend API): an email and/or a phone number, optionally pending. */
export const backendUserCreateBody = jsonObject({
  email: v.exactOptional(text({ min: 1, max: 320 })),
  phone_number: v.exactOptional(text({ min: 1, max: 32 })),
  name: v.exactOptional(userName()),
  create_user_as_pending: v.exactOptional(flag()),
  trusted_metadata: v.exactOptional(jsonRecord()),
  untrusted_metadata: v.exactOptional(jsonRecord()),
  roles: unsupported(),
  external_id: v.exactOptional(externalId()),
});

/**
 * `PUT /v1/users/{user_id}`: the name (parts given replace, parts absent stay) and the metadata
 * (top-level keys given replace, `null` removes a key; a nested object is replaced whole).
 */
export const backendUserUpdateBody = jsonObject({
  name: v.exactOptional(userName()),
  trusted_metadata: v.exactOptional(jsonRecord()),
  untrusted_metadata: v.exactOptional(jsonRecord()),
  roles: unsupported(),
  external_id: v.exactOptional(externalId()),
});

/** The search page size bounds of the hosted API: 1 to 1000, 100 when absent. */
export const USER_SEARCH_LIMIT = { default: 100, min: 1, max: 1000 } as const;

const strings = () => list(text({ min: 1, max: 320 }), { min: 1, max: 100 });
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;
const timestamp = () =>
  v.pipe(
    text({ min: 1, max: 64 }),
    v.check(
      (value) => RFC_3339.test(value) && !Number.isNaN(Date.parse(value)),
      expected('an RFC 3339 timestamp such as 2026-01-31T12:00:00Z'),
    ),
  );
const operand = <const N extends string, const S extends v.GenericSchema>(name: N, value: S) =>
  v.object({ filter_name: v.literal(name), filter_value: value });

/** The search filters the provider implements, by the hosted API's names. */
export const USER_SEARCH_FILTERS = [
  'email_address',
  'email_address_fuzzy',
  'email_id',
  'email_verified',
  'phone_number',
  'phone_number_fuzzy',
  'phone_id',
  'phone_verified',
  'status',
  'user_id',
  'external_id',
  'created_at_greater_than',
  'created_at_less_than',
  'created_at_between',
] as const;

const searchOperand = v.variant(
  'filter_name',
  [
    operand('email_address', strings()),
    operand('email_address_fuzzy', text({ min: 1, max: 320 })),
    operand('email_id', strings()),
    operand('email_verified', flag()),
    operand('phone_number', strings()),
    operand('phone_number_fuzzy', text({ min: 1, max: 32 })),
    operand('phone_id', strings()),
    operand('phone_verified', flag()),
    operand('status', oneOf(['active', 'pending'])),
    operand('user_id', strings()),
    operand('external_id', strings()),
    operand('created_at_greater_than', timestamp()),
    operand('created_at_less_than', timestamp()),
    operand('created_at_between', jsonObject({ greater_than: timestamp(), less_than: timestamp() })),
  ],
  expected(`a filter_name of ${USER_SEARCH_FILTERS.join(', ')}`),
);

export type UserSearchOperand = v.InferOutput<typeof searchOperand>;

/** `POST /v1/users/search`: a page of users matching every operand (AND) or any (OR). */
export const backendUserSearchBody = jsonObject({
  cursor: v.exactOptional(text({ max: 512 })),
  limit: v.exactOptional(integer(USER_SEARCH_LIMIT.min, USER_SEARCH_LIMIT.max), USER_SEARCH_LIMIT.default),
  query: v.exactOptional(
    jsonObject({
      operator: oneOf(['AND', 'OR']),
      operands: v.exactOptional(list(searchOperand, { max: 20 }), []),
    }),
  ),
});
