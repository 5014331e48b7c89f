import { useEffect, useState } from 'react';
import { loadBrandIcon, type BrandIconId } from './brandIcons';

/**
 * A brand's icon before a button's label. Decorative: the label names the button, so the icon is
 * hidden from assistive technology. Drawn in currentColor (the button's text colour, legible in
 * light and dark themes); its box is there from the first render, so nothing moves when the path
 * arrives.
 */
export function BrandIcon({ id }: { id: BrandIconId }) {
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    loadBrandIcon(id).then(
      (d) => current && setPath(d),
      // A chunk that fails to load leaves the button as it is: its label still names it.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [id]);
  return (
    <svg className="latch-brand-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-icon={id}>
      {path && <path d={path} />}
    </svg>
  );
}
