import { describe, expect, it } from 'vitest';
import { humanLine, humanLines } from './humanLines.mjs';

const line = (fields) => JSON.stringify({ level: 30, time: 1, pid: 7, hostname: 'vm', ...fields });

describe('humanLines (npm start shows the provider log as text)', () => {
  it('shows a request line as method, route, status and whole milliseconds', () => {
    const request = line({
      method: 'POST',
      route: '/sdk/v1/otps/authenticate',
      status: 200,
      duration_ms: 4.4,
      msg: 'request',
    });
    expect(humanLine(request)).toBe('  POST /sdk/v1/otps/authenticate 200 4 ms');
  });

  it('shows other lines by their message, errors marked with their summary', () => {
    expect(
      humanLine(line({ port: 4000, msg: 'Latch provider listening on http://localhost:4000 (port 4000)' })),
    ).toBe('Latch provider listening on http://localhost:4000 (port 4000)');
    expect(humanLine(line({ level: 50, error: 'TypeError: boom', msg: 'request failed' }))).toBe(
      'error: request failed: TypeError: boom',
    );
  });

  it('passes through what is not a JSON log line', () => {
    expect(humanLine('Latch provider cannot start: PORT: "x" is not a port number')).toBe(
      'Latch provider cannot start: PORT: "x" is not a port number',
    );
    expect(humanLine('{not json')).toBe('{not json');
  });

  it('waits for the end of a line split across chunks', () => {
    let written = '';
    const write = humanLines({ write: (text) => (written += text) });
    const whole = line({ msg: 'config: /tmp/latch.config.json' });
    write(Buffer.from(whole.slice(0, 20)));
    expect(written).toBe('');
    write(Buffer.from(`${whole.slice(20)}\nplain`));
    expect(written).toBe('config: /tmp/latch.config.json\n');
  });
});
