import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { whenSettled } from './when-settled';

/**
 * zodResolver for a schema that is imported on first use. The /login form paints without the
 * schema library (nor the resolver that adapts it) and fetches both when idle or at the first
 * validation, whichever comes first.
 */
export function lazyZodResolver<TFieldValues extends FieldValues, TOutput = TFieldValues>(
  load: () => Promise<z.ZodType<TOutput, TFieldValues>>,
): Resolver<TFieldValues, unknown, TOutput> {
  let resolver: Resolver<TFieldValues, unknown, TOutput> | undefined;
  return async (values, context, options) => {
    if (!resolver) {
      const [{ zodResolver }, schema] = await Promise.all([loadZodResolver(), load()]);
      resolver ??= zodResolver(schema) as Resolver<TFieldValues, unknown, TOutput>;
    }
    return resolver(values, context, options);
  };
}

function loadZodResolver() {
  return import('@hookform/resolvers/zod');
}

/** Starts the lazy imports once the page has settled, so they are usually there before needed. */
export function preloadWhenIdle(load: () => Promise<unknown>): () => void {
  return whenSettled(() => void Promise.all([loadZodResolver(), load()]).catch(() => undefined));
}
