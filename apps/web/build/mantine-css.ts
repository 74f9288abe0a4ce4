import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/**
 * Which of Mantine's per-component stylesheets (`@mantine/core/styles/<X>.layer.css`) a set of
 * the app's modules needs: the components they import from `@mantine/core`, and every component
 * those build on (Button on UnstyledButton and Loader, Modal on ModalBase and Overlay…), read
 * from Mantine's own ES modules as its docs say to ("CSS files list"). The lists in
 * src/app/mantine-styles*.ts are checked against it (mantine-styles.test.ts).
 */
const mantineRoot = dirname(dirname(createRequire(import.meta.url).resolve('@mantine/core')));
const esm = join(mantineRoot, 'esm');
const stylesDir = join(mantineRoot, 'styles');

const staticImports = (code: string) =>
  [...code.matchAll(/^(?:import|export)\s[^;]*?from\s*["']([^"']+)["'];?$/gm)]
    .concat([...code.matchAll(/^import\s*["']([^"']+)["'];?$/gm)])
    .map(([, specifier = '']) => specifier);

/** Each name `@mantine/core`'s index exports, and the module that defines it. */
function mantineExports(): Map<string, string> {
  const index = readFileSync(join(esm, 'index.mjs'), 'utf8');
  const names = new Map<string, string>();
  for (const [, list = '', from = ''] of index.matchAll(/^import \{([^}]*)\} from "([^"]+)";$/gm)) {
    for (const name of list.split(',')) {
      const local =
        name
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? '';
      if (local) names.set(local, resolve(esm, from));
    }
  }
  return names;
}

/** Every file reachable from `roots` by the relative static imports `resolveImport` finds. */
function reachable(
  roots: string[],
  resolveImport: (base: string) => string | undefined,
): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const found = specifier.startsWith('.') && resolveImport(resolve(dirname(file), specifier));
      if (found) queue.push(found);
    }
  }
  return seen;
}

/**
 * The stylesheets the Mantine modules reachable from `files` carry (their `*.module.mjs`), each
 * with the directory of the component that defines it.
 */
function stylesheetsOf(files: string[]): Map<string, string> {
  const sheets = new Map<string, string>();
  for (const file of reachable(files, (base) => base)) {
    const component = file.match(/([A-Za-z]+)\.module\.mjs$/)?.[1];
    if (component && existsSync(join(stylesDir, `${component}.layer.css`)))
      sheets.set(component, dirname(file));
  }
  return sheets;
}

/**
 * `sheets` with what each component builds on before it (UnstyledButton before Button): two
 * rules of one specificity in Mantine's layer are decided by their order, so a component's
 * stylesheet must come after its parts', as Mantine's docs list them. Ties in name order.
 */
function dependenciesFirst(sheets: Map<string, string>): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (component: string) => {
    if (ordered.includes(component) || visiting.has(component)) return;
    visiting.add(component);
    const directory = sheets.get(component) as string;
    const own = readdirSync(directory, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => join(directory, file));
    for (const part of [...stylesheetsOf(own).keys()].sort())
      if (part !== component && sheets.has(part)) visit(part);
    ordered.push(component);
  };
  for (const component of [...sheets.keys()].sort()) visit(component);
  return ordered;
}

/** The Mantine components whose stylesheets `modules` need, each after those it builds on. */
export function mantineStylesheetsFor(modules: string[]): string[] {
  const exports = mantineExports();
  const defining = new Set<string>();
  for (const module of modules) {
    const code = readFileSync(module, 'utf8');
    // Single quotes in the app's modules, double in a library's built ones (mantine-datatable).
    for (const [, list = ''] of code.matchAll(
      /import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g,
    )) {
      for (const name of list.split(',')) {
        const imported =
          name
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)[0] ?? '';
        const file = exports.get(imported);
        if (file && !/^\s*type\s/.test(name)) defining.add(file);
      }
    }
  }
  return dependenciesFirst(stylesheetsOf([...defining]));
}
