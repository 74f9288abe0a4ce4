import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { NEVER_FROM_THE_CACHE } from './pwa';

const neverFromTheCache = (path: string) => NEVER_FROM_THE_CACHE.some((rule) => rule.test(path));

describe("the member app's service worker", () => {
  it('answers no navigation to the API, the chat socket or the back office with the app', () => {
    for (const path of [
      '/api',
      '/api/wallet',
      '/api/chat/files/abc?expires=1&signature=x',
      '/api/slips/12/picture?signature=x',
      '/socket.io/?EIO=4&transport=websocket',
      '/backoffice',
      '/backoffice/members/12',
      '/backoffice.html',
    ]) {
      expect(neverFromTheCache(path), path).toBe(true);
    }
  });

  it("answers the member app's own pages with the app", () => {
    for (const path of [
      '/',
      '/login',
      '/user/home',
      '/register?code=PR12',
      '/backofficex',
      '/apiary',
    ]) {
      expect(neverFromTheCache(path), path).toBe(false);
    }
  });

  it("is the member build's alone: the back office's build has none", async () => {
    const names = async (file: string) => {
      const { default: config } = await import(file);
      return ((config.plugins ?? []) as unknown[]).flat(3).map((plugin) => (plugin as Plugin).name);
    };
    expect(await names('../vite.config')).toContain('vite-plugin-pwa');
    expect(await names('../vite.backoffice.config')).not.toContain('vite-plugin-pwa');
  });
});
