import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Makes a data directory private to the server's user, whatever the umask: the directory and every
 * directory under it 0700, every file without group or other permissions. Fixes data directories created
 * by older releases, and the files PGlite unpacks as 0666 when it creates its database (issue 13, item 4:
 * a WAL file holds live session tokens). Symbolic links are left alone (never followed).
 */
export async function makePrivate(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await walk(dir);
}

async function walk(dir: string): Promise<void> {
  const { mode } = await lstat(dir);
  if ((mode & 0o777) !== 0o700) await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await walk(full);
    else if (entry.isFile()) {
      const { mode: fileMode } = await lstat(full);
      if (fileMode & 0o077) await chmod(full, fileMode & 0o700);
    }
  }
}
