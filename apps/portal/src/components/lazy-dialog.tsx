import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A dialog component loaded on first use: its module (React Aria's dialog, forms, type-aheads) stays out of the
 * page's own code. Renders nothing until loaded.
 */
export function lazyDialog<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
