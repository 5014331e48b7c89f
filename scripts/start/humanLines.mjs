// The provider logs JSON lines (for log collectors); `npm start` shows a person the same lines as text.

/** One log line as text: a request as "POST /sdk/v1/otps/authenticate 200 4 ms", others by message. */
export function humanLine(line) {
  if (!line.startsWith('{')) return line;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry?.msg !== 'string') return line;
  if (entry.msg === 'request')
    return `  ${entry.method} ${entry.route} ${entry.status} ${Math.round(entry.duration_ms)} ms`;
  const error = typeof entry.error === 'string' ? `: ${entry.error}` : '';
  return `${entry.level >= 50 ? 'error: ' : ''}${entry.msg}${error}`;
}

/** A stream writer that turns whole JSON lines into text; a partial line waits for its end. */
export function humanLines(target) {
  let pending = '';
  return (chunk) => {
    const lines = `${pending}${chunk.toString('utf8')}`.split('\n');
    pending = lines.pop() ?? '';
    if (lines.length > 0) target.write(`${lines.map(humanLine).join('\n')}\n`);
  };
}
