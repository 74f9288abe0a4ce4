import { describe, expect, it } from 'vitest';
import { packages } from './packages';

describe('a chunk group of named packages', () => {
  const framework = packages('react', '@tanstack/react-query', 'socket.io-client');

  it('takes the modules of those packages, scoped or not, on either separator', () => {
    expect(framework.test('/app/deps/react/jsx-runtime.js')).toBe(true);
    expect(framework.test('C:\\app\\deps\\react\\index.js')).toBe(true);
    expect(framework.test('/app/deps/@tanstack/react-query/build/index.js')).toBe(true);
    expect(framework.test('/app/deps/socket.io-client/build/esm/index.js')).toBe(true);
  });

  it("leaves other packages alone, a scoped package's directory of the same name too", () => {
    expect(framework.test('/app/deps/@floating-ui/react/dist/index.mjs')).toBe(false);
    expect(framework.test('/app/deps/react-dom/index.js')).toBe(false);
    expect(framework.test('/app/deps/socketXio-client/index.js')).toBe(false);
    expect(framework.test('/app/apps/web/src/main.tsx')).toBe(false);
  });
});
