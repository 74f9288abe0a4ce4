/**
 * C0 controls but tab, line feed and carriage return (a chat message may have lines), DEL, and
 * the C1 controls: none is typed by a person, NUL breaks PostgreSQL's text, and the rest hide
 * what a name or reference really says in the back office and in logs.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

type Step = { check: 'key' | 'value'; value: unknown; key: string; parent: Step | null };

/**
 * The dotted path of the first string holding a control character in a parsed JSON value
 * (`''` when `value` itself is such a string), or of the object with such a key; null when
 * there is none. Walked in document order with a stack of its own, not by recursion: a body
 * nested thousands of levels deep overflowed the call stack, a 500 (the contract fuzz test).
 */
export function controlCharacterAt(value: unknown): string | null {
  const pathOf = (step: Step | null) => {
    const keys: string[] = [];
    for (let at = step; at?.parent; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const stack: Step[] = [{ check: 'value', value, key: '', parent: null }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    // A bad key is named by its parent's path: the answer never echoes the bad text.
    if (step.check === 'key') {
      if (hasControlCharacter(step.key)) return pathOf(step.parent);
      continue;
    }
    const current = step.value;
    if (typeof current === 'string') {
      if (hasControlCharacter(current)) return pathOf(step);
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    const entries = Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [string, unknown];
      stack.push({ check: 'value', value: item, key, parent: step });
      stack.push({ check: 'key', value: undefined, key, parent: step });
    }
  }
  return null;
}
