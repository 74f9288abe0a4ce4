import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * zodResolver for a schema that is imported on first use. The /login form paints without the
 * schema library and fetches it when idle or at the first validation, whichever comes first.
 */
export function lazyZodResolver<TFieldValues extends FieldValues, TOutput = TFieldValues>(
  load: () => Promise<z.ZodType<TOutput, TFieldValues>>,
): Resolver<TFieldValues, unknown, TOutput> {
  let resolver: Resolver<TFieldValues, unknown, TOutput> | undefined;
  return async (values, context, options) => {
    resolver ??= zodResolver(await load()) as Resolver<TFieldValues, unknown, TOutput>;
    return resolver(values, context, options);
  };
}

/** Starts a lazy import once the browser is idle, so it is usually there before it is needed. */
export function preloadWhenIdle(load: () => Promise<unknown>): void {
  const start = () => void load().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 500);
}
