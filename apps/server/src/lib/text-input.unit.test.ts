import { describe, expect, it } from 'vitest';
import { controlCharacterAt, hasControlCharacter } from './text-input';

describe('control characters in input', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', '\u0007'],
    ['escape', 'x\u001b[31m'],
    ['vertical tab', '\u000b'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u0085'],
  ])('finds %s', (_name, text) => {
    expect(hasControlCharacter(text)).toBe(true);
  });

  it('lets tabs, line breaks, Thai and Lao through', () => {
    expect(hasControlCharacter('สมชาย\tໃຈດີ\r\nline')).toBe(false);
  });

  it('names the dotted path of the first bad string, or of the object with a bad key', () => {
    expect(controlCharacterAt({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(controlCharacterAt({ a: { 'k\u0000': 'ok' } })).toBe('a');
    expect(controlCharacterAt('\u0000')).toBe('');
    expect(controlCharacterAt({ n: 1, t: true, z: null, s: 'fine' })).toBeNull();
    expect(controlCharacterAt(undefined)).toBeNull();
  });

  it('names the first in document order, a bad string before a later bad key', () => {
    expect(controlCharacterAt({ a: { b: 'x\u0001' }, 'c\u0000': 1 })).toBe('a.b');
    expect(controlCharacterAt({ 'c\u0000': 1, a: { b: 'x\u0001' } })).toBe('');
  });

  it('walks a value nested far deeper than any body without running out of stack', () => {
    let deep: unknown = ['bad\u0000'];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(controlCharacterAt(deep)).toBe(`${'0.'.repeat(100_000)}0`);
    expect(controlCharacterAt(JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`))).toBeNull();
  });
});
