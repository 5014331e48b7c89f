import type { ConsentManifest, ConsentManifestGroup, ConsentManifestItem } from '@latch/protocol';

const isGrouped = (manifest: ConsentManifest): manifest is ConsentManifestGroup[] =>
  manifest.length > 0 && manifest.every((entry) => typeof entry === 'object' && 'header' in entry);

/** The host's consent wording, as text only (React escapes it): groups with headers, or one list. */
export function ConsentManifestList({ manifest }: { manifest: ConsentManifest }) {
  if (!isGrouped(manifest)) return <Items items={manifest} />;
  return (
    <>
      {manifest.map((group, index) => (
        <section key={index} className="latch-idp-manifest-group" aria-label={group.header}>
          <p className="latch-text">{group.header}</p>
          <Items items={group.items} />
        </section>
      ))}
    </>
  );
}

function Items({ items }: { items: ConsentManifestItem[] }) {
  return (
    <ul className="latch-idp-scope-list">
      {items.map((item, index) =>
        typeof item === 'string' ? (
          <li key={index}>{item}</li>
        ) : (
          <li key={index}>
            {item.text}
            {item.details && item.details.length > 0 && (
              <ul>
                {item.details.map((detail, d) => (
                  <li key={d}>{detail}</li>
                ))}
              </ul>
            )}
          </li>
        ),
      )}
    </ul>
  );
}
