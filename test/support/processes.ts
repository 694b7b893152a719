import { readdirSync, readFileSync } from "node:fs";

/** Pids of every process in /proc (Linux). */
const allPids = (): number[] =>
  readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** Pids of the direct children of a process, read from /proc (Linux). */
export const childPids = (parent: number): number[] =>
  allPids().filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Field 4 (ppid) follows the command name in parentheses, which may itself hold spaces.
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent;
    } catch {
      return false;
    }
  });

/** Whether a process still exists (and is not a zombie awaiting its parent). */
export const isAlive = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
};

/** A process's command line, its arguments joined by NUL ("" once it is gone). */
export const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
};

/**
 * Live processes (other than this one) whose environment holds `name=value`. A test gives every process
 * it starts such a marker; children inherit it, so this finds all of them, even those whose parent died
 * and left them to init, which a walk down from the first child no longer reaches.
 */
export const processesWithEnv = (name: string, value: string): number[] => {
  const entry = `${name}=${value}`;
  return allPids().filter((pid) => {
    if (pid === process.pid || !isAlive(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(entry);
    } catch {
      return false;
    }
  });
};

/**
 * Ends (SIGKILL) every process carrying the marker, and again any it started meanwhile, until none is
 * left: how a test cleans up after itself whatever state a failure left its processes in.
 */
export const killProcessesWithEnv = async (name: string, value: string): Promise<void> => {
  for (let left = processesWithEnv(name, value); left.length > 0; left = processesWithEnv(name, value)) {
    for (const pid of left) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * Waits until none of the pids is alive and returns those still alive after `timeoutMs`: a guard against
 * a process that never ends, far longer than any ends in on a loaded machine.
 */
export const waitUntilGone = async (pids: number[], timeoutMs = 120_000): Promise<number[]> => {
  const deadline = Date.now() + timeoutMs;
  let alive = pids.filter(isAlive);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    alive = pids.filter(isAlive);
  }
  return alive;
};
