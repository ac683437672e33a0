import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A start-up failure the operator fixes: the message says what and where, and the server exits without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** What an errno means for a directory the server must write. */
function problemOf(error: NodeJS.ErrnoException): string {
  const who = (() => {
    try {
      return `user ${os.userInfo().username} (uid ${process.getuid?.() ?? '?'})`;
    } catch {
      return `uid ${process.getuid?.() ?? '?'}`;
    }
  })();
  switch (error.code) {
    case 'EACCES':
    case 'EPERM':
      return `permission denied: the server runs as ${who}, who may not write there`;
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a directory';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EEXIST':
      return 'a file of that name is in the way';
    default:
      return error.code ?? error.message;
  }
}

/**
 * Makes PGlite's folder under DATA_DIR and proves it can be written, so a read-only or foreign directory stops the
 * start with its path and the reason instead of PGlite's "failed to initialize properly". Answers the folder.
 */
export function prepareDataDir(dataDir: string): string {
  const dir = path.join(dataDir, 'pglite');
  let step = `create ${dir}`;
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    step = `write in ${dir}`;
    fs.writeFileSync(probe, '');
    fs.rmSync(probe, { force: true });
  } catch (error) {
    throw new StartupError(
      `DATA_DIR ${path.resolve(dataDir)}: cannot ${step}: ${problemOf(error as NodeJS.ErrnoException)}. ` +
        'Make it writable for the server or point DATA_DIR at another directory.',
    );
  }
  return dir;
}
