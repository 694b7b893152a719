import { readdirSync, readFileSync } from "node:fs";

/** Pids of the direct children of a process, read from /proc (Linux). */
export const childPids = (parent: number): number[] =>
  readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        // Field 4 (ppid) follows the command name in parentheses, which may itself hold spaces.
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return ppid === parent ? [Number(name)] : [];
      } catch {
        return [];
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

/** Waits until none of the pids is alive, or fails after the timeout. */
export const waitUntilGone = async (pids: number[], timeoutMs = 15_000): Promise<number[]> => {
  const deadline = Date.now() + timeoutMs;
  let alive = pids.filter(isAlive);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    alive = pids.filter(isAlive);
  }
  return alive;
};
