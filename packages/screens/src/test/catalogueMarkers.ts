import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { StringId } from '@latch/protocol';
import { en } from '@latch/protocol/catalogue';

/*
 * Every text a screen shows must come from the catalogue. The widget renders with a catalogue
 * whose every entry is a marker, `⟦id {placeholders}⟧`, so filled values stay inside their marker;
 * then each visible text node and each aria-label / alt / placeholder / title must consist of
 * markers only. Allowed exceptions (data, not interface text), and nothing else:
 *   - the country names and dial codes of the phone country selector (Intl / libphonenumber);
 *   - names of the visitor's passkeys, as stored by the provider.
 * Labels inside an `aria-hidden` subtree are skipped: no one is ever told them.
 */
export const MARKERS = Object.fromEntries(
  Object.entries(en).map(([id, text]) => {
    const holes = text.match(/\{\w+\}/g) ?? [];
    return [id, `⟦${[id, ...holes].join(' ')}⟧`];
  }),
) as Record<StringId, string>;
export const PASSKEY_NAME = 'YubiKey';
const ATTRIBUTES = ['aria-label', 'alt', 'placeholder', 'title', 'aria-valuetext', 'aria-description'];

function isAllowedData(node: Node, text: string): boolean {
  const parent = node.parentElement;
  if (parent?.closest('.latch-country')) return true;
  return parent?.classList.contains('latch-passkey-name') === true && text === PASSKEY_NAME;
}

/** Texts that are not made of catalogue markers, with where they were found. */
export function strayTexts(root: HTMLElement): string[] {
  const stray: string[] = [];
  const residue = (text: string) => {
    // Markers nest when a filled value is itself a catalogue text: remove innermost first.
    let rest = text;
    for (let before = ''; before !== rest;) [before, rest] = [rest, rest.replace(/⟦[^⟦⟧]*⟧/g, '')];
    return rest.trim();
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (residue(text) && !isAllowedData(node, text.trim())) stray.push(`text: ${JSON.stringify(text)}`);
  }
  for (const element of root.querySelectorAll('*')) {
    // A label inside an aria-hidden subtree is never exposed (react-toastify's hidden timer bar).
    if (element.closest('[aria-hidden="true"]')) continue;
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value !== null && residue(value)) stray.push(`${name}: ${JSON.stringify(value)}`);
    }
  }
  return stray;
}

/** Asserts the catalogue coverage of what is on screen, and that `ids` are among it. */
export async function expectCatalogueOnly(ids: StringId[]) {
  for (const id of ids) {
    // Testing Library's configured wait (renderWidget.tsx): the provider may answer slowly under load.
    await waitFor(() => expect(document.body.textContent + attributeText()).toContain(`⟦${id}`));
  }
  expect(strayTexts(document.body)).toEqual([]);
}

const attributeText = () =>
  [...document.body.querySelectorAll('*')]
    .flatMap((el) => ATTRIBUTES.map((a) => el.getAttribute(a) ?? ''))
    .join(' ');
