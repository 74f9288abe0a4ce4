import { resolve } from 'node:path';
import type { Rolldown } from 'vite';
import { packages } from './packages.ts';

/**
 * The build's two pages (vite.config.ts): the member app (index.html) and the operator's back
 * office (backoffice.html), each an entry of its own. Rolldown's chunk groups would mix them: a
 * group of `$initial` modules takes what either page imports from the start, so the back
 * office's code would land in what a member downloads, and the back office would load the chunk
 * that holds the member app's entry (and start the member app in its page). A group's `test`
 * sees a module's id only; its `name` function sees the module graph, so the groups below name
 * what each page reaches. Only the app's own modules (src/, the contract) are followed: a
 * library's index re-exports all of it, while the build keeps only what is imported.
 */
const entries = {
  member: resolve(import.meta.dirname, '../index.html'),
  backoffice: resolve(import.meta.dirname, '../backoffice.html'),
};

/** Every name of a module: what a namespace import, `export *` or an unread module asks. */
const ALL = '*';

/** What a module imports from where: specifier → names (`default`, `*`…). */
export function importsOf(code: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (spec: string, names: string[]) => {
    const set = found.get(spec) ?? new Set<string>();
    for (const name of names) set.add(name);
    found.set(spec, set);
  };
  const statement =
    /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([\w$*{}\s,]*?)\s*from\s*["']([^"']+)["']/g;
  for (const [, kind, typeOnly, clause = '', spec = ''] of code.matchAll(statement)) {
    if (typeOnly) continue;
    const names: string[] = [];
    const braced = clause.match(/\{([^}]*)\}/)?.[1];
    for (const item of braced?.split(',') ?? []) {
      const name = item.trim().replace(/^type\s+/, '');
      if (name && !item.trim().startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] ?? '');
    }
    const rest = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    if (rest.startsWith('*')) names.push(ALL);
    else if (rest && kind === 'import') names.push('default');
    add(spec, names);
  }
  for (const [, spec = ''] of code.matchAll(/(?:^|[;\n])\s*import\s*["']([^"']+)["']/g))
    add(spec, []);
  return found;
}

/** The names a barrel (a module of imports and exports only) exports, and where each comes from. */
export function barrelOf(code: string): Map<string, { spec: string; name: string }> | null {
  const body = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/(import|export)[^;]*?from\s*["'][^"']+["']\s*;?/g, '')
    .replace(/export\s*\{[^}]*\}\s*;?/g, '')
    .replace(/import\s*["'][^"']+["']\s*;?/g, '')
    .trim();
  if (body !== '') return null;
  const local = new Map<string, { spec: string; name: string }>();
  const exported = new Map<string, { spec: string; name: string }>();
  const clause =
    /(import|export)\s*(\*\s*as\s*[\w$]+|\*|[\w$]+|\{[^}]*\})\s*(?:from\s*["']([^"']+)["'])?/g;
  for (const [, kind, what = '', spec] of code.matchAll(clause)) {
    const pairs: [string, string][] = what.startsWith('{')
      ? what
          .slice(1, -1)
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
          .map((item) => {
            const [from = '', to = from] = item.split(/\s+as\s+/);
            return [from, to];
          })
      : what.startsWith('*')
        ? [[ALL, what.replace(/^\*\s*as\s*/, '') || ALL]]
        : [['default', what]];
    for (const [from, to] of pairs) {
      const source = spec === undefined ? local.get(from) : { spec, name: from };
      if (!source) continue;
      (kind === 'import' ? local : exported).set(to, source);
    }
  }
  return exported;
}

/** The module a specifier names, among those the module imports. */
function resolveSpec(importer: string, spec: string, ids: string[]): string | undefined {
  if (spec.startsWith('.')) {
    const base = resolve(importer, '..', spec);
    return ids.find(
      (id) => id === base || id.startsWith(`${base}.`) || id.startsWith(`${base}/index.`),
    );
  }
  const contract = spec.match(/^@wallet\/contract\/(.+)$/)?.[1];
  if (contract) return ids.find((id) => id.endsWith(`/packages/contract/src/${contract}.ts`));
  // A library: a module of the named package (packages.ts), or the very file named.
  const path = spec.split('?')[0] ?? spec;
  const inPackage = packages(path);
  return ids.find(
    (id) => inPackage.test(id) || id.endsWith(`/${path}`) || id.includes(`/${path}.`),
  );
}

type Reach = {
  /** Every module each page may load (static and dynamic imports), libraries included. */
  member: Set<string>;
  backoffice: Set<string>;
  /** What a screen's module imports statically, by the screen's path. */
  screens: Map<string, Set<string>>;
};

