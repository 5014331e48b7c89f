/** Links to the provider's documentation site, the only ones a message may make clickable. */
const DOCS_LINK = /(https:\/\/latch\.dev\/[^\s]*[^\s.,;:)])/;

/**
 * A catalogue message as text, with its links to the provider's site clickable (they open in a
 * new tab, outside the frame). Any other URL stays plain text.
 */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(DOCS_LINK);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}
