// A child's output, passed through to the terminal and remembered, so a failed start can show it.
import { humanLine, humanLines } from './humanLines.mjs';

/**
 * Tees `child`'s piped stdout and stderr to `terminal`, JSON log lines shown as text; counts the
 * bytes and keeps the last lines.
 */
export function watchOutput(child, terminal = process, keepLines = 40) {
  let bytes = 0;
  let text = '';
  const collect = (target) => {
    const show = humanLines(target);
    return (chunk) => {
      show(chunk);
      bytes += chunk.length;
      // Capped in characters too: one endless line must not grow without bound.
      text = `${text}${chunk.toString('utf8')}`
        .slice(-16_000)
        .split('\n')
        .slice(-keepLines - 1)
        .join('\n');
    };
  };
  child.stdout?.on('data', collect(terminal.stdout));
  child.stderr?.on('data', collect(terminal.stderr));
  return {
    bytes: () => bytes,
    /** The last lines written, stdout and stderr interleaved as they came. */
    tail: () => text.trimEnd().split('\n').map(humanLine).join('\n'),
  };
}
