/** Distinct SQL texts a database keeps prepared; the provider's code has a few hundred at most. */
export const MAX_PREPARED_STATEMENTS = 1000;

/**
 * Names for prepared statements: one per distinct SQL text, the same text always the same name.
 * Past `max` texts it answers null, and the caller runs an unnamed statement: SQL built from
 * varying text would otherwise grow the server's statement cache without bound.
 */
export function statementNames(max = MAX_PREPARED_STATEMENTS): (sql: string) => string | null {
  const names = new Map<string, string>();
  return (sql) => {
    const known = names.get(sql);
    if (known !== undefined) return known;
    if (names.size >= max) return null;
    const name = `latch_${names.size + 1}`;
    names.set(sql, name);
    return name;
  };
}
