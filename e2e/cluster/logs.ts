import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every secret the run handled (passwords, tokens, one-time and authenticator codes, game
 * passwords, gift links, full account numbers), to be looked for in every log line afterwards.
 */
export class Secrets {
  private readonly all = new Map<string, string>();

  add(kind: string, value: string | undefined | null): void {
    if (value) this.all.set(value, kind);
  }

  /** Each secret found in a log file, with where: none when the logs are clean. */
  foundIn(logDir: string): string[] {
    const found: string[] = [];
    for (const file of readdirSync(logDir)) {
      const text = readFileSync(join(logDir, file), 'utf8');
      for (const [value, kind] of this.all) {
        // A short code is a secret only on its own, not inside a longer number or a time.
        const pattern = new RegExp(`(?<![\\w.])${literal(value)}(?![\\w.])`);
        if (pattern.test(text)) found.push(`${kind} in ${file}`);
      }
    }
    return found;
  }

  get size(): number {
    return this.all.size;
  }
}

const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

/** A server process's log: one JSON object per line, or the line that is not (an error). */
export function serverLines(logDir: string): { lines: LogLine[]; notJson: string[] } {
  const lines: LogLine[] = [];
  const notJson: string[] = [];
  for (const file of readdirSync(logDir).filter((f) => f.startsWith('server-'))) {
    for (const raw of readFileSync(join(logDir, file), 'utf8').split('\n')) {
      if (raw.trim() === '') continue;
      try {
        lines.push(JSON.parse(raw) as LogLine);
      } catch {
        notJson.push(`${file}: ${raw.slice(0, 200)}`);
      }
    }
  }
  return { lines, notJson };
}

/** nginx's JSON access log (deploy/nginx): one object per request. */
export function accessLines(logDir: string): LogLine[] {
  return readFileSync(join(logDir, 'nginx-access.log'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LogLine);
}
