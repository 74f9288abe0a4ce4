import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineStylesheetsFor } from './mantine-css';

const src = join(import.meta.dirname, '../src');

/** The components whose stylesheets src/styles/mantine.ts imports. */
const listed = () =>
  [...readFileSync(join(src, 'styles/mantine.ts'), 'utf8').matchAll(/styles\/(\w+)\.layer\.css/g)]
    .map(([, component]) => component)
    .sort();

const appModules = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test'))
  .map((file) => join(src, file));

describe("Mantine's stylesheets", () => {
  it('are listed for every component the app renders, and no more', () => {
    const needed = mantineStylesheetsFor(appModules);
    expect(needed).toEqual(expect.arrayContaining(['Modal', 'PasswordInput', 'Tabs']));
    expect(listed()).toEqual(needed);
  });

  it('include what a component builds on, read from Mantine itself', () => {
    const modal = join(src, 'components/ui/app-modal.tsx');
    expect(mantineStylesheetsFor([modal])).toEqual(
      expect.arrayContaining(['Modal', 'ModalBase', 'Overlay', 'CloseButton']),
    );
  });
});
