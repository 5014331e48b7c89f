import { StringDecoder } from 'node:string_decoder';

/** A line of a file and its number, from 1. `tooLong` when it was cut at the limit. */
export interface NumberedLine {
  number: number;
  text: string;
  tooLong: boolean;
}

/**
 * The lines of a byte stream, one at a time: the stream is read as the lines are taken, so a file
 * of any size costs the memory of one chunk and one line. A line longer than `maxLength` is not
 * kept whole: it comes back cut, marked `tooLong`.
 */
export async function* readLines(
  chunks: AsyncIterable<Buffer | string>,
  maxLength: number,
): AsyncGenerator<NumberedLine> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let number = 0;
  // Past the limit the rest of the line is dropped as it comes, never searched or kept.
  let tooLong = false;
  const take = (): NumberedLine => {
    const line = { number: ++number, text: pending.endsWith('\r') ? pending.slice(0, -1) : pending, tooLong };
    pending = '';
    tooLong = false;
    return line;
  };
  const add = (text: string) => {
    if (tooLong) return;
    pending += text;
    if (pending.length > maxLength) {
      tooLong = true;
      pending = pending.slice(0, maxLength);
    }
  };
  for await (const chunk of chunks) {
    let text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let end = text.indexOf('\n');
    while (end !== -1) {
      add(text.slice(0, end));
      yield take();
      text = text.slice(end + 1);
      end = text.indexOf('\n');
    }
    add(text);
  }
  add(decoder.end());
  if (pending.length > 0 || tooLong) yield take();
}
