import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { barrelOf, importsOf } from './pages';

const require = createRequire(import.meta.url);
/** A package's ES module file, as the build reads it (not the CommonJS one `main` names). */
const read = (pkg: string, file: string) => {
  const resolved = require.resolve(pkg);
  return readFileSync(join(resolved.slice(0, resolved.indexOf(pkg) + pkg.length), file), 'utf8');
};

describe("what a module imports, as the build's page groups read it", () => {
  it('names what each specifier gives, leaving types out', () => {
    const imports = importsOf(
      [
        "import { Button, type ButtonProps, Stack as Column } from '@mantine/core';",
        "import type { StaffRole } from '@wallet/contract/staff';",
        "import dayjs from 'dayjs';",
        "import * as zod from 'zod';",
        "import './styles.css';",
        "export { AppModal } from './app-modal';",
      ].join('\n'),
    );
    expect([...(imports.get('@mantine/core') ?? [])]).toEqual(['Button', 'Stack']);
    expect(imports.has('@wallet/contract/staff')).toBe(false);
    expect([...(imports.get('dayjs') ?? [])]).toEqual(['default']);
    expect([...(imports.get('zod') ?? [])]).toEqual(['*']);
    expect([...(imports.get('./styles.css') ?? [])]).toEqual([]);
    expect([...(imports.get('./app-modal') ?? [])]).toEqual(['AppModal']);
  });

  it("follows a library's index to the module behind each name", () => {
    const mantine = barrelOf(read('@mantine/core', 'esm/index.mjs'));
    expect(mantine?.get('AppShell')).toEqual({
      spec: './components/AppShell/AppShell.mjs',
      name: 'AppShell',
    });
    const icons = barrelOf(read('@tabler/icons-react', 'dist/esm/tabler-icons-react.mjs'));
    expect(icons?.get('IconUsers')?.spec).toMatch(/IconUsers\.mjs$/);
  });

  it('takes a module with code of its own for what it is, not an index', () => {
    expect(barrelOf("import { a } from './a';\nexport const b = a + 1;")).toBeNull();
  });
});
