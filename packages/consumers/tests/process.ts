// Child processes of the consumer tests: every tool runs in a throw-away project, never in the workspace.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * The environment of a consumer's shell: this suite runs under `pnpm run`, which exports its own settings as
 * `npm_config_*` (and `npm_package_*`, `npm_lifecycle_*`) variables; npm would read them (and warn about the ones
 * it doesn't know), so the throw-away projects' tools get the environment without them.
 */
export function consumerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_(config|package|lifecycle)_/i.test(name)),
  );
  return { ...env, ...extra };
}

/** Runs a command to completion; rejects with its output when it fails, so a test failure shows why. */
export async function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, args, {
      cwd: options.cwd,
      env: consumerEnv(options.env),
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(' ')} failed in ${options.cwd}:\n${stdout}${stderr}`.slice(0, 8000),
      {
        cause: error,
      },
    );
  }
}

/** Writes a project's files (path relative to `dir` → content; objects are written as JSON). */
export function writeProject(dir: string, files: Record<string, string | object>): void {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
}
