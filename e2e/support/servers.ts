import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { connect } from 'node:net';

export interface ServerSpec {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  /** Added to the runner's environment; `undefined` removes a variable. */
  env: Record<string, string | undefined>;
  /** A URL that answers 2xx once the server is ready. */
  readyUrl: string;
  logFile: string;
}

export interface RunningServer {
  name: string;
  stop(): Promise<void>;
}

/** Fails when something already listens on the port, so tests never talk to a stranger's server. */
export function assertPortFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      reject(
        new Error(`Port ${port} on ${host} is in use. Stop the process using it (npm start?) and retry.`),
      );
    });
    socket.once('error', () => resolve());
  });
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no log)';
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function waitForUrl(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void exited(child).then(() => (dead = true));
  let last = 'no answer';
  while (Date.now() < deadline && !dead) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    // Poll interval while the child boots; readiness itself is decided by the URL answering.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(dead ? 'the process exited' : `${url} not ready after ${timeoutMs} ms (${last})`);
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
    return Promise.resolve();
  const pid = child.pid;
  const done = exited(child).then(() => undefined);
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return done;
  }
  const force = setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 5000);
  return done.finally(() => clearTimeout(force));
}

/** Starts a server in its own process group and resolves once `readyUrl` answers. */
export async function startServer(spec: ServerSpec, timeoutMs = 60_000): Promise<RunningServer> {
  const log = createWriteStream(spec.logFile);
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: Object.fromEntries(
      Object.entries({ ...process.env, ...spec.env }).filter(([, value]) => value !== undefined),
    ),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  // A killed test runner must not leave servers behind.
  const onExit = () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  process.once('exit', onExit);
  const server: RunningServer = {
    name: spec.name,
    stop: async () => {
      process.off('exit', onExit);
      await stopGroup(child);
      await new Promise<void>((resolve) => log.end(resolve));
    },
  };
  try {
    await waitForUrl(spec.readyUrl, child, timeoutMs);
  } catch (error) {
    await server.stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${spec.name} did not start: ${reason}\nLog ${spec.logFile}:\n${tail(spec.logFile)}`);
  }
  return server;
}