/**
 * The modules a page reaches. A library's index re-exports all of it while the build keeps only
 * what is imported, so through an index (a barrel) only the names asked for are followed.
 */
function reachable(ctx: Rolldown.ChunkingContext, entry: string, dynamic = true): Set<string> {
  if (!ctx.getModuleInfo(entry)) throw new Error(`No entry module ${entry} in the build`);
  const reached = new Set<string>();
  const asked = new Map<string, Set<string>>();
  const queue: [string, string[]][] = [[entry, [ALL]]];
  while (queue.length > 0) {
    const [id, names] = queue.pop() as [string, string[]];
    const info = ctx.getModuleInfo(id);
    const barrel = info?.code ? barrelOf(info.code) : null;
    if (barrel) {
      const done = asked.get(id) ?? new Set<string>();
      asked.set(id, done);
      const fresh = names.filter((name) => !done.has(name));
      if (fresh.length === 0) continue;
      reached.add(id);
      for (const name of fresh) done.add(name);
      const all = fresh.includes(ALL);
      const wanted = new Map<string, string[]>();
      for (const [name, source] of barrel) {
        if (!all && !fresh.includes(name)) continue;
        wanted.set(source.spec, [...(wanted.get(source.spec) ?? []), source.name]);
      }
      if (all) for (const other of info?.importedIds ?? []) queue.push([other, [ALL]]);
      for (const [spec, specNames] of wanted) {
        const target = resolveSpec(id, spec, info?.importedIds ?? []);
        if (target) queue.push([target, specNames]);
      }
      continue;
    }
    if (reached.has(id)) continue;
    reached.add(id);
    if (!info) continue;
    const imports = info.code ? importsOf(info.code) : new Map<string, Set<string>>();
    const followed = new Set<string>();
    for (const [spec, specNames] of imports) {
      const target = resolveSpec(id, spec, info.importedIds);
      if (!target) continue;
      followed.add(target);
      queue.push([target, specNames.size > 0 ? [...specNames] : [ALL]]);
    }
    // What the code's statements did not name (a CSS file, a dynamic import…): all of it.
    for (const other of [...info.importedIds, ...(dynamic ? info.dynamicallyImportedIds : [])]) {
      if (!followed.has(other)) queue.push([other, [ALL]]);
    }
  }
  return reached;
}

// The graph does not change within a chunking pass, whose calls share the context.
const reaches = new WeakMap<Rolldown.ChunkingContext, Reach>();

function reach(ctx: Rolldown.ChunkingContext): Reach {
  let found = reaches.get(ctx);
  if (!found) {
    found = {
      member: reachable(ctx, entries.member),
      backoffice: reachable(ctx, entries.backoffice),
      screens: new Map(),
    };
    reaches.set(ctx, found);
  }
  return found;
}

/**
 * What both pages run (the API client, i18n, Mantine's provider…): what the member page needs
 * from the start, in a chunk of its own, which holds neither page's entry.
 */
export const shared: Rolldown.CodeSplittingNameFunction = (id, ctx) => {
  const { member, backoffice } = reach(ctx);
  return member.has(id) && backoffice.has(id) ? 'shared' : null;
};

/**
 * A group of the member page's modules only (its entry, its first screens): what the back office
 * uses too goes elsewhere, so the back office never loads a chunk of the member app's.
 */
export const memberOnly =
  (name: string): Rolldown.CodeSplittingNameFunction =>
  (id, ctx) =>
    reach(ctx).backoffice.has(id) ? null : name;

/**
 * A member screen's module and what it imports (statically), as one chunk: `name` for what only
 * the member app uses, `<name>-shared` for what the back office uses too (Mantine's inputs, the
 * error words…), so the back office loads the second alone and never a member screen. The group's
 * own `includeDependenciesRecursively` would take both into one, so it is off and this names them.
 */
export const memberScreen =
  (name: string, path: string): Rolldown.CodeSplittingNameFunction =>
  (id, ctx) => {
    const found = reach(ctx);
    const root = resolve(import.meta.dirname, '..', path);
    let screen = found.screens.get(root);
    if (!screen) {
      screen = reachable(ctx, root, false);
      found.screens.set(root, screen);
    }
    if (!screen.has(id)) return null;
    return found.backoffice.has(id) ? `${name}-shared` : name;
  };

/** A group of what the member page may load: what only the back office uses goes elsewhere. */
export const memberReached =
  (name: string): Rolldown.CodeSplittingNameFunction =>
  (id, ctx) =>
    reach(ctx).member.has(id) ? name : null;
