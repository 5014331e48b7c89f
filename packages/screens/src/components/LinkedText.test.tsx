import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkedText } from './LinkedText';

describe('LinkedText', () => {
  it("makes links to the provider's documentation clickable, in a new tab", () => {
    render(
      <p>
        <LinkedText text="Fix it. Learn more: https://latch.dev/docs/oauth#google-one-tap" />
      </p>,
    );
    const link = screen.getByRole('link', { name: 'https://latch.dev/docs/oauth#google-one-tap' });
    expect(link.getAttribute('href')).toBe('https://latch.dev/docs/oauth#google-one-tap');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.parentElement?.textContent).toBe(
      'Fix it. Learn more: https://latch.dev/docs/oauth#google-one-tap',
    );
  });

  it('leaves any other URL, and a trailing full stop, as text', () => {
    const { container } = render(
      <p>
        <LinkedText text="See https://evil.example/x and https://latch.dev/docs/errors." />
      </p>,
    );
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://latch.dev/docs/errors',
    ]);
  });
});
