import parsePrometheusTextFormat, { type MetricFamily, type Sample } from 'parse-prometheus-text-format';

/**
 * A `/metrics` answer parsed as Prometheus would read it. The parser folds every labelled series
 * of a histogram into one unlabelled sample, so histograms are read as their plain series
 * (`<name>_count{labels}`, `<name>_bucket{le, labels}`, `<name>_sum{labels}`): their TYPE lines go.
 */
export async function scrape(url: string, token?: string): Promise<MetricFamily[]> {
  const response = await fetch(url, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  return parsePrometheusTextFormat(text.replace(/^# TYPE \S+ histogram\n/gm, ''));
}

const matches = (sample: Sample, labels: Record<string, string>): boolean =>
  Object.entries(labels).every(([name, value]) => sample.labels?.[name] === value);

/**
 * The sum of the series `name` whose labels include `labels`; throws when no family has that name.
 * A histogram read as plain series gives one family per label set, hence every family of the name.
 */
export function total(
  families: readonly MetricFamily[],
  name: string,
  labels: Record<string, string> = {},
): number {
  const named = families.filter((f) => f.name === name);
  if (named.length === 0) throw new Error(`no metric ${name} in the scrape`);
  return named
    .flatMap((family) => family.metrics)
    .filter((sample) => matches(sample, labels))
    .reduce((sum, sample) => sum + Number(sample.value), 0);
}
