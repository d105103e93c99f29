import { randomUUID } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';

/**
 * One writer per PGlite data folder. PGlite is PostgreSQL compiled to WebAssembly with no
 * postmaster and no shared memory: two processes on one folder both start, and each overwrites the other's
 * pages (20 of 40 acknowledged scans were lost). A lock file beside the folder, created with O_EXCL, names
 * the holder; a second process refuses to start with that name in its message.
 *
 * Not proper-lockfile: it judges staleness by an mtime it refreshes on a timer (a busy event loop can lose
 * the lock) and cannot say who holds it. Here a lock is stale only when its process is gone: same host and
 * the pid is not alive, or the pid is ours but from an earlier process (a container restarted with the
 * same pid). A lock from another host is never taken over: its process cannot be checked from here.
 * docs/decisions/046-pglite-data-folder-lock.md.
 */

export interface LockHolder {
  pid: number;
  host: string;
  /** When the holder took the lock (ISO 8601). */
  startedAt: string;
  /** performance.timeOrigin of the holder: tells this process from an earlier one that had the same pid. */
  processOrigin: number;
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly lockFile: string,
    public readonly holder: LockHolder | null,
    dataDir: string,
  ) {
    const who = holder
      ? `process ${holder.pid} on host ${holder.host}, started ${holder.startedAt}${holder.pid === process.pid && holder.processOrigin === performance.timeOrigin ? ' (this process)' : ''}`
      : 'another process (its lock file cannot be read)';
    super(
      `The database folder ${dataDir} is in use by ${who}. Only one RedFlag server may use a PGlite data folder at a time: stop the other one, or give this one its own DATA_DIR (or a DATABASE_URL). If no such process is running, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  readonly holder: LockHolder;
  /** Removes the lock file if it is still ours; safe to call more than once. */
  release(): void;
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const h = parsed as Record<string, unknown>;
    if (
      typeof h.pid !== 'number' ||
      typeof h.host !== 'string' ||
      typeof h.startedAt !== 'string' ||
      typeof h.token !== 'string'
    )
      return null;
    return {
      pid: h.pid,
      host: h.host,
      startedAt: h.startedAt,
      processOrigin: typeof h.processOrigin === 'number' ? h.processOrigin : 0,
      token: h.token,
    };
  } catch {
    return null;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user; only ESRCH says it is gone.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Whether the holder's process is certainly gone (only decidable on this host). */
function isStale(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return false;
  if (holder.pid === process.pid) return holder.processOrigin !== performance.timeOrigin;
  return !pidAlive(holder.pid);
}

function tryCreate(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, JSON.stringify(holder));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Moves a stale lock out of the way without deleting a fresh one that another starting process may have
 * put there since we read it: the file is renamed to a name of our own first, then checked, and put back
 * (link fails if the name is taken again) when it was not the stale one.
 */
function removeStale(file: string, stale: LockHolder): void {
  const aside = `${file}.${process.pid}.${randomUUID()}.stale`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = readHolder(aside);
  if (moved?.token !== stale.token) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone created a lock in the meantime: theirs stands, and ours is evaluated again.
    }
  }
  unlinkSync(aside);
}

/**
 * Takes the lock of `dataDir` (the file `<dataDir>.lock` beside it), or throws DataDirLockedError naming
 * the holder. The lock goes with `release()` or when the process exits; a process killed outright leaves
 * it, and the next start takes it over once the pid is seen to be gone.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = `${dataDir.replace(/[/\\]+$/, '')}.lock`;
  const holder: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    processOrigin: performance.timeOrigin,
    token: randomUUID(),
  };
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(file, holder)) break;
    const current = readHolder(file);
    // An unreadable lock may be one being written this instant: look again once before refusing.
    if (!current && attempt === 0) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      continue;
    }
    if (!current || !isStale(current) || attempt >= 5) throw new DataDirLockedError(file, current, dataDir);
    removeStale(file, current);
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never remove one that someone took over after judging ours stale.
    if (readHolder(file)?.token !== holder.token) return;
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return { file, holder, release };
}
