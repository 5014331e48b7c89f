/** A message under a form field; the container's live region announces it. */
export function ErrorText({ id, text }: { id: string; text: string }) {
  if (!text) return null;
  return (
    <p id={id} className="latch-error-text">
      {text}
    </p>
  );
}
