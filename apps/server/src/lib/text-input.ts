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

/**
 * The dotted path of the first string holding a control character in a parsed JSON value
 * (`''` when `value` itself is such a string), or of the object with such a key; null when
 * there is none.
 */
export function controlCharacterAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    // A bad key is named by its parent's path: the answer never echoes the bad text.
    if (hasControlCharacter(key)) return path;
    const at = path === '' ? key : `${path}.${key}`;
    const found = controlCharacterAt(item, at);
    if (found !== null) return found;
  }
  return null;
}
