import { parseArgs } from 'node:util';
import { EXIT, type CliIo, type Command, type ExitCode } from './Command';

/** The command whose words start `argv`, the longest match first. */
function findCommand(commands: readonly Command[], argv: string[]): Command | undefined {
  return [...commands]
    .sort((a, b) => b.words.length - a.words.length)
    .find((c) => c.words.every((word, i) => argv[i] === word));
}

function usageOf(command: Command): string {
  const options = Object.entries(command.help).map(([name, line]) => `  --${name.padEnd(16)} ${line}`);
  return [
    `usage: latch ${command.words.join(' ')} ${command.usage}`.trimEnd(),
    `  ${command.summary}`,
    ...options,
  ].join('\n');
}

function overview(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((c) => c.words.join(' ').length));
  const lines = commands.map((c) => `  ${c.words.join(' ').padEnd(width)}  ${c.summary}`);
  return [
    'usage: latch <command> [options]',
    '',
    'commands:',
    ...lines,
    '',
    "'latch <command> --help' for its options",
  ].join('\n');
}

/** Runs `latch argv...` and answers its exit code; it never calls process.exit itself. */
export async function runCli(commands: readonly Command[], argv: string[], io: CliIo): Promise<ExitCode> {
  const command = findCommand(commands, argv);
  if (!command) {
    const asked = argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help';
    (asked ? io.out : io.err)(
      asked ? overview(commands) : `latch: unknown command '${argv.join(' ')}'\n\n${overview(commands)}`,
    );
    return asked ? EXIT.ok : EXIT.usage;
  }
  const rest = argv.slice(command.words.length);
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(usageOf(command));
    return EXIT.ok;
  }
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: rest,
      options: command.options,
      allowPositionals: command.allowPositionals ?? false,
      strict: true,
    });
  } catch (error) {
    io.err(`latch ${command.words.join(' ')}: ${error instanceof Error ? error.message : String(error)}`);
    io.err(usageOf(command));
    return EXIT.usage;
  }
  try {
    return await command.run(parsed, io);
  } catch (error) {
    io.err(`latch ${command.words.join(' ')}: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  }
}
