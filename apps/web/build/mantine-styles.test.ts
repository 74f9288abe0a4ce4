import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineStylesheetsFor, staticallyReachable } from './mantine-css';

const src = join(import.meta.dirname, '../src');

/** The components whose stylesheets a list in src/styles/ imports. */
const listed = (file: string) =>
  [...readFileSync(join(src, 'styles', file), 'utf8').matchAll(/styles\/(\w+)\.layer\.css/g)]
    .map(([, component]) => component)
    .sort();

const needed = (root: string) => mantineStylesheetsFor(staticallyReachable([join(src, root)]));

const appModules = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test'))
  .map((file) => join(src, file));

describe("Mantine's stylesheets arrive with what renders them", () => {
  const entry = needed('main.tsx');
  const beyondEntry = (root: string) => needed(root).filter((sheet) => !entry.includes(sheet));
  const login = beyondEntry('app/login-screen.ts');
  const member = beyondEntry('app/member-first-screen.ts');

  it("the entry's list is what the entry's modules render", () => {
    expect(listed('mantine-entry.ts')).toEqual(entry);
  });

  it('each first screen lists what it renders beyond the entry', () => {
    expect(login).toContain('PasswordInput');
    expect(listed('mantine-login.ts')).toEqual(login);
    expect(listed('mantine-member.ts')).toEqual(member);
  });

  it('the later list holds every other component the app renders, and no more', () => {
    const early = new Set([...entry, ...login, ...member]);
    const later = mantineStylesheetsFor(appModules).filter((sheet) => !early.has(sheet));
    expect(later).toContain('Modal');
    expect(listed('mantine-later.ts')).toEqual(later);
  });

  it('reads what a component builds on from Mantine itself', () => {
    const modal = join(src, 'components/ui/app-modal.tsx');
    expect(mantineStylesheetsFor([modal])).toEqual(
      expect.arrayContaining(['Modal', 'ModalBase', 'Overlay', 'CloseButton']),
    );
  });
});
