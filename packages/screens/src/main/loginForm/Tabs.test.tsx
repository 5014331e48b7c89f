import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

afterEach(cleanup);

const TABS = [
  { id: 'email', label: 'Email' },
  { id: 'sms', label: 'Text' },
  { id: 'whatsapp', label: 'WhatsApp' },
] as const;

function Harness() {
  const [selected, setSelected] = useState<(typeof TABS)[number]['id']>('email');
  return (
    <Tabs label="Choose how to sign in" tabs={TABS} selected={selected} onSelect={setSelected}>
      <p>{selected} form</p>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('has one tab stop, on the selected tab, and a panel every tab points at', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Choose how to sign in' })).toBeTruthy();
    expect(TABS.map((t) => tab(t.label).tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    for (const t of TABS) expect(tab(t.label).getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('Email').id);
  });

  it('moves focus and selection with the arrows (wrapping), Home and End', () => {
    render(<Harness />);
    tab('Email').focus();
    fireEvent.keyDown(tab('Email'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('WhatsApp'));
    expect(tab('WhatsApp').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('whatsapp form');
    fireEvent.keyDown(tab('WhatsApp'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Email'));
    fireEvent.keyDown(tab('Email'), { key: 'End' });
    expect(document.activeElement).toBe(tab('WhatsApp'));
    fireEvent.keyDown(tab('WhatsApp'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('Email'));
    expect(TABS.map((t) => tab(t.label).tabIndex)).toEqual([0, -1, -1]);
    fireEvent.keyDown(tab('Email'), { key: 'a' });
    expect(document.activeElement).toBe(tab('Email'));
  });
});
