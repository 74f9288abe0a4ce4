import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineStylesheetsFor } from './mantine-css';

const src = join(import.meta.dirname, '../src');

/** The components whose stylesheets a file imports (`…/styles/<X>.layer.css`), in its order. */
const listedIn = (file: string) =>
  [...readFileSync(join(src, file), 'utf8').matchAll(/core\/styles\/(\w+)\.layer\.css/g)].map(
    ([, component]) => component,
  );

/** The back office's own modules: its entry (src/backoffice) and its feature. */
const isBackoffice = (file: string) => /^(backoffice|features[\\/]backoffice)[\\/]/.test(file);

const modules = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
  (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test'),
);
const memberModules = modules.filter((file) => !isBackoffice(file)).map((file) => join(src, file));
/** The back office renders mantine-datatable's tables too, built on Mantine's components. */
const datatable = createRequire(import.meta.url).resolve('mantine-datatable');
/** And the reports' charts (@mantine/charts): every module of it, as Mantine ships it. */
const chartsEsm = join(
  dirname(dirname(createRequire(import.meta.url).resolve('@mantine/charts'))),
  'esm',
);
const charts = readdirSync(chartsEsm, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.mjs'))
  .map((file) => join(chartsEsm, file));
/** And the promotions' rich-text editor (@mantine/tiptap): every module of it, likewise. */
const tiptapEsm = join(
  dirname(dirname(createRequire(import.meta.url).resolve('@mantine/tiptap'))),
  'esm',
);
const tiptap = readdirSync(tiptapEsm, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.mjs'))
  .map((file) => join(tiptapEsm, file));
const backofficeModules = [
  ...modules.filter(isBackoffice).map((file) => join(src, file)),
  datatable.replace(/index\.js$/, 'index.mjs'),
  ...charts,
  ...tiptap,
];

describe("Mantine's stylesheets", () => {
  const member = mantineStylesheetsFor(memberModules);

  it('are listed for every component the member app renders, and no more, parts first', () => {
    expect(member).toEqual(expect.arrayContaining(['Modal', 'PasswordInput', 'Tabs']));
    expect(listedIn('styles/mantine.ts')).toEqual(member);
  });

  it("are in the back office's own stylesheet for what it renders beyond the member app", () => {
    const backoffice = mantineStylesheetsFor(backofficeModules);
    expect(backoffice).toEqual(expect.arrayContaining(['AppShell', 'NavLink', 'Table']));
    const beyond = backoffice.filter((component) => !member.includes(component));
    expect(listedIn('backoffice/backoffice.css')).toEqual(beyond);
  });

  it('include what a component builds on, read from Mantine itself, before it', () => {
    const modal = mantineStylesheetsFor([join(src, 'components/ui/app-modal.tsx')]);
    expect(modal).toEqual(expect.arrayContaining(['Modal', 'ModalBase', 'Overlay', 'CloseButton']));
    expect(modal.indexOf('ModalBase')).toBeLessThan(modal.indexOf('Modal'));
    // Same specificity, so order decides: after Button, UnstyledButton's transparent ground wins.
    expect(member.indexOf('UnstyledButton')).toBeLessThan(member.indexOf('Button'));
  });
});
