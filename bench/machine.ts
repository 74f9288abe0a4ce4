/**
 * What Linux says about the benchmark's processes (bench/chat.ts): CPU time per process and for
 * the whole machine, memory, the open-files limit (/proc), and who listens on a port (ss).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100

export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
  } catch {
    return 0; // gone
  }
}

export function rssMbOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** CPU time the whole machine spent busy so far, ms. */
export function machineBusyMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, ...fields] = line.trim().split(/\s+/);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields.map(Number);
  return (user + nice + system + irq + softirq + steal) * TICK_MS;
}

/** `ulimit -n` as this process (and so its children) got it. */
export function openFilesLimit(): number {
  const line = /Max open files\s+(\S+)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return line?.[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line?.[1]);
}

/** The pid listening on a port (the server process, which serverProcess does not expose). */
export function pidOnPort(port: number): number {
  const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
  const pid = Number(/pid=(\d+)/.exec(out)?.[1]);
  if (!Number.isInteger(pid)) throw new Error(`no process found listening on ${port}`);
  return pid;
}

export function listening(port: number): boolean {
  return execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' }).trim() !== '';
}

/** Established TCP connections on a server's port: its sockets plus the HTTP keep-alives. */
export function establishedOn(port: number): number {
  const out = execFileSync('ss', ['-Htn', 'state', 'established', `sport = :${port}`], {
    encoding: 'utf8',
  });
  return out.split('\n').filter(Boolean).length;
}

/**
 * How dear this machine makes fresh memory, in MB/s: a new process touches 256 MB for the first
 * time, then again. On a VM whose host backs a guest page only when it is first touched (and
 * takes freed pages back), the first pass runs some fifty times slower than the second; every
 * new browser tab pays that on each page it allocates, which Lighthouse then counts four times
 * over as the phone's CPU (docs/performance.md). Browser figures compare only between machines
 * whose first-touch rate is alike.
 */
export function freshMemoryMBps(): { firstTouch: number; again: number } {
  const bytes = 256 << 20;
  const script = `
    const buffer = Buffer.allocUnsafeSlow(${bytes});
    let start = process.hrtime.bigint();
    buffer.fill(1);
    const first = Number(process.hrtime.bigint() - start) / 1e6;
    start = process.hrtime.bigint();
    buffer.fill(2);
    const again = Number(process.hrtime.bigint() - start) / 1e6;
    console.log(JSON.stringify({ first, again }));`;
  const { first, again } = JSON.parse(
    execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }),
  ) as { first: number; again: number };
  // Bytes per millisecond are thousands of bytes per second: a thousandth of it is MB/s.
  return { firstTouch: Math.round(bytes / first / 1000), again: Math.round(bytes / again / 1000) };
}
