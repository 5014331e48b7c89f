import { describe, expect, it, vi } from 'vitest';
import type { FrameMethods } from '@latch/protocol';
import { authResponse } from '@latch/session/testing';
import { followSession } from './sessionFollower';
import { fakeSession } from './testing';

const frameStub = () => ({ sessionChanged: vi.fn<FrameMethods['sessionChanged']>(async () => {}) });
const signIn = (token: string) => {
  const { session_token, session_jwt, session, user } = authResponse(token);
  return { session_token, session_jwt, session, user };
};

describe('followSession', () => {
  it('pushes a change made elsewhere to the connected frame, once per new token', () => {
    const session = fakeSession();
    const follower = followSession(session);
    const frame = frameStub();
    session.token = 'before-connect';
    session.emit();
    follower.connected(frame);
    expect(frame.sessionChanged).not.toHaveBeenCalled();
    session.token = 'other-tab';
    session.emit();
    session.emit();
    expect(frame.sessionChanged).toHaveBeenCalledTimes(1);
    expect(frame.sessionChanged).toHaveBeenCalledWith({
      session: { session_token: 'other-tab', session_jwt: 'jwt' },
    });
  });

  it('does not echo the session the frame itself wrote, cleared or was given', async () => {
    const session = fakeSession();
    const follower = followSession(session);
    const frame = frameStub();
    follower.connected(frame);
    await follower.write(signIn('mine'));
    session.emit();
    await follower.clear();
    session.emit();
    session.token = 'given';
    follower.tokens();
    session.emit();
    expect(frame.sessionChanged).not.toHaveBeenCalled();
  });

  it('stops pushing after stop', () => {
    const session = fakeSession();
    const follower = followSession(session);
    const frame = frameStub();
    follower.connected(frame);
    follower.stop();
    session.token = 'later';
    session.emit();
    expect(frame.sessionChanged).not.toHaveBeenCalled();
  });

  it('settles after the last write, even a failed one', async () => {
    const session = fakeSession();
    const follower = followSession(session);
    let fail: (error: Error) => void = () => {};
    session.update.mockImplementationOnce(() => new Promise<void>((_, reject) => (fail = reject)));
    const write = follower.write(signIn('tok'));
    const settled = vi.fn();
    void follower.settled().then(settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    fail(new Error('cookie jar full'));
    await expect(write).rejects.toThrow('cookie jar full');
    await vi.waitFor(() => expect(settled).toHaveBeenCalled());
  });
});
