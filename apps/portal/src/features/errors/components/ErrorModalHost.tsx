import { operations, type OperationId } from '@assessment/sdk';
import { lazy, Suspense, useEffect, useState } from 'react';
import { describeError, type ErrorDescription } from '@/lib/errors/describe-error';
import { onErrorReported } from '@/lib/errors/error-bus';

/** The dialogs (React Aria, DOMPurify) load with the first error, not with the page. */
const ErrorModal = lazy(() => import('./ErrorModal'));

/** Upload-related calls are the contract's `upload` service: a 302 on them reloads the page (spec part 4). */
export function isUploadOperation(operation: string): boolean {
  return operation in operations && operations[operation as OperationId].service === 'upload';
}

/** The one error modal of the app: shows whatever was reported to the error bus (spec part 8). */
export function ErrorModalHost() {
  const [current, setCurrent] = useState<Exclude<ErrorDescription, { kind: 'reload' | 'none' }> | null>(null);

  useEffect(
    () =>
      onErrorReported((error) => {
        const description = describeError(error, { isUploadOperation });
        if (description.kind === 'reload') {
          window.location.reload();
          return;
        }
        if (description.kind === 'none') return;
        setCurrent(description);
      }),
    [],
  );

  if (current === null) return null;
  return (
    <Suspense fallback={null}>
      <ErrorModal
        description={current}
        onClose={() => {
          setCurrent(null);
        }}
      />
    </Suspense>
  );
}
