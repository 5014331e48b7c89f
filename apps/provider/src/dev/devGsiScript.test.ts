import { runInNewContext } from 'node:vm';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { DEV_GSI_SCRIPT } from './devGsiScript';

interface Gsi {
  initialize(config: { client_id: string; prompt_parent_id?: string }): void;
  prompt(listener?: (moment: { getMomentType(): string }) => void): void;
  cancel(): void;
}

/** The stand-in in a page whose `/dev/gsi/prompt` answers only when the test says so. */
function page() {
  const window = new Window({ url: 'https://auth.example/frame/login' });
  const answers: (() => void)[] = [];
  const fetch = () =>
    new Promise<{ json: () => Promise<unknown> }>((resolve) => {
      answers.push(() => resolve({ json: () => Promise.resolve({ project_name: 'Acme' }) }));
    });
  const context: Record<string, unknown> = {
    document: window.document,
    location: window.location,
    fetch,
    URL,
  };
  context['window'] = context;
  runInNewContext(DEV_GSI_SCRIPT, context);
  const google = context['google'] as { accounts: { id: Gsi } };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const dialogs = () => window.document.querySelectorAll('[role="dialog"]').length;
  return { gsi: google.accounts.id, answers, settle, dialogs };
}

describe("the dev identity provider's One Tap stand-in", () => {
  it('shows the prompt when its answer arrives', async () => {
    const { gsi, answers, settle, dialogs } = page();
    const moments: string[] = [];
    gsi.initialize({ client_id: 'dev-google-client.p' });
    gsi.prompt((m) => moments.push(m.getMomentType()));
    answers.shift()?.();
    await settle();
    expect(dialogs()).toBe(1);
    expect(moments).toEqual(['display']);
  });

  it('shows nothing for a prompt cancelled before its answer (a widget unmounted meanwhile)', async () => {
    const { gsi, answers, settle, dialogs } = page();
    const moments: string[] = [];
    gsi.initialize({ client_id: 'dev-google-client.p' });
    gsi.prompt((m) => moments.push(m.getMomentType()));
    gsi.cancel();
    answers.shift()?.();
    await settle();
    expect(dialogs()).toBe(0);
    expect(moments).toEqual([]);
  });

  it('shows one prompt when a second prompt() starts before the first answers', async () => {
    const { gsi, answers, settle, dialogs } = page();
    gsi.initialize({ client_id: 'dev-google-client.p' });
    gsi.prompt();
    gsi.prompt();
    for (const answer of answers.splice(0)) answer();
    await settle();
    expect(dialogs()).toBe(1);
  });
});
