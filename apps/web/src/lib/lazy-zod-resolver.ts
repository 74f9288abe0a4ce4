import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * zodResolver for a schema that is imported on first use. The /login form paints without the
 * schema library (nor the resolver that adapts it) and fetches both when the form is first
 * touched (preloadOnFirstUse) or at the first validation, whichever comes first.
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

/**
 * The handler for a form's `onFocus` and `onPointerDown`: its first call starts the lazy imports
 * (the resolver and `load`), so they arrive while the member types and a visitor who never
 * touches the form never fetches them; the page's load is left the main thread to itself
 * (docs/performance.md). A failed import (the network gone) is tried again at the next touch.
 */
export function preloadOnFirstUse(load: () => Promise<unknown>): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    Promise.all([loadZodResolver(), load()]).catch(() => {
      started = false;
    });
  };
}
