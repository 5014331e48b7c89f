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
  let tooLong = false;
  const take = (text: string): NumberedLine => {
    const line = { number: ++number, text: text.endsWith('\r') ? text.slice(0, -1) : text, tooLong };
    tooLong = false;
    return line;
  };
  for await (const chunk of chunks) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let end = pending.indexOf('\n');
    while (end !== -1) {
      yield take(pending.slice(0, end));
      pending = pending.slice(end + 1);
      end = pending.indexOf('\n');
    }
    if (pending.length > maxLength) {
      tooLong = true;
      pending = pending.slice(0, maxLength);
    }
  }
  pending += decoder.end();
  if (pending.length > 0) yield take(pending);
}
